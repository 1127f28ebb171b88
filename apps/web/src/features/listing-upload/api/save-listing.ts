import type { ListingUploadInput, ListingUploadResponse } from '@nivaas/contracts/upload.schema';
import { api } from '../../../lib/api/api-slice';
import type { LoginRole } from '../../../domain/auth/stored-login';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** POST /project/upload (new) and PUT /project/upload/{id} (an edit, which resubmits it for review). */
const endpoints = api.injectEndpoints({
  endpoints: (build) => ({
    saveListing: build.mutation<ListingUploadResponse, { body: ListingUploadInput; role: LoginRole; id?: number }>({
      query: ({ body, role, id }) =>
        id ? { url: `/project/upload/${id}`, method: 'PUT', body, as: role } : { url: '/project/upload', method: 'POST', body, as: role },
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/upload.schema')).ListingUploadResponseSchema),
    }),
  }),
});

export const { useSaveListingMutation } = endpoints;
