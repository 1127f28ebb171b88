import type { Faq, FaqListResponse } from '@nivaas/contracts/faq.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** spec §7 GET /faq?associatedWith=contact_faqs&approval=approved, in the provider's order. */
const contactFaqsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContactFaqs: build.query<Faq[], void>({
      query: () => ({ url: '/faq', params: { associatedWith: 'contact_faqs', approval: 'approved' } }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/faq.schema')).FaqListResponseSchema),
      transformResponse: (response: FaqListResponse) => response.faqs,
    }),
  }),
});

export const { useGetContactFaqsQuery } = contactFaqsApi;
