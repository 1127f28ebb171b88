import { z } from 'zod';
import { ApprovalSchema, IdInputSchema, MediaSchema, NamedRefSchema, PageQuerySchema, PaginationSchema, singleLineText, StatusSchema } from './common.schema';
import { RupeesInputSchema } from './rupees.schema';
import { PROPERTY_TYPES, TRANSACTION_TAGS, POSSESSIONS, MAX_BHK, MAX_SEARCH_TEXT, SIMILAR_PROJECTS_LIMIT } from './values';

// Decision 032: defined without zod for the web app's first screen; exported here as before.
export { PROPERTY_TYPES, TRANSACTION_TAGS, POSSESSIONS, MAX_BHK, MAX_SEARCH_TEXT, SIMILAR_PROJECTS_LIMIT };

/**
 * A query-string list: '2,3' or repeated keys (`bhk=2&bhk=3`), trimmed, empty parts dropped,
 * duplicates removed, each part checked by `item`.
 */
export function commaList<T extends z.ZodType>(item: T) {
  const list = z.array(item).min(1).max(10);
  return z.union([z.string(), z.array(z.string())]).transform((value, ctx): z.output<T>[] => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).map((part) => part.trim()).filter(Boolean);
    const parsed = list.safeParse([...new Set(parts)]);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}

export const PropertyTypeSchema = z.enum(PROPERTY_TYPES);
export type PropertyType = z.infer<typeof PropertyTypeSchema>;

/** 'project' is a builder's development; 'listing' is a property a user or broker uploaded. */
export const ITEMS = ['project', 'listing'] as const;
export const ItemSchema = z.enum(ITEMS);

export const UnitSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  /** Integer rupees. */
  minPrice: z.number().int(),
  maxPrice: z.number().int(),
  facing: z.string().nullable(),
  exteriorArea: z.number().int().nullable(),
  floors: z.string().nullable(),
  furnishing: z.string().nullable(),
});
export type Unit = z.infer<typeof UnitSchema>;

export const ProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: PropertyTypeSchema,
  item: ItemSchema,
  status: StatusSchema,
  approval: ApprovalSchema,
  description: z.string().nullable(),
  /**
   * spec §3: remarks are a map of ISO timestamp to message. They are the provider's words to the
   * owner, so public reads leave them empty; only the owner's and the provider's views fill them.
   */
  remarks: z.record(z.string(), z.string()),
  updatedAt: z.string(),
  medias: z.array(MediaSchema),
  city: NamedRefSchema,
  zone: NamedRefSchema.nullable(),
  location: NamedRefSchema,
  builder: NamedRefSchema.nullable(),
  ownerId: z.number().int().nullable(),
  brokerId: z.number().int().nullable(),
  builderId: z.number().int().nullable(),
  tags: z.array(z.string()),
  transactionTag: z.string().nullable(),
  possessionDate: z.string().nullable(),
  /** The state RERA registration, shown so a buyer can verify the project. */
  reraNumber: z.string().nullable(),
  amenities: z.array(z.string()),
  units: z.array(UnitSchema),
});
export type Project = z.infer<typeof ProjectSchema>;

/** spec §7 GET /project/random: tag, cityId, page, limit (30 by default, spec §9). */
export const RandomProjectsQuerySchema = PageQuerySchema.extend({
  tag: singleLineText().max(60).optional(),
  cityId: IdInputSchema.optional(),
});
export type RandomProjectsQuery = z.infer<typeof RandomProjectsQuerySchema>;

export const ProjectListResponseSchema = z.object({
  success: z.literal(true),
  projects: z.array(ProjectSchema),
});
export type ProjectListResponse = z.infer<typeof ProjectListResponseSchema>;

/** spec §3 transactionTag: a builder's new booking, or an owner's or broker's resale. */
export const TransactionTagSchema = z.enum(TRANSACTION_TAGS);
export type TransactionTag = z.infer<typeof TransactionTagSchema>;

/**
 * Possession as a buyer filters it: 'ready' = possession date passed (or a resale home without one),
 * 'upcoming' = a pre-launch project (tag 'Upcoming Launches', spec §2), 'under-construction' = the rest.
 */
export const PossessionSchema = z.enum(POSSESSIONS);
export type Possession = z.infer<typeof PossessionSchema>;

/**
 * spec §4 Sort: 'Price L - H' (default) by the lowest unit price, 'Price H - L' by the highest.
 * Ties break on id, so paging is stable.
 */
export const PROJECT_SORTS = ['price_asc', 'price_desc'] as const;
export const ProjectSortSchema = z.enum(PROJECT_SORTS);
export type ProjectSort = z.infer<typeof ProjectSortSchema>;

