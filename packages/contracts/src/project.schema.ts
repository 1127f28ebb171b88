import { z } from 'zod';
import { ApprovalSchema, IdInputSchema, MediaSchema, NamedRefSchema, PageQuerySchema, StatusSchema } from './common.schema';

/** spec §3: every property type the catalogue knows. */
export const PROPERTY_TYPES = ['apartment', 'villa', 'plot', 'residentialhouse', 'pent house', 'studio'] as const;
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
  tag: z.string().trim().max(60).optional(),
  cityId: IdInputSchema.optional(),
});
export type RandomProjectsQuery = z.infer<typeof RandomProjectsQuerySchema>;

export const ProjectListResponseSchema = z.object({
  success: z.literal(true),
  projects: z.array(ProjectSchema),
});
export type ProjectListResponse = z.infer<typeof ProjectListResponseSchema>;
