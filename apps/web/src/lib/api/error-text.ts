import { readableErrorMessage } from '@nivaas/client-kit/error-message';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';

/** A 429 without the API's body (a proxy or load balancer in front of it answered): still the reason, in words. */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * spec §8: a failed fetch keeps the server's error message when it sent one, else the screen's
 * fallback text ('Failed to fetch city', ...). Works on RTK Query's error objects. A 429 always reads
 * as being asked to wait (issue 10), never as the screen's generic failure. A body that failed the API's schema
 * reads as its field's own message, never 'Invalid body: email: ...' (issue 17, client-kit/error-message.ts).
 */
export function serverMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const parsed = ErrorResponseSchema.safeParse((error as { data: unknown }).data);
  if (parsed.success) return readableErrorMessage(parsed.data);
  // A body that is not JSON arrives as a PARSING_ERROR carrying the real status as originalStatus.
  const { status, originalStatus } = error as { status?: unknown; originalStatus?: unknown };
  return status === 429 || originalStatus === 429 ? TOO_MANY_REQUESTS_MESSAGE : null;
}

/** True for a 404: the record does not exist or is not public, which is not worth a retry. */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 404;
}
