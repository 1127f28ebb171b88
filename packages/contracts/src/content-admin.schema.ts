import { z } from 'zod';
import { adminItemSchema, adminPageSchema, PublicationSchema, publicationFields, requireRejectionRemark, SlugSchema } from './admin.schema';
import { MAX_ID, multiLineText, singleLineText } from './common.schema';

/**
 * Issue 14 (part 2): the provider's back office for the content visitors read: home-page banners, blogs, FAQs,
 * construction projects and contractors. Provider only, under /api/admin:
 *
 *   GET   /banners, /blogs, /faqs, /construction/projects, /construction/contractors   every state (AdminListQuery)
 *   POST  the same paths                                                               create (a draft unless told)
 *   PATCH <path>/{id}                                                                  edit any subset of fields
 *   POST  /banners/{id}/image, /blogs/{id}/cover, /construction/projects/{id}/image,
 *         /construction/contractors/{id}/logo                                          one photo (multipart)
 *
 * Field names are the public reads' own (spec §3). Each body also takes the publication fields (status, approval,
 * remark; admin.schema.ts): public means active AND approved, and rejecting needs a remark. Nothing is deleted.
 */

/** A picture already on this server (an upload's URL, a seeded image); pictures from elsewhere go through upload. */
export const MediaPathSchema = singleLineText({ label: 'Image' })
  .max(300, 'Image address must be at most 300 characters')
  .regex(/^\/media\/[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/i, 'Image must be a picture uploaded here (an address starting /media/)');

const title = (label: string, min: number, max: number) =>
  singleLineText({ label, error: `Write the ${label.toLowerCase()}` })
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);
const note = (label: string, max: number) => multiLineText({ label }).max(max, `${label} must be at most ${max} characters`);
const line = (label: string, max: number) => singleLineText({ label }).max(max, `${label} must be at most ${max} characters`);
const position = z.number({ error: 'Position must be a whole number' }).int('Position must be a whole number').min(0, 'Position must be 0 or more').max(10_000, 'Position must be at most 10000');
const recordId = (label: string) => z.number({ error: `${label} must be a record's id` }).int(`${label} must be a record's id`).positive(`${label} must be a record's id`).max(MAX_ID, `${label} must be a record's id`);

/** The create body (a strict object: unknown fields are refused) and the edit body (the same fields, all optional). */
function adminBodies<S extends z.ZodRawShape>(shape: S) {
  // Over a generic shape zod cannot see that the output holds the publication fields; publicationFields is spread in.
  const remarkRule = (value: unknown, ctx: z.RefinementCtx) => requireRejectionRemark(value as Parameters<typeof requireRejectionRemark>[0], ctx);
  const create = z.strictObject({ ...shape, ...publicationFields }).superRefine(remarkRule);
  const patch = z.strictObject({ ...shape, ...publicationFields }).partial().superRefine(remarkRule);
  return { create, patch };
}

const timestamps = { createdAt: z.string(), updatedAt: z.string() };

// Banners (spec §3: approval; the home page's carousel) -------------------------------------------------------------

const banner = adminBodies({
  title: title('Title', 2, 120),
  subtitle: line('Subtitle', 200).nullable().optional(),
  /** Where a click goes: a page of this site (/...) or an https:// address. */
  link: line('Link', 300)
    .regex(/^(?:\/(?!\/)\S*|https:\/\/\S+)$/, 'Link must be a page of this site (starting /) or an https:// address')
    .nullable()
    .optional(),
  imageUrl: MediaPathSchema.optional(),
  /** Carousel order, lowest first. */
  position: position.optional(),
});
export const BannerCreateSchema = banner.create;
export type BannerCreate = z.infer<typeof BannerCreateSchema>;
export const BannerPatchSchema = banner.patch;
export type BannerPatch = z.infer<typeof BannerPatchSchema>;

export const AdminBannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** Empty until a picture is uploaded; a banner without one cannot be shown. */
  imageUrl: z.string(),
  link: z.string().nullable(),
  position: z.number().int(),
  ...PublicationSchema.shape,
  ...timestamps,
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;
export const AdminBannerListResponseSchema = adminPageSchema(AdminBannerSchema);
export type AdminBannerListResponse = z.infer<typeof AdminBannerListResponseSchema>;
export const AdminBannerResponseSchema = adminItemSchema(AdminBannerSchema);
export type AdminBannerResponse = z.infer<typeof AdminBannerResponseSchema>;

// Blogs (spec §3: status, approval; title, body, cover, author) ----------------------------------------------------

const blog = adminBodies({
  title: title('Title', 3, 160),
  /** Made from the title when left out. */
  slug: SlugSchema.optional(),
  excerpt: note('Excerpt', 400).nullable().optional(),
  /** Plain text, paragraphs separated by a blank line (as the public page shows it). */
  body: multiLineText({ label: 'Body', error: 'Write the body' }).min(20, 'Body must be at least 20 characters').max(50_000, 'Body must be at most 50000 characters'),
  coverUrl: MediaPathSchema.nullable().optional(),
  authorName: line('Author', 80).nullable().optional(),
});
export const BlogCreateSchema = blog.create;
export type BlogCreate = z.infer<typeof BlogCreateSchema>;
export const BlogPatchSchema = blog.patch;
export type BlogPatch = z.infer<typeof BlogPatchSchema>;

export const AdminBlogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  body: z.string(),
  coverUrl: z.string().nullable(),
  authorName: z.string().nullable(),
  /** Stamped the first time the blog is public; blogs are listed newest first by it. */
  publishedAt: z.string().nullable(),
  ...PublicationSchema.shape,
  ...timestamps,
});
export type AdminBlog = z.infer<typeof AdminBlogSchema>;
export const AdminBlogListResponseSchema = adminPageSchema(AdminBlogSchema);
export type AdminBlogListResponse = z.infer<typeof AdminBlogListResponseSchema>;
export const AdminBlogResponseSchema = adminItemSchema(AdminBlogSchema);
export type AdminBlogResponse = z.infer<typeof AdminBlogResponseSchema>;

