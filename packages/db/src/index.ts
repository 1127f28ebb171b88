export { createDb, migrationsFolder } from './client';
export type { CreateDbOptions, Database, DatabaseKind, Db, QueryResultHKT, RowsResult, Tx } from './client';
export * as schema from './schema';
export * from './enums';
export { ensureSeeded, isSeeded, resetDatabase, seed } from './seed';
export type { SeedOptions, SeedReport } from './seed';
