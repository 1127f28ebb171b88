/** Column helpers: the same few shapes recur in most tables. */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, text, timestamp, type AnyPgColumn, type ExtraConfigColumn } from 'drizzle-orm/pg-core';
import { APPROVALS, STATUSES } from '../enums';

export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
// The database clock, not the app's, so every writer agrees and the seed can still pass explicit values.
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`);
export const approval = () => text('approval', { enum: APPROVALS }).notNull().default('pending');
export const status = () => text('status', { enum: STATUSES }).notNull().default('active');
export const rupees = (name: string) => bigint(name, { mode: 'number' });

/**
 * `column IN ('a', 'b')` as a CHECK. Values are inlined (drizzle-kit cannot put bind parameters in DDL); they are
 * our own constants, quoted defensively all the same.
 */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return check(name, sql`${column} in (${sql.raw(list)})`);
}

/** Substring and fuzzy name search (`ilike '%…%'`, `similarity()`) for the navbar typeahead (spec §7 /project/search). */
export function trigram(name: string, column: ExtraConfigColumn) {
  return index(name).using('gin', column.op('gin_trgm_ops'));
}
