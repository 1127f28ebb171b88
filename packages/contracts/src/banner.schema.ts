import { z } from 'zod';
import { ApprovalSchema } from './common.schema';

export const BannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  imageUrl: z.string(),
  link: z.string().nullable(),
  approval: ApprovalSchema,
});
export type Banner = z.infer<typeof BannerSchema>;

/** spec §7: GET /usersrouts/getAllBanner answers an 'Allbanner' array (approved only). */
export const BannerListResponseSchema = z.object({
  success: z.literal(true),
  Allbanner: z.array(BannerSchema),
});
export type BannerListResponse = z.infer<typeof BannerListResponseSchema>;
