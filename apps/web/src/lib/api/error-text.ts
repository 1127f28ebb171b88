import { readableErrorMessage, type ApiErrorBody } from '@nivaas/client-kit/error-message';

/** A 429 without the API's body (a proxy or load balancer in front of it answered): still the reason, in words. */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * The API's error body (the contracts' ErrorResponseSchema: success false, statusCode, error, message, optional field
 * and issues), checked by hand: every page's error states read it, and decision 032 keeps zod off the first load.
 */
export function apiErrorBody(data: unknown): ApiErrorBody | null {
  if (typeof data !== 'object' || data === null) return null;
  const { success, statusCode, error, message, field, issues } = data as Record<string, unknown>;
  if (success !== false || !Number.isInteger(statusCode) || !isString(error) || !isString(message)) return null;
  if (field !== undefined && !isString(field)) return null;
  if (issues === undefined) return { message, field };
  const wellFormed =
    Array.isArray(issues) &&
    issues.every((issue: unknown) => typeof issue === 'object' && issue !== null && isString((issue as { field?: unknown }).field) && isString((issue as { message?: unknown }).message));
  return wellFormed ? { message, field, issues: issues as ApiErrorBody['issues'] } : null;
}

/**
 * spec §8: a failed fetch keeps the server's error message when it sent one, else the screen's
 * fallback text ('Failed to fetch city', ...). Works on RTK Query's error objects. A 429 always reads
 * as being asked to wait (issue 10), never as the screen's generic failure. A body that failed the API's schema
 * reads as its field's own message, never 'Invalid body: email: ...' (issue 17, client-kit/error-message.ts).
 */
export function serverMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const body = apiErrorBody((error as { data: unknown }).data);
  if (body) return readableErrorMessage(body);
  // A body that is not JSON arrives as a PARSING_ERROR carrying the real status as originalStatus.
  const { status, originalStatus } = error as { status?: unknown; originalStatus?: unknown };
  return status === 429 || originalStatus === 429 ? TOO_MANY_REQUESTS_MESSAGE : null;
}

/** True for a 404: the record does not exist or is not public, which is not worth a retry. */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 404;
}
