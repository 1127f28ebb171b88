import type { NotificationsResponse } from '@nivaas/contracts/notification.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** How many notices a page holds (the API's default page). */
export const NOTICES_PAGE_SIZE = 30;

/**
 * GET /notifications (issue 17): the signed-in user's notices, newest first, a page at a time. Keyed by the user's id
 * so another account in the same tab never sees them; the request carries the user slot's token.
 */
const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationsResponse, { userId: number; page: number }>({
      query: ({ page }) => ({ url: '/notifications', params: { page, limit: NOTICES_PAGE_SIZE } }),
      extraOptions: { as: 'user' },
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/notification.schema')).NotificationsResponseSchema),
    }),
  }),
});

export const { useGetNotificationsQuery } = notificationsApi;
