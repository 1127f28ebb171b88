import { OwnerListingResponseSchema, type OwnerListing, type OwnerListingResponse } from '@nivaas/contracts/upload.schema';
import { api } from '../../../lib/api/api-slice';
import type { LoginRole } from '../../../domain/auth/stored-login';

/** GET /project/upload/{id}: the listing being edited, with its photos' ids (to remove one). */
const endpoints = api.injectEndpoints({
  endpoints: (build) => ({
    getOwnerListing: build.query<OwnerListing, { id: number; role: LoginRole }>({
      query: ({ id, role }) => ({ url: `/project/upload/${id}`, as: role }),
      rawResponseSchema: OwnerListingResponseSchema,
      transformResponse: (response: OwnerListingResponse) => response.project,
    }),
  }),
});

export const { useGetOwnerListingQuery } = endpoints;
