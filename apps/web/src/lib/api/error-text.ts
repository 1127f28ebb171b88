import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';

/**
 * spec §8: a failed fetch keeps the server's error message when it sent one, else the screen's
 * fallback text ('Failed to fetch city', ...). Works on RTK Query's error objects.
 */
export function serverMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const parsed = ErrorResponseSchema.safeParse((error as { data: unknown }).data);
  return parsed.success ? parsed.data.message : null;
}

/** True for a 404: the record does not exist or is not public, which is not worth a retry. */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 404;
}
