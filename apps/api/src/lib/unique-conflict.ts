import { DomainError } from './domain-error';
import { uniqueViolation } from './pg-errors';

/**
 * A unique index refusing a back-office write (issue 14: a duplicate slug or name) as a 409 naming the field, instead
 * of the error handler's generic 409 without one. `byConstraint` maps the index name to the field and the words;
 * any other error is answered unchanged, so callers write `catch (error) { throw uniqueConflict(error, {...}) }`.
 */
export function uniqueConflict(error: unknown, byConstraint: Record<string, { field: string; message: string }>): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === null) return error;
  const known = byConstraint[constraint];
  if (known) return new DomainError('CONFLICT', known.message, { field: known.field });
  return error;
}
