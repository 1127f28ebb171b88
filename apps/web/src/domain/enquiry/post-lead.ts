import type { LeadCreatedResponse, LeadFormInput } from '@nivaas/contracts/lead.schema';
import { api } from '../../lib/api/api-slice';
import { lazyContract } from '../../lib/api/lazy-contract';

/**
 * spec §7 POST /leadMenegmentRoute/uILeadFormData (the spec's spelling is the public address). Shared:
 * the contact page, project, listing, broker and contractor pages all send enquiries through it.
 */
const leadApi = api.injectEndpoints({
  endpoints: (build) => ({
    postLead: build.mutation<LeadCreatedResponse, LeadFormInput>({
      query: (body) => ({ url: '/leadMenegmentRoute/uILeadFormData', method: 'POST', body }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/lead.schema')).LeadCreatedResponseSchema),
    }),
  }),
});

export const { usePostLeadMutation } = leadApi;