// FAQs (spec §3: associatedWith, approval) --------------------------------------------------------------------------

const faq = adminBodies({
  question: title('Question', 5, 300),
  answer: multiLineText({ label: 'Answer', error: 'Write the answer' }).min(2, 'Answer must be at least 2 characters').max(5_000, 'Answer must be at most 5000 characters'),
  /** The page that shows it (spec §7: contact_faqs). */
  associatedWith: singleLineText({ label: 'Page', error: 'Name the page that shows it' }).regex(/^[a-z0-9_-]{1,60}$/i, 'Page must be letters, digits, _ or -, up to 60'),
  position: position.optional(),
});
export const FaqCreateSchema = faq.create;
export type FaqCreate = z.infer<typeof FaqCreateSchema>;
export const FaqPatchSchema = faq.patch;
export type FaqPatch = z.infer<typeof FaqPatchSchema>;

export const AdminFaqSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  associatedWith: z.string(),
  position: z.number().int(),
  ...PublicationSchema.shape,
  ...timestamps,
});
export type AdminFaq = z.infer<typeof AdminFaqSchema>;
export const AdminFaqListResponseSchema = adminPageSchema(AdminFaqSchema);
export type AdminFaqListResponse = z.infer<typeof AdminFaqListResponseSchema>;
export const AdminFaqResponseSchema = adminItemSchema(AdminFaqSchema);
export type AdminFaqResponse = z.infer<typeof AdminFaqResponseSchema>;

// Construction projects and contractors (spec §1: the construction-services listing) ---------------------------

const constructionProject = adminBodies({
  name: title('Name', 3, 160),
  /** e.g. Residential, Commercial, Interior, Renovation, Villa (the public list filters by it). */
  tag: line('Tag', 60).nullable().optional(),
  description: note('Description', 2_000).nullable().optional(),
  cityId: recordId('City').nullable().optional(),
  imageUrl: MediaPathSchema.nullable().optional(),
  contractorId: recordId('Contractor').nullable().optional(),
});
export const ConstructionProjectCreateSchema = constructionProject.create;
export type ConstructionProjectCreate = z.infer<typeof ConstructionProjectCreateSchema>;
export const ConstructionProjectPatchSchema = constructionProject.patch;
export type ConstructionProjectPatch = z.infer<typeof ConstructionProjectPatchSchema>;

export const AdminConstructionProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tag: z.string().nullable(),
  description: z.string().nullable(),
  cityId: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  contractorId: z.number().int().nullable(),
  ...PublicationSchema.shape,
  ...timestamps,
});
export type AdminConstructionProject = z.infer<typeof AdminConstructionProjectSchema>;
export const AdminConstructionProjectListResponseSchema = adminPageSchema(AdminConstructionProjectSchema);
export type AdminConstructionProjectListResponse = z.infer<typeof AdminConstructionProjectListResponseSchema>;
export const AdminConstructionProjectResponseSchema = adminItemSchema(AdminConstructionProjectSchema);
export type AdminConstructionProjectResponse = z.infer<typeof AdminConstructionProjectResponseSchema>;

const contractor = adminBodies({
  companyName: title('Company name', 2, 160),
  /** Made from the company name when left out. */
  slug: SlugSchema.optional(),
  services: z.array(title('Service', 2, 60), { error: 'Services must be a list' }).max(20, 'At most 20 services').optional(),
  cityId: recordId('City').nullable().optional(),
  /** Kept private: visitors' enquiries go through the portal. */
  phone: singleLineText({ label: 'Phone' }).regex(/^\+?\d{10,15}$/, 'Phone must be 10 to 15 digits, optionally starting +').nullable().optional(),
  email: singleLineText({ label: 'E-mail' }).max(254, 'E-mail must be at most 254 characters').pipe(z.email('E-mail must be an address like name@example.com')).nullable().optional(),
  rating: z.number({ error: 'Rating must be a number from 0 to 5' }).min(0, 'Rating must be 0 to 5').max(5, 'Rating must be 0 to 5').multipleOf(0.1, 'Rating takes one decimal').nullable().optional(),
  yearsInBusiness: z.number({ error: 'Years in business must be a whole number' }).int('Years in business must be a whole number').min(0, 'Years in business must be 0 or more').max(200, 'Years in business must be at most 200').nullable().optional(),
  logoUrl: MediaPathSchema.nullable().optional(),
  description: note('Description', 2_000).nullable().optional(),
});
export const ContractorCreateSchema = contractor.create;
export type ContractorCreate = z.infer<typeof ContractorCreateSchema>;
export const ContractorPatchSchema = contractor.patch;
export type ContractorPatch = z.infer<typeof ContractorPatchSchema>;

export const AdminContractorSchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  slug: z.string(),
  services: z.array(z.string()),
  cityId: z.number().int().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  rating: z.number().nullable(),
  yearsInBusiness: z.number().int().nullable(),
  logoUrl: z.string().nullable(),
  description: z.string().nullable(),
  ...PublicationSchema.shape,
  ...timestamps,
});
export type AdminContractor = z.infer<typeof AdminContractorSchema>;
export const AdminContractorListResponseSchema = adminPageSchema(AdminContractorSchema);
export type AdminContractorListResponse = z.infer<typeof AdminContractorListResponseSchema>;
export const AdminContractorResponseSchema = adminItemSchema(AdminContractorSchema);
export type AdminContractorResponse = z.infer<typeof AdminContractorResponseSchema>;
