export { createDb, migrationsFolder } from './client';
export type { CreateDbOptions, Database, DatabaseKind, Db, QueryResultHKT, RowsResult, Tx } from './client';
export { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock';
export type { DataDirLock, LockHolder } from './data-dir-lock';
export * as schema from './schema';
export * from './enums';
export { ensureSeeded, isSeeded, resetDatabase, seed } from './seed';
export type { SeedOptions, SeedReport } from './seed';
