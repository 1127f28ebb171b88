import { z } from 'zod';
import { MediaSchema, PaginationSchema } from './common.schema';

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
