import {
  AnalyticsOverviewResponseSchema,
  BrokerAnalyticsResponseSchema,
  ProjectAnalyticsResponseSchema,
  type AnalyticsOverviewResponse,
  type BrokerAnalyticsResponse,
  type ProjectAnalyticsResponse,
} from '@nivaas/contracts/analytics.schema';
import type { ProviderApi } from './api-client';

/** The provider's analytics calls (issue 13, `/api/admin/analytics/...`), parsed with their contracts. */

export interface DayRange {
  from: string;
  to: string;
}

const rangeQuery = ({ from, to }: DayRange) => new URLSearchParams({ from, to }).toString();

export function getOverview(api: ProviderApi, range: DayRange): Promise<AnalyticsOverviewResponse> {
  return api.call(`/api/admin/analytics/overview?${rangeQuery(range)}`, AnalyticsOverviewResponseSchema);
}

export function getProjectAnalytics(api: ProviderApi, id: number, range: DayRange): Promise<ProjectAnalyticsResponse> {
  return api.call(`/api/admin/analytics/projects/${id}?${rangeQuery(range)}`, ProjectAnalyticsResponseSchema);
}

export function getBrokerAnalytics(api: ProviderApi, id: number, range: DayRange): Promise<BrokerAnalyticsResponse> {
  return api.call(`/api/admin/analytics/brokers/${id}?${rangeQuery(range)}`, BrokerAnalyticsResponseSchema);
}
