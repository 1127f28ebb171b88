import type { LeadStageResponse, LeadStageUpdateSchema } from '@nivaas/contracts/lead.schema';
import type { z } from 'zod';
import type { LoginRole } from '../../../domain/auth/stored-login';
import { ownerApi } from './owner-api';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** PATCH /lead/{id}/stage: Interested, Not Interested or Add to CRM (spec §2 leads screen), stored by the API. */
const endpoints = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    setLeadStage: build.mutation<LeadStageResponse, z.input<typeof LeadStageUpdateSchema> & { id: number; role: LoginRole }>({
      query: ({ id, stage, role }) => ({ url: `/lead/${id}/stage`, method: 'PATCH', body: { stage }, as: role }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/lead.schema')).LeadStageResponseSchema),
      invalidatesTags: ['OwnerLeads'],
    }),
  }),
});

export const { useSetLeadStageMutation } = endpoints;
