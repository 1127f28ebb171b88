import { z } from 'zod';
import { ApprovalSchema, IdInputSchema, NamedRefSchema, PageQuerySchema, PaginationSchema, singleLineText, StatusSchema } from './common.schema';
import { MAX_SEARCH_TEXT, ProjectSchema, PublicApprovalSchema, PublicStatusSchema } from './project.schema';

/**
 * spec §3 Builder/developer: id, name and its projects. `projectCount` counts only public (active,
 * approved) projects; `cities` are the cities those projects are in, by name.
 */
export const BuilderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  description: z.string().nullable(),
  establishedYear: z.number().int().nullable(),
  status: StatusSchema,
  approval: ApprovalSchema,
  projectCount: z.number().int(),
  cities: z.array(NamedRefSchema),
});
export type Builder = z.infer<typeof BuilderSchema>;

/** spec §7 GET /builder/{builderId}: the builder with its first public projects (30, cheapest first). */
export const BuilderDetailSchema = BuilderSchema.extend({
  projects: z.array(ProjectSchema),
});
export type BuilderDetail = z.infer<typeof BuilderDetailSchema>;

/** 'projects_desc' (default): most public projects first, the /developers and home 'top builders' order. */
export const BUILDER_SORTS = ['projects_desc', 'name_asc'] as const;
export const BuilderSortSchema = z.enum(BUILDER_SORTS);
export type BuilderSort = z.infer<typeof BuilderSortSchema>;

/** spec §7 'GET /builder {type}={id}': builders with public projects in that place. */
export const BUILDER_FILTER_KEYS = ['cityId', 'zoneId', 'locationId'] as const;
export const BuilderFilterKeySchema = z.enum(BUILDER_FILTER_KEYS);

/**
 * spec §7 GET /builder: status=active, approval=approved (the only values a visitor may send),
 * page, limit (30), optionally one place (`cityId=5`, or the generic `type=cityId&id=5`) and a
 * name search.
 */
export const BuilderListQuerySchema = PageQuerySchema.extend({
  status: PublicStatusSchema.optional(),
  approval: PublicApprovalSchema.optional(),
  cityId: IdInputSchema.optional(),
  zoneId: IdInputSchema.optional(),
  locationId: IdInputSchema.optional(),
  type: BuilderFilterKeySchema.optional(),
  id: IdInputSchema.optional(),
  search: singleLineText().max(MAX_SEARCH_TEXT).optional(),
  sort: BuilderSortSchema.default('projects_desc'),
}).refine((query) => (query.type === undefined) === (query.id === undefined), {
  message: "'type' and 'id' go together: type=cityId&id=5",
  path: ['id'],
});
export type BuilderListQuery = z.infer<typeof BuilderListQuerySchema>;

export const BuilderIdParamSchema = z.object({ builderId: IdInputSchema });

export const BuilderListResponseSchema = z.object({
  success: z.literal(true),
  builders: z.array(BuilderSchema),
  pagination: PaginationSchema,
});
export type BuilderListResponse = z.infer<typeof BuilderListResponseSchema>;

export const BuilderResponseSchema = z.object({
  success: z.literal(true),
  builder: BuilderDetailSchema,
});
export type BuilderResponse = z.infer<typeof BuilderResponseSchema>;
