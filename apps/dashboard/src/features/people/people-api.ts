import {
  AdminBrokersResponseSchema,
  AdminUsersResponseSchema,
  BrokerStandingResponseSchema,
  UserStandingResponseSchema,
  type AdminBrokersQueryInput,
  type AdminBrokersResponse,
  type AdminUsersQueryInput,
  type AdminUsersResponse,
  type BrokerStandingResponse,
  type UserStandingResponse,
} from '@nivaas/contracts/people-admin.schema';
import { ProjectImportReportSchema, type ProjectImportReport } from '@nivaas/contracts/project-import.schema';
import {
  ReviewDecisionResponseSchema,
  ReviewQueueResponseSchema,
  type ReviewDecisionResponse,
  type ReviewQueueQueryInput,
  type ReviewQueueResponse,
} from '@nivaas/contracts/review-moderation.schema';
import type { ProviderApi } from '../../lib/api-client';

/** Issue 14 part 3: the console's calls for reviews, broker suspension, user blocks and the bulk import. */

/** The query string of a list call; the inputs' page and limit are numbers here (z.input types them unknown). */
function query(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if ((typeof value === 'string' && value !== '') || typeof value === 'number') params.set(key, String(value));
  return params.toString();
}

export function listReviews(api: ProviderApi, input: ReviewQueueQueryInput): Promise<ReviewQueueResponse> {
  return api.call(`/api/admin/reviews?${query({ ...input })}`, ReviewQueueResponseSchema);
}

export function decideReview(api: ProviderApi, id: number, action: 'approve' | 'reject', remark?: string): Promise<ReviewDecisionResponse> {
  return api.call(`/api/admin/reviews/${id}/${action}`, ReviewDecisionResponseSchema, { method: 'POST', body: remark ? { remark } : {} });
}

export function listBrokers(api: ProviderApi, input: AdminBrokersQueryInput): Promise<AdminBrokersResponse> {
  return api.call(`/api/admin/brokers?${query({ ...input })}`, AdminBrokersResponseSchema);
}

export function suspendBroker(api: ProviderApi, id: number, reason: string): Promise<BrokerStandingResponse> {
  return api.call(`/api/admin/brokers/${id}/suspend`, BrokerStandingResponseSchema, { method: 'POST', body: { reason } });
}

export function reinstateBroker(api: ProviderApi, id: number): Promise<BrokerStandingResponse> {
  return api.call(`/api/admin/brokers/${id}/reinstate`, BrokerStandingResponseSchema, { method: 'POST', body: {} });
}

export function listUsers(api: ProviderApi, input: AdminUsersQueryInput): Promise<AdminUsersResponse> {
  return api.call(`/api/admin/users?${query({ ...input })}`, AdminUsersResponseSchema);
}

export function blockUser(api: ProviderApi, id: number, reason: string): Promise<UserStandingResponse> {
  return api.call(`/api/admin/users/${id}/block`, UserStandingResponseSchema, { method: 'POST', body: { reason } });
}

export function unblockUser(api: ProviderApi, id: number): Promise<UserStandingResponse> {
  return api.call(`/api/admin/users/${id}/unblock`, UserStandingResponseSchema, { method: 'POST', body: {} });
}

/** The file as the body, with its upload's progress (0..1). A refused row on import answers 422: ApiError. */
export function importProjects(api: ProviderApi, file: Blob, contentType: string, mode: 'dry-run' | 'import', onProgress: (fraction: number) => void): Promise<ProjectImportReport> {
  return api.upload(`/api/admin/projects/import?mode=${mode}`, file, ProjectImportReportSchema, onProgress, contentType);
}
