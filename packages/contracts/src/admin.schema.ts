import { z } from 'zod';
import { ApprovalSchema, IdInputSchema, multiLineText, PageQuerySchema, PaginationSchema, singleLineText, StatusSchema } from './common.schema';

/**
 * Issue 14: the provider's back office (`/api/admin/...`, provider only). The pieces every record kind shares, so a
 * builder, a project, a banner, a blog, an FAQ or a contractor is published, reviewed and listed the same way:
 *
 * - Publication: `status` (active | inactive) and `approval` (approved | pending | rejected). A record is public
 *   only when it is active AND approved (spec §5). Nothing is deleted: inactive hides it. Rejecting needs a remark,
 *   which is kept on the record's audit row (GET /api/admin/audit?entityKind=..&entityId=..).
 *   Use: spread `publicationFields` into a create/patch body (`z.strictObject({ ...fields, ...publicationFields })`)
 *   and `.superRefine(requireRejectionRemark)` it; the API applies it with apps/api/src/lib/publication.ts.
 * - Lists: `AdminListQuerySchema` (page, limit, q, status, approval) answers every state, pending and inactive too.
 */

export const ADMIN_REMARK_MAX = 1_000;
export const ADMIN_SEARCH_MAX = 100;

export const AdminRemarkSchema = multiLineText({ label: 'Remark' })
  .min(3, 'Remark must be at least 3 characters')
  .max(ADMIN_REMARK_MAX, `Remark must be at most ${ADMIN_REMARK_MAX} characters`);

/** Spread into a strict body: all optional (a create takes the draft default: inactive, pending). */
export const publicationFields = {
  status: StatusSchema.optional(),
  approval: ApprovalSchema.optional(),
  /** Why it was rejected (required then), or a note on any other change; kept on the audit row. */
  remark: AdminRemarkSchema.optional(),
};

export const PublicationInputSchema = z.strictObject(publicationFields);
export type PublicationInput = z.infer<typeof PublicationInputSchema>;

/** A rejection without a remark is refused by field, in the form and by the API alike. */
export function requireRejectionRemark(value: { approval?: string | undefined; remark?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.approval === 'rejected' && !value.remark) {
    ctx.addIssue({ code: 'custom', path: ['remark'], message: 'Write a remark saying why it is rejected' });
  }
}

/** What every admin record answers with, beside its own fields. */
export const PublicationSchema = z.object({
  status: StatusSchema,
  approval: ApprovalSchema,
  /** Active and approved: what a visitor sees (spec §5). */
  isPublic: z.boolean(),
});
export type Publication = z.infer<typeof PublicationSchema>;

/** `GET /api/admin/<records>`: every state, newest change first; `q` matches the name (case-insensitive). */
export const AdminListQuerySchema = PageQuerySchema.extend({
  q: singleLineText({ label: 'Search' }).max(ADMIN_SEARCH_MAX, `Search must be at most ${ADMIN_SEARCH_MAX} characters`).optional(),
  status: StatusSchema.optional(),
  approval: ApprovalSchema.optional(),
});
export type AdminListQuery = z.infer<typeof AdminListQuerySchema>;
export type AdminListQueryInput = z.input<typeof AdminListQuerySchema>;

export const AdminIdParamSchema = z.object({ id: IdInputSchema });

/** A page of admin records: `{ success, items, pagination }` whatever the kind, so one table component reads them all. */
export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), items: z.array(item), pagination: PaginationSchema });
}

/** One admin record after a write: `{ success, message, item }`. */
export function adminItemSchema<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), message: z.string(), item });
}

/** A URL-safe slug ('prestige-lakeside'); made from the name when left out. */
export const SlugSchema = singleLineText({ label: 'Slug' })
  .min(2, 'Slug must be at least 2 characters')
  .max(120, 'Slug must be at most 120 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may hold only lower-case letters, digits and single hyphens');

/** 'Prestige Lakeside & Habitat!' -> 'prestige-lakeside-and-habitat', the seed's rule (packages/db seed/util.ts). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}
