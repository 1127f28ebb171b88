/**
 * drizzle-orm's query helpers (eq, and, sql, inArray, desc, count...) for the apps. They import them from here,
 * not from 'drizzle-orm', so the operators always come from the same copy as the tables they are applied to
 * (npm keeps drizzle-orm nested under packages/db, where apps/* cannot resolve it).
 */
export * from 'drizzle-orm';
export { alias, getTableConfig } from 'drizzle-orm/pg-core';
// Types for helpers written over any table (the API's back-office records, issue 14).
export type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
