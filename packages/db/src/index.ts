export { createDb, migrationsFolder } from './client';
export type { CreateDbOptions, Database, DatabaseKind, Db, QueryResultHKT, RowsResult, Tx } from './client';
export * as schema from './schema';
export * from './enums';
