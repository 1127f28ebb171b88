import { z } from 'zod';
import { AdminRemarkSchema, ADMIN_SEARCH_MAX, adminPageSchema } from './admin.schema';
import { ApprovalSchema, NamedRefSchema, PageQuerySchema, singleLineText } from './common.schema';

/**
 * Issue 14: the provider's hold on accounts (`/api/admin/brokers`, `/api/admin/users`, provider only).
 *
 * - Suspending a broker takes every listing of theirs off the site at once and refuses their uploads, edits, display
 *   toggles and leads (403 with the reason) while it lasts; the listings keep their own status and approval, so
 *   reinstating brings back exactly the ones that were live. The broker is told why by e-mail, and each refusal
 *   repeats the reason. They can still sign in.
 * - Blocking a user ends every sign-in of theirs at once and refuses a new one with the reason (403). Their records
 *   stay; unblocking gives the account back as it was.
 * Each change commits with its audit row (entity 'broker' or 'user').
 */

const SearchSchema = singleLineText({ label: 'Search' }).max(ADMIN_SEARCH_MAX, `Search must be at most ${ADMIN_SEARCH_MAX} characters`);

export const BROKER_STANDINGS = ['all', 'active', 'suspended'] as const;

/** `GET /api/admin/brokers`: every broker, newest first; `q` matches name, e-mail, phone or company. */
export const AdminBrokersQuerySchema = PageQuerySchema.extend({
  q: SearchSchema.optional(),
  standing: z.enum(BROKER_STANDINGS).default('all'),
});
export type AdminBrokersQuery = z.infer<typeof AdminBrokersQuerySchema>;
export type AdminBrokersQueryInput = z.input<typeof AdminBrokersQuerySchema>;

export const AdminBrokerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  city: NamedRefSchema.nullable(),
  approval: ApprovalSchema,
  /** ISO time of the suspension; null when not suspended. */
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  /** Listings approved and switched on by the broker: public unless the broker is suspended. */
  liveListings: z.number().int(),
});
export type AdminBroker = z.infer<typeof AdminBrokerSchema>;

export const AdminBrokersResponseSchema = adminPageSchema(AdminBrokerSchema);
export type AdminBrokersResponse = z.infer<typeof AdminBrokersResponseSchema>;

/** `POST /api/admin/brokers/{id}/suspend` and `/api/admin/users/{id}/block`: why, in words the person is shown. */
export const HoldReasonBodySchema = z.strictObject({ reason: AdminRemarkSchema });
export type HoldReasonBody = z.infer<typeof HoldReasonBodySchema>;

/** `POST /api/admin/brokers/{id}/reinstate` and `/api/admin/users/{id}/unblock`: an optional note for the audit row. */
export const LiftHoldBodySchema = z.strictObject({ remark: AdminRemarkSchema.optional() }).nullish();

export const BrokerStandingResponseSchema = z.object({ success: z.literal(true), message: z.string(), item: AdminBrokerSchema });
export type BrokerStandingResponse = z.infer<typeof BrokerStandingResponseSchema>;

/** `GET /api/admin/users?q=`: a phone number or an e-mail address (or part of one); newest first. */
export const AdminUsersQuerySchema = PageQuerySchema.extend({
  q: SearchSchema.optional(),
  blocked: z.enum(['all', 'blocked']).default('all'),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;
export type AdminUsersQueryInput = z.input<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
  blockedAt: z.string().nullable(),
  blockReason: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersResponseSchema = adminPageSchema(AdminUserSchema);
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

export const UserStandingResponseSchema = z.object({ success: z.literal(true), message: z.string(), item: AdminUserSchema });
export type UserStandingResponse = z.infer<typeof UserStandingResponseSchema>;
