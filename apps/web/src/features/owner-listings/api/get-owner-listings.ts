import type { OwnerListingsQuerySchema, OwnerListingsResponse } from '@nivaas/contracts/upload.schema';
import type { z } from 'zod';
import type { LoginRole } from '../../../domain/auth/stored-login';
import { ownerApi } from './owner-api';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** spec §9: the dashboard's page size. */
export const DASHBOARD_PAGE_SIZE = 30;

export interface OwnerListingsArgs extends Pick<z.output<typeof OwnerListingsQuerySchema>, 'page'> {
  role: LoginRole;
  /** The broker's own id (spec §7 GET /project?brokerId=), unused for a user. */
  ownerId: number;
}

/**
 * The owner's listings in every state, with remarks and the five counters. A broker asks the spec's
 * GET /project?brokerId=<self> with the broker's own token; a user asks GET /project/mine with theirs.
 */
const endpoints = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    getOwnerListings: build.query<OwnerListingsResponse, OwnerListingsArgs>({
      query: ({ role, ownerId, page }) =>
        role === 'broker'
          ? { url: '/project', params: { brokerId: ownerId, page, limit: DASHBOARD_PAGE_SIZE }, as: 'broker' }
          : { url: '/project/mine', params: { page, limit: DASHBOARD_PAGE_SIZE }, as: 'user' },
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/upload.schema')).OwnerListingsResponseSchema),
      providesTags: ['OwnerListings'],
    }),
  }),
});

export const { useGetOwnerListingsQuery } = endpoints;
