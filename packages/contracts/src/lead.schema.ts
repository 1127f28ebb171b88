import { z } from 'zod';
import { MAX_ID, multiLineText, PageQuerySchema, PaginationSchema, singleLineText } from './common.schema';

/**
 * Enquiries (spec §7 POST /leadMenegmentRoute/uILeadFormData, the spec's spelling kept). The spec sends a
 * 'free-form object'; we accept exactly these fields and reject any other, so nobody can set a lead's stage,
 * owner or user by adding a field.
 */

/** Spec-less but plain: what the client shows as the success toast (spec §8 'success shows server message'). */
export const LEAD_THANK_YOU_MESSAGE = 'Thank you! Our team will get in touch with you shortly.';

export const LEAD_NAME_MIN = 2;
export const LEAD_NAME_MAX = 80;
export const LEAD_EMAIL_MAX = 120;
export const LEAD_MESSAGE_MAX = 1000;
/** Whole request body, far above any honest form (the message cap is 1,000 characters). */
export const LEAD_BODY_LIMIT_BYTES = 16 * 1024;

export const LEAD_SOURCES = ['form', 'chat'] as const;
export const LeadSourceSchema = z.enum(LEAD_SOURCES);
export type LeadSource = z.infer<typeof LeadSourceSchema>;

/** Spaces, dashes, dots and brackets people type inside a number; nothing else is forgiven. */
const PHONE_SEPARATORS = /[\s\-.()]/g;
/** An Indian mobile: 10 digits starting 6-9, optionally after +91, 91 or a trunk 0. */
const INDIAN_MOBILE = /^(?:\+91|91|0)?([6-9]\d{9})$/;

/**
 * The 10-digit national form of an Indian mobile number ('+91 98450-12345' -> '9845012345'), or null when the
 * text cannot be one. An enquiry needs a number the team can call back or message, so a number that cannot be a
 * mobile is refused; a landline written with its trunk 0 and a code starting 6-9 has a mobile's shape and passes.
 */
export function normaliseIndianMobile(input: string): string | null {
  const match = INDIAN_MOBILE.exec(input.replace(PHONE_SEPARATORS, ''));
  return match?.[1] ?? null;
}

export const INDIAN_MOBILE_MESSAGE = 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9';

/** Text in, the 10-digit national number out. */
export const IndianMobileSchema = singleLineText({ error: INDIAN_MOBILE_MESSAGE })
  .max(24, INDIAN_MOBILE_MESSAGE)
  .transform((value, ctx) => {
    const mobile = normaliseIndianMobile(value);
    if (mobile === null) {
      ctx.issues.push({ code: 'custom', message: INDIAN_MOBILE_MESSAGE, input: value });
      return z.NEVER;
    }
    return mobile;
  });

export const LeadFormSchema = z.strictObject({
  name: singleLineText({ error: 'Enter your name', label: 'Name' })
    .min(LEAD_NAME_MIN, `Name must be at least ${LEAD_NAME_MIN} characters`)
    .max(LEAD_NAME_MAX, `Name must be at most ${LEAD_NAME_MAX} characters`),
  phone: IndianMobileSchema,
  email: singleLineText({ error: 'Enter a valid e-mail address' })
    .toLowerCase()
    .max(LEAD_EMAIL_MAX, `E-mail must be at most ${LEAD_EMAIL_MAX} characters`)
    .pipe(z.email('Enter a valid e-mail address')),
  message: multiLineText({ label: 'Message' })
    .max(LEAD_MESSAGE_MAX, `Message must be at most ${LEAD_MESSAGE_MAX} characters`)
    .optional(),
  /** The project or listing the form sits on; it must be public (active and approved). Absent on the contact page. */
  projectId: z.number().int().positive().max(MAX_ID).nullish(),
  source: LeadSourceSchema.default('form'),
});
/** What the client sends. */
export type LeadFormInput = z.input<typeof LeadFormSchema>;
/** What the server stores from it: trimmed, e-mail lower-cased, phone as 10 digits. */
export type LeadForm = z.output<typeof LeadFormSchema>;

/**
 * 201 for a new enquiry, and the same 201 for a repeat of it within a minute (which stores nothing new), so a
 * double click or a retry cannot tell the two apart and the visitor sees one toast.
 */
export const LeadCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type LeadCreatedResponse = z.infer<typeof LeadCreatedResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Issue 5: the leads on an owner's listings (spec §2 'Leads screen', §7 GET /lead?projectId).

/** Every stage a lead can be in: 'new' until the owner presses one of the leads screen's three buttons. */
export const LEAD_STAGES = ['new', 'interested', 'not_interested', 'crm'] as const;
export const LeadStageSchema = z.enum(LEAD_STAGES);
export type LeadStage = z.infer<typeof LeadStageSchema>;

/** spec §2 leads screen: Interested, Not Interested, Add to CRM, in that order. */
export const SETTABLE_LEAD_STAGES = ['interested', 'not_interested', 'crm'] as const;
export const LEAD_STAGE_LABELS: Record<LeadStage, string> = {
  new: 'New',
  interested: 'Interested',
  not_interested: 'Not Interested',
  crm: 'Added to CRM',
};

/** `PATCH /api/lead/{id}/stage` (the listing's owner only). */
export const LeadStageUpdateSchema = z.strictObject({ stage: z.enum(SETTABLE_LEAD_STAGES) });
export type LeadStageUpdate = z.infer<typeof LeadStageUpdateSchema>;

/** A lead as the owner of the listing sees it (spec §2: Name, Phone, Email and the project name). */
export const OwnerLeadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  message: z.string().nullable(),
  source: LeadSourceSchema,
  stage: LeadStageSchema,
  /** ISO time. */
  createdAt: z.string(),
  project: z.object({ id: z.number().int(), name: z.string() }),
});
export type OwnerLead = z.infer<typeof OwnerLeadSchema>;

const LeadIdInput = z.coerce.number().int().positive().max(MAX_ID);

/** spec §7 GET /lead: projectId (required); the listing's owner, or the provider. Newest first. */
export const LeadsByProjectQuerySchema = PageQuerySchema.extend({ projectId: LeadIdInput });
export type LeadsByProjectQuery = z.infer<typeof LeadsByProjectQuerySchema>;

/** `GET /api/lead/mine`: every lead on the caller's listings (brokers: approved ones only), newest first. */
export const MyLeadsQuerySchema = PageQuerySchema.extend({ projectId: LeadIdInput.optional(), stage: LeadStageSchema.optional() });
export type MyLeadsQuery = z.infer<typeof MyLeadsQuerySchema>;

export const OwnerLeadsResponseSchema = z.object({
  success: z.literal(true),
  leads: z.array(OwnerLeadSchema),
  pagination: PaginationSchema,
});
export type OwnerLeadsResponse = z.infer<typeof OwnerLeadsResponseSchema>;

export const LeadStageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  lead: OwnerLeadSchema,
});
export type LeadStageResponse = z.infer<typeof LeadStageResponseSchema>;
