import type { BrokerInsightWindow } from '@nivaas/contracts/analytics.schema';
import { api } from '../../../lib/api/api-slice';

const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/broker/insights?days= with the broker's token (refreshed on a 401 by the host's request layer). The
     * body is handed to the remote as is: the remote parses it with the contract, so both sides read one schema.
     */
    getBrokerInsights: build.query<unknown, BrokerInsightWindow>({
      query: (days) => ({ url: `/broker/insights?days=${days}`, as: 'broker' }),
      keepUnusedDataFor: 0,
    }),
    /** GET /api/broker/insights/searches?days=: what the viewers of the broker's listings searched for, handed over as is. */
    getBrokerViewerSearches: build.query<unknown, BrokerInsightWindow>({
      query: (days) => ({ url: `/broker/insights/searches?days=${days}`, as: 'broker' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetBrokerInsightsQuery, useLazyGetBrokerViewerSearchesQuery } = insightsApi;
