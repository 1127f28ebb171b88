import { z } from 'zod';
import { IdInputSchema, MAX_PAGE_SIZE, NamedRefSchema, PageQuerySchema, PaginationSchema, singleLineText } from './common.schema';

/**
 * Construction services (spec §1, §7): the construction gateway's base ends /api/construction, so the calls are
 *   GET /api/construction/project?page=1&limit=6&tag=     construction projects (spec §7, §9: 6 a page)
 *   GET /api/construction/contractor?page&limit&cityId   approved contractors (path ours: the spec does not show it)
 *   GET /api/construction/contractor/{id}                 one approved contractor with their projects
 * Visitors see active projects of approved contractors only, and approved contractors only. Contractors' phone
 * and e-mail stay private: enquiries go through the portal.
 */

/** spec §9: construction pages hold 6. */
export const CONSTRUCTION_PAGE_SIZE = 6;
/** Contractor cards fill a 1/2/3-column grid evenly at 12. */
export const CONTRACTOR_PAGE_SIZE = 12;

export const ContractorRefSchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  slug: z.string(),
});
export type ContractorRef = z.infer<typeof ContractorRefSchema>;

export const ConstructionProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** e.g. Residential, Commercial, Interior, Renovation, Villa. */
  tag: z.string().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  city: NamedRefSchema.nullable(),
  /** Null for a project not attributed to any contractor. */
  contractor: ContractorRefSchema.nullable(),
});
export type ConstructionProject = z.infer<typeof ConstructionProjectSchema>;

/** An empty `tag` means every tag (spec §7 sends tag= by default). Newest first, id as the tie-break. */
export const ConstructionProjectListQuerySchema = PageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CONSTRUCTION_PAGE_SIZE),
  tag: singleLineText().max(60).optional(),
  cityId: IdInputSchema.optional(),
  contractorId: IdInputSchema.optional(),
});
export type ConstructionProjectListQuery = z.infer<typeof ConstructionProjectListQuerySchema>;

export const ConstructionProjectListResponseSchema = z.object({
  success: z.literal(true),
  projects: z.array(ConstructionProjectSchema),
  pagination: PaginationSchema,
});
export type ConstructionProjectListResponse = z.infer<typeof ConstructionProjectListResponseSchema>;

export const ContractorSchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  slug: z.string(),
  services: z.array(z.string()),
  city: NamedRefSchema.nullable(),
  /** 0.0 to 5.0, one decimal. */
  rating: z.number().nullable(),
  yearsInBusiness: z.number().int().nullable(),
  logoUrl: z.string().nullable(),
  description: z.string().nullable(),
  /** Active construction projects shown for this contractor. */
  projectCount: z.number().int(),
});
export type Contractor = z.infer<typeof ContractorSchema>;

/** Highest rated first, then company name, then id. */
export const ContractorListQuerySchema = PageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CONTRACTOR_PAGE_SIZE),
  cityId: IdInputSchema.optional(),
});
export type ContractorListQuery = z.infer<typeof ContractorListQuerySchema>;

export const ContractorListResponseSchema = z.object({
  success: z.literal(true),
  contractors: z.array(ContractorSchema),
  pagination: PaginationSchema,
});
export type ContractorListResponse = z.infer<typeof ContractorListResponseSchema>;

export const ContractorDetailSchema = ContractorSchema.extend({
  /** Every active project of theirs, newest first. */
  projects: z.array(ConstructionProjectSchema),
});
export type ContractorDetail = z.infer<typeof ContractorDetailSchema>;

export const ContractorResponseSchema = z.object({
  success: z.literal(true),
  contractor: ContractorDetailSchema,
});
export type ContractorResponse = z.infer<typeof ContractorResponseSchema>;
