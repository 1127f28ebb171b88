import type { ListingPhotoParamsSchema, PhotoDeleteResponse } from '@nivaas/contracts/upload.schema';
import type { z } from 'zod';
import { api } from '../../../lib/api/api-slice';
import type { LoginRole } from '../../../domain/auth/stored-login';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** DELETE /project/upload/{id}/photos/{mediaId}. */
const endpoints = api.injectEndpoints({
  endpoints: (build) => ({
    deleteListingPhoto: build.mutation<PhotoDeleteResponse, z.output<typeof ListingPhotoParamsSchema> & { role: LoginRole }>({
      query: ({ id, mediaId, role }) => ({ url: `/project/upload/${id}/photos/${mediaId}`, method: 'DELETE', as: role }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/upload.schema')).PhotoDeleteResponseSchema),
    }),
  }),
});

export const { useDeleteListingPhotoMutation } = endpoints;
