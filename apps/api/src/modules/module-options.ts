import type { Database } from '@nivaas/db';

/** What every module plugin receives from buildApp: its dependencies, passed in rather than imported, so tests choose them. */
export interface ModuleOptions {
  database: Database;
}
