import type { OwnerListing, OwnerListingResponse } from '@nivaas/contracts/upload.schema';
import { api } from '../../../lib/api/api-slice';
import type { LoginRole } from '../../../domain/auth/stored-login';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** GET /project/upload/{id}: the listing being edited, with its photos' ids (to remove one). */
const endpoints = api.injectEndpoints({
  endpoints: (build) => ({
    getOwnerListing: build.query<OwnerListing, { id: number; role: LoginRole }>({
      query: ({ id, role }) => ({ url: `/project/upload/${id}`, as: role }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/upload.schema')).OwnerListingResponseSchema),
      transformResponse: (response: OwnerListingResponse) => response.project,
    }),
  }),
});

export const { useGetOwnerListingQuery } = endpoints;
