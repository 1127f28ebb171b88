import type { LeadFormInput, LeadFormSchema } from '@nivaas/contracts/lead.schema';
import { apiErrorBody } from '../../lib/api/error-text';

export type LeadField = 'name' | 'phone' | 'email' | 'message';
export type LeadValues = Record<LeadField, string>;
export type LeadErrors = Partial<Record<LeadField, string>>;

const FIELDS: readonly LeadField[] = ['name', 'phone', 'email', 'message'];
const isLeadField = (value: unknown): value is LeadField => FIELDS.includes(value as LeadField);

export type CheckedLead = { ok: true; body: LeadFormInput } | { ok: false; errors: LeadErrors };

/**
 * The same rules the server applies (the contract's LeadFormSchema), run before sending, so a mistake
 * is explained next to its field without a round trip. The body sent is what was typed; the server
 * normalises it again. The schema (and zod) load on the first send (decision 032: the form is on the first screen of
 * a project page); if they cannot be downloaded, the server's check is the one that answers.
 */
export async function checkLead(values: LeadValues, projectId?: number): Promise<CheckedLead> {
  const body: LeadFormInput = {
    name: values.name,
    phone: values.phone,
    email: values.email,
    ...(values.message.trim() ? { message: values.message } : {}),
    ...(projectId ? { projectId } : {}),
  };
  let schema: typeof LeadFormSchema;
  try {
    schema = (await import('@nivaas/contracts/lead.schema')).LeadFormSchema;
  } catch {
    return { ok: true, body };
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const errors: LeadErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isLeadField(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** Field errors from a 400 body ({ field } or { issues: [{ field, message }] }), for the form to show. */
export function serverFieldErrors(error: unknown): LeadErrors {
  if (typeof error !== 'object' || error === null || !('data' in error)) return {};
  const body = apiErrorBody((error as { data: unknown }).data);
  if (!body) return {};
  const errors: LeadErrors = {};
  for (const issue of body.issues ?? []) {
    if (isLeadField(issue.field) && !errors[issue.field]) errors[issue.field] = issue.message;
  }
  if (isLeadField(body.field) && !errors[body.field]) errors[body.field] = body.message;
  return errors;
}
