import type { PublishBodySchema, PublishResponse } from '@nivaas/contracts/upload.schema';
import type { z } from 'zod';
import type { LoginRole } from '../../../domain/auth/stored-login';
import { ownerApi } from './owner-api';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** spec §7 PATCH /project/publish/{id} with body status and the owner's bearer token. */
const endpoints = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    publishListing: build.mutation<PublishResponse, z.input<typeof PublishBodySchema> & { id: number; role: LoginRole }>({
      query: ({ id, status, role }) => ({ url: `/project/publish/${id}`, method: 'PATCH', body: { status }, as: role }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/upload.schema')).PublishResponseSchema),
      // Not invalidating the list: the card takes the new status from the answer (spec §4), and the counters follow.
    }),
  }),
});

export const { usePublishListingMutation } = endpoints;
