import { z } from 'zod';
import { PageQuerySchema, PaginationSchema } from './common.schema';

/**
 * Issue 17: the notices a signed-in user has been sent, shown in the app (the navbar's bell and the notifications
 * page), not only in the outbox. Today every notice is a saved-search match: one per listing, naming each of the
 * user's saved searches it matched (as the message did). Read from saved_search_notifications; whether a notice has
 * been seen is kept by the browser (no server state), by its `sentAt`.
 */

/** `GET /api/notifications`: newest first, 30 a page. */
export const NotificationsQuerySchema = PageQuerySchema;
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

export const NotificationSchema = z.object({
  /** Stable for a notice (its first row's id). */
  id: z.number().int(),
  kind: z.literal('saved-search-match'),
  /** ISO time the notice was sent. */
  sentAt: z.string(),
  listing: z.object({
    id: z.number().int(),
    name: z.string(),
    /** 'Locality, City' while the listing is on the site, else null. */
    place: z.string().nullable(),
    /** The listing's page while it is on the site; null once it has been taken off (hidden, edited or removed). */
    path: z.string().nullable(),
  }),
  /** The user's saved searches it matched (a deleted search takes its notices with it). */
  savedSearches: z.array(z.object({ id: z.number().int(), name: z.string() })).min(1),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsResponseSchema = z.object({
  success: z.literal(true),
  notifications: z.array(NotificationSchema),
  pagination: PaginationSchema,
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;
