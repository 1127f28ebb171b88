import {
  AuditResponseSchema,
  BrokerDecisionResponseSchema,
  PendingBrokersResponseSchema,
  PendingListingsResponseSchema,
  ProjectDecisionResponseSchema,
  type AuditResponse,
  type BrokerDecisionResponse,
  type PendingBrokersResponse,
  type PendingListingsResponse,
  type ProjectDecisionResponse,
  type QueueOrder,
} from '@nivaas/contracts/moderation.schema';
import type { ProviderApi } from './api-client';

/** The moderation calls of issue 5 (`/api/admin/...`, provider only), one function each. */

export const QUEUE_PAGE_SIZE = 30;
export const AUDIT_PAGE_SIZE = 30;

/** One page of a queue: which page, the search words (blank for none) and the order (issue 17). */
export interface QueueQuery {
  page: number;
  q: string;
  order: QueueOrder;
}

function queueParams({ page, q, order }: QueueQuery): string {
  const params = new URLSearchParams({ page: String(page), limit: String(QUEUE_PAGE_SIZE), order });
  if (q.trim()) params.set('q', q.trim());
  return params.toString();
}

export function getPendingListings(api: ProviderApi, query: QueueQuery): Promise<PendingListingsResponse> {
  return api.call(`/api/admin/projects/pending?${queueParams(query)}`, PendingListingsResponseSchema);
}

export function getPendingBrokers(api: ProviderApi, query: QueueQuery): Promise<PendingBrokersResponse> {
  return api.call(`/api/admin/brokers/pending?${queueParams(query)}`, PendingBrokersResponseSchema);
}

export function getAuditLog(api: ProviderApi, page: number): Promise<AuditResponse> {
  return api.call(`/api/admin/audit?page=${page}&limit=${AUDIT_PAGE_SIZE}`, AuditResponseSchema);
}

export function approveListing(api: ProviderApi, id: number): Promise<ProjectDecisionResponse> {
  return api.call(`/api/admin/projects/${id}/approve`, ProjectDecisionResponseSchema, { method: 'POST', body: {} });
}

export function rejectListing(api: ProviderApi, id: number, remark: string): Promise<ProjectDecisionResponse> {
  return api.call(`/api/admin/projects/${id}/reject`, ProjectDecisionResponseSchema, { method: 'POST', body: { remark } });
}

export function approveBroker(api: ProviderApi, id: number): Promise<BrokerDecisionResponse> {
  return api.call(`/api/admin/brokers/${id}/approve`, BrokerDecisionResponseSchema, { method: 'POST', body: {} });
}

export function rejectBroker(api: ProviderApi, id: number, remark: string): Promise<BrokerDecisionResponse> {
  return api.call(`/api/admin/brokers/${id}/reject`, BrokerDecisionResponseSchema, { method: 'POST', body: { remark } });
}
