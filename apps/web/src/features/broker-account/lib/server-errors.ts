import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * The fields a 4xx answer blames (a 400's issues, a 409's `field`), so a form can show each message on its own
 * field, e.g. 'An account with this e-mail already exists' under the e-mail.
 */
export function serverFieldErrors(error: unknown): FieldError[] {
  if (typeof error !== 'object' || error === null || !('data' in error)) return [];
  const parsed = ErrorResponseSchema.safeParse((error as { data: unknown }).data);
  if (!parsed.success) return [];
  const found: FieldError[] = [];
  for (const issue of parsed.data.issues ?? []) found.push({ field: issue.field, message: issue.message });
  const { field, message } = parsed.data;
  if (field && !found.some((issue) => issue.field === field)) found.push({ field, message });
  return found;
}
