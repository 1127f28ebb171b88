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
} from '@nivaas/contracts/moderation.schema';
import type { ProviderApi } from './api-client';

/** The moderation calls of issue 5 (`/api/admin/...`, provider only), one function each. */

export const QUEUE_PAGE_SIZE = 30;
export const AUDIT_PAGE_SIZE = 30;

export function getPendingListings(api: ProviderApi, page: number): Promise<PendingListingsResponse> {
  return api.call(`/api/admin/projects/pending?page=${page}&limit=${QUEUE_PAGE_SIZE}`, PendingListingsResponseSchema);
}

export function getPendingBrokers(api: ProviderApi, page: number): Promise<PendingBrokersResponse> {
  return api.call(`/api/admin/brokers/pending?page=${page}&limit=${QUEUE_PAGE_SIZE}`, PendingBrokersResponseSchema);
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