/** spec §7 'GET project {type}={id}': the place or owner a public list may be narrowed to. */
export const PROJECT_FILTER_KEYS = ['builderId', 'locationId', 'cityId', 'zoneId', 'brokerId'] as const;
export const ProjectFilterKeySchema = z.enum(PROJECT_FILTER_KEYS);
export type ProjectFilterKey = z.infer<typeof ProjectFilterKeySchema>;

/**
 * spec §9: visitors see only status active and approval approved. The client sends both values on
 * every public call; any other value is a 400 naming the field, never a way to see hidden records.
 */
export const PublicStatusSchema = z.literal('active', { error: "only 'active' projects are public" });
export const PublicApprovalSchema = z.literal('approved', { error: "only 'approved' projects are public" });

/** BHK counts a buyer can pick: '2,3' -> [2, 3]. Repeated keys (`bhk=2&bhk=3`) are accepted too. */
export const BhkListSchema = commaList(z.coerce.number().int().min(1).max(MAX_BHK));
/** Property types as a comma list: 'apartment,villa' ('pent house' keeps its space, URL-encoded). */
export const PropertyTypeListSchema = commaList(PropertyTypeSchema);

/**
 * spec §7 GET /project: status=active, approval=approved, any of builderId/locationId/cityId/zoneId/
 * brokerId (combined with AND), or the generic pair `type=<one of those keys>&id=<n>`; plus the
 * results-page filters. Prices are integer rupees; '₹80,00,000', '80 lakh' and '1.2 cr' are read too.
 */
export const ProjectListQuerySchema = PageQuerySchema.extend({
  status: PublicStatusSchema.optional(),
  approval: PublicApprovalSchema.optional(),
  builderId: IdInputSchema.optional(),
  locationId: IdInputSchema.optional(),
  cityId: IdInputSchema.optional(),
  zoneId: IdInputSchema.optional(),
  brokerId: IdInputSchema.optional(),
  type: ProjectFilterKeySchema.optional(),
  id: IdInputSchema.optional(),
  search: singleLineText().max(MAX_SEARCH_TEXT).optional(),
  minPrice: RupeesInputSchema.optional(),
  maxPrice: RupeesInputSchema.optional(),
  bhk: BhkListSchema.optional(),
  propertyType: PropertyTypeListSchema.optional(),
  transaction: TransactionTagSchema.optional(),
  possession: PossessionSchema.optional(),
  item: ItemSchema.optional(),
  sort: ProjectSortSchema.default('price_asc'),
})
  .refine((query) => (query.type === undefined) === (query.id === undefined), {
    message: "'type' and 'id' go together: type=cityId&id=5",
    path: ['id'],
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: 'must not be below minPrice',
    path: ['maxPrice'],
  });
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>;
/** What a client may send (strings allowed where the server coerces). */
export type ProjectListQueryInput = z.input<typeof ProjectListQuerySchema>;

export const ProjectPageResponseSchema = z.object({
  success: z.literal(true),
  projects: z.array(ProjectSchema),
  pagination: PaginationSchema,
});
export type ProjectPageResponse = z.infer<typeof ProjectPageResponseSchema>;

/** The builder as a project's details page shows it (logo and 'about the builder'). */
export const ProjectBuilderSchema = NamedRefSchema.extend({
  logo: z.string().nullable(),
  description: z.string().nullable(),
  establishedYear: z.number().int().nullable(),
});
export type ProjectBuilder = z.infer<typeof ProjectBuilderSchema>;

/** spec §7 GET /project/{id}: one public project with everything its details page shows. */
export const ProjectDetailSchema = ProjectSchema.extend({
  builder: ProjectBuilderSchema.nullable(),
});
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;

export const ProjectResponseSchema = z.object({
  success: z.literal(true),
  project: ProjectDetailSchema,
});
export type ProjectResponse = z.infer<typeof ProjectResponseSchema>;

/** spec §7 GET /project/listings: uploader=broker (default) or user. */
export const LISTING_UPLOADERS = ['broker', 'user'] as const;
export const ListingUploaderSchema = z.enum(LISTING_UPLOADERS);
export const ListingsQuerySchema = PageQuerySchema.extend({
  uploader: ListingUploaderSchema.default('broker'),
  cityId: IdInputSchema.optional(),
});
export type ListingsQuery = z.infer<typeof ListingsQuerySchema>;

/** How many similar projects a details page shows. */
export const SimilarProjectsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SIMILAR_PROJECTS_LIMIT).default(SIMILAR_PROJECTS_LIMIT),
});
export type SimilarProjectsQuery = z.infer<typeof SimilarProjectsQuerySchema>;
