import { z } from 'zod';
import { singleLineText } from './common.schema';

/**
 * spec §7 GET /faq?associatedWith=contact_faqs&approval=approved. `associatedWith` names the page that shows
 * the questions; `approval` may only be 'approved' (visitors never read unmoderated answers).
 */
export const FaqListQuerySchema = z.object({
  associatedWith: singleLineText()
    .regex(/^[a-z0-9_-]{1,60}$/i, 'Use letters, digits, _ or -, up to 60')
    .default('contact_faqs'),
  approval: z.enum(['approved']).optional(),
});
export type FaqListQuery = z.infer<typeof FaqListQuerySchema>;

export const FaqSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  associatedWith: z.string(),
});
export type Faq = z.infer<typeof FaqSchema>;

/** Approved FAQs of that page in the provider's order (position, then id). Not paged: a page holds a few dozen. */
export const FaqListResponseSchema = z.object({
  success: z.literal(true),
  faqs: z.array(FaqSchema),
});
export type FaqListResponse = z.infer<typeof FaqListResponseSchema>;
