import type { BrokerAccountResponse, BrokerUpdateRequestInput } from '@nivaas/contracts/auth.schema';
import { api } from '../../../lib/api/api-slice';
import { lazyContract } from '../../../lib/api/lazy-contract';

/**
 * spec §7 PUT /broker/{id} with the broker's bearer token: the edited record. The server reads only the editable
 * fields (name, phone, company, RERA number, city, about, photo); e-mail and approval never change this way.
 */
const putBrokerApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateBroker: build.mutation<BrokerAccountResponse, { id: number; record: BrokerUpdateRequestInput }>({
      query: ({ id, record }) => ({ url: `/broker/${id}`, method: 'PUT', body: record }),
      extraOptions: { as: 'broker' },
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/auth.schema')).BrokerAccountResponseSchema),
    }),
  }),
});

export const { useUpdateBrokerMutation } = putBrokerApi;
