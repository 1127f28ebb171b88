import { z } from 'zod';
import { MediaSchema, PageQuerySchema, PaginationSchema, singleLineText } from './common.schema';

/**
 * spec §3 City: the raw record (name, medias, projectCount, listingCount) plus the
 * client's shaped fields, mapped in one place on the server (city_Name, city_URL, projectsCount).
 */
export const CitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  state: z.string(),
  medias: z.array(MediaSchema),
  projectCount: z.number().int(),
  listingCount: z.number().int(),
  city_Name: z.string(),
  city_URL: z.string(),
  projectsCount: z.number().int(),
});
export type City = z.infer<typeof CitySchema>;

/** The longest city search accepted: longer than any city's name, short enough to keep the query cheap. */
export const CITY_SEARCH_MAX = 60;

/**
 * GET /city: spec §7's page and limit, plus an optional name search for the city selector (issue 17): the first
 * ten load on start (spec §9), the rest on demand, so every city can be found by typing a few letters.
 */
export const CityListQuerySchema = PageQuerySchema.extend({
  search: singleLineText().max(CITY_SEARCH_MAX).optional(),
});
export type CityListQuery = z.infer<typeof CityListQuerySchema>;

export const CityListResponseSchema = z.object({
  success: z.literal(true),
  cities: z.array(CitySchema),
  pagination: PaginationSchema,
});
export type CityListResponse = z.infer<typeof CityListResponseSchema>;

export const CityResponseSchema = z.object({
  success: z.literal(true),
  city: CitySchema,
});
export type CityResponse = z.infer<typeof CityResponseSchema>;
