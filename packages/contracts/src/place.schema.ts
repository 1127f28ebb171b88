import { z } from 'zod';
import { IdInputSchema, NamedRefSchema, PageQuerySchema, PaginationSchema } from './common.schema';
import { RatingSummarySchema } from './review.schema';

/**
 * Zones and locations (localities), spec §3 and §7 GET /location, /location/{id}, /zone/{id}.
 * Counts are of public (active and approved) items only: `projectCount` builder projects, `listingCount`
 * user and broker listings, as on the city (spec §3 City).
 */

/** GET /location: page, limit (spec §7) and, beyond the spec, an optional city or zone filter. */
export const LocationListQuerySchema = PageQuerySchema.extend({
  cityId: IdInputSchema.optional(),
  zoneId: IdInputSchema.optional(),
});
export type LocationListQuery = z.infer<typeof LocationListQuerySchema>;

export const LocationSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  city: NamedRefSchema,
  /** Null for a locality outside every zone the portal draws. */
  zone: NamedRefSchema.nullable(),
  projectCount: z.number().int(),
  listingCount: z.number().int(),
});
export type LocationSummary = z.infer<typeof LocationSummarySchema>;

/** Most public projects first (the busiest localities lead a rail), then name, then id. */
export const LocationListResponseSchema = z.object({
  success: z.literal(true),
  locations: z.array(LocationSummarySchema),
  pagination: PaginationSchema,
});
export type LocationListResponse = z.infer<typeof LocationListResponseSchema>;

/** Integer rupees over the public projects and listings of the place; both null when it has none. */
export const PriceRangeSchema = z.object({
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
});
export type PriceRange = z.infer<typeof PriceRangeSchema>;

export const LocationDetailSchema = LocationSummarySchema.extend({
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  priceRange: PriceRangeSchema,
  /** Approved reviews of this location; the reviews themselves come from GET /location/{id}/reviews. */
  rating: RatingSummarySchema,
});
export type LocationDetail = z.infer<typeof LocationDetailSchema>;

export const LocationResponseSchema = z.object({
  success: z.literal(true),
  location: LocationDetailSchema,
});
export type LocationResponse = z.infer<typeof LocationResponseSchema>;

export const ZoneLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  projectCount: z.number().int(),
  listingCount: z.number().int(),
});
export type ZoneLocation = z.infer<typeof ZoneLocationSchema>;

export const ZoneDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  city: NamedRefSchema,
  /** Every locality of the zone, by name then id. */
  locations: z.array(ZoneLocationSchema),
  projectCount: z.number().int(),
  listingCount: z.number().int(),
  priceRange: PriceRangeSchema,
  /** Approved reviews of this zone; the reviews themselves come from GET /zone/{id}/reviews. */
  rating: RatingSummarySchema,
});
export type ZoneDetail = z.infer<typeof ZoneDetailSchema>;

export const ZoneResponseSchema = z.object({
  success: z.literal(true),
  zone: ZoneDetailSchema,
});
export type ZoneResponse = z.infer<typeof ZoneResponseSchema>;
