import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** Every table of the schema (relations left out), for whole-database chores: reset, digests, sequence fixes. */
export const allTables: readonly PgTable[] = Object.values(schema as Record<string, unknown>).filter(
  (value): value is PgTable => is(value, PgTable),
);

export function tableName(table: PgTable): string {
  return getTableConfig(table).name;
}
