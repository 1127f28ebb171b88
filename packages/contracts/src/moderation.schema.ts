import { z } from 'zod';
import { ApprovalSchema, IdInputSchema, multiLineText, NamedRefSchema, PageQuerySchema, PaginationSchema, singleLineText, StatusSchema } from './common.schema';
import { ProjectSchema } from './project.schema';

/**
 * Issue 5: the provider's moderation API, under `/api/admin/...`, provider staff only (401 without a token, 403 for a
 * user or broker). Transitions (a state machine in the service):
 * - listing approval: pending -> approved | rejected (by the provider); rejected -> pending and approved -> pending
 *   (by the owner's edit, which also takes it off the site); only approved listings may be active.
 * - broker approval: pending -> approved | rejected.
 * Anything else is a 409 whose message says why. Each decision and its audit row commit together.
 */

export const REMARK_MIN = 3;
export const REMARK_MAX = 1_000;

const RemarkTextSchema = multiLineText({ error: 'Write a remark for the owner', label: 'Remark' })
  .min(REMARK_MIN, `Remark must be at least ${REMARK_MIN} characters`)
  .max(REMARK_MAX, `Remark must be at most ${REMARK_MAX} characters`);

/** `POST /api/admin/projects/{id}/reject` and `/api/admin/brokers/{id}/reject`: the remark is required. */
export const RejectBodySchema = z.strictObject({ remark: RemarkTextSchema });
export type RejectBody = z.infer<typeof RejectBodySchema>;

/** `POST .../approve`: no body needed (none, null or {}); an optional remark is stored (and shown to the owner) like a rejection's. */
export const ApproveBodySchema = z.strictObject({ remark: RemarkTextSchema.optional() }).nullish();
export type ApproveBody = z.infer<typeof ApproveBodySchema>;

export const ModerationIdParamSchema = z.object({ id: IdInputSchema });

export const OWNER_KINDS = ['user', 'broker', 'builder'] as const;
export const OwnerKindSchema = z.enum(OWNER_KINDS);
export type OwnerKind = z.infer<typeof OwnerKindSchema>;

/** Who uploaded a listing (or the builder of a builder's project), as the provider needs to judge it. */
export const ListingOwnerSchema = z.object({
  kind: OwnerKindSchema,
  id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The broker's or builder's own approval; null for a user. */
  approval: ApprovalSchema.nullable(),
});
export type ListingOwner = z.infer<typeof ListingOwnerSchema>;

/** A listing waiting for a decision, with what its preview shows: photos (`medias`), units, remarks so far, owner. */
export const PendingListingSchema = ProjectSchema.extend({
  createdAt: z.string(),
  owner: ListingOwnerSchema.nullable(),
});
export type PendingListing = z.infer<typeof PendingListingSchema>;

export const QUEUE_SEARCH_MAX = 100;
export const QUEUE_ORDERS = ['oldest', 'newest'] as const;
export const QueueOrderSchema = z.enum(QUEUE_ORDERS);
export type QueueOrder = z.infer<typeof QueueOrderSchema>;

/**
 * `GET /api/admin/projects/pending` and `/api/admin/brokers/pending`: 30 a page, oldest waiting first unless
 * `order=newest` (issue 17: a queue of hundreds needs paging and a search, done by the server so it can grow).
 * `q` matches, case-insensitively, a listing's name, place or id and its uploader's name, e-mail or phone; a
 * broker's name, e-mail, phone, company, RERA number or city. Blank `q` is no filter.
 */
export const ModerationQueueQuerySchema = PageQuerySchema.extend({
  q: singleLineText({ label: 'Search' })
    .max(QUEUE_SEARCH_MAX, `Search must be at most ${QUEUE_SEARCH_MAX} characters`)
    .optional(),
  order: QueueOrderSchema.default('oldest'),
});
export type ModerationQueueQuery = z.infer<typeof ModerationQueueQuerySchema>;

export const PendingListingsResponseSchema = z.object({
  success: z.literal(true),
  projects: z.array(PendingListingSchema),
  pagination: PaginationSchema,
});
export type PendingListingsResponse = z.infer<typeof PendingListingsResponseSchema>;

/** A broker waiting for approval (spec §4 Broker approval), with what the provider checks. */
export const PendingBrokerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  reraNumber: z.string().nullable(),
  city: NamedRefSchema.nullable(),
  about: z.string().nullable(),
  profilePhoto: z.string().nullable(),
  approval: ApprovalSchema,
  createdAt: z.string(),
});
export type PendingBroker = z.infer<typeof PendingBrokerSchema>;

/** `GET /api/admin/brokers/pending`: oldest registration first. */
export const PendingBrokersResponseSchema = z.object({
  success: z.literal(true),
  brokers: z.array(PendingBrokerSchema),
  pagination: PaginationSchema,
});
export type PendingBrokersResponse = z.infer<typeof PendingBrokersResponseSchema>;

export const ProjectDecisionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  project: z.object({
    id: z.number().int(),
    approval: ApprovalSchema,
    status: StatusSchema,
    updatedAt: z.string(),
    /** spec §3: ISO time -> message, every remark so far. */
    remarks: z.record(z.string(), z.string()),
  }),
});
export type ProjectDecisionResponse = z.infer<typeof ProjectDecisionResponseSchema>;

export const BrokerDecisionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  broker: z.object({ id: z.number().int(), approval: ApprovalSchema }),
});
export type BrokerDecisionResponse = z.infer<typeof BrokerDecisionResponseSchema>;

/** Every kind of record whose changes are audited (issue 14: each back-office record kind too). */
export const AUDIT_ENTITY_KINDS = [
  'project',
  'broker',
  'builder',
  'city',
  'zone',
  'location',
  'banner',
  'blog',
  'faq',
  'construction_project',
  'contractor',
  'review',
  'user',
] as const;
export const AuditEntityKindSchema = z.enum(AUDIT_ENTITY_KINDS);
export type AuditEntityKind = z.infer<typeof AuditEntityKindSchema>;
export const AUDIT_ACTOR_KINDS = ['user', 'broker', 'provider'] as const;

/** `GET /api/admin/audit`: newest first, 30 a page; optionally one entity's history. */
export const AuditQuerySchema = PageQuerySchema.extend({
  entityKind: AuditEntityKindSchema.optional(),
  entityId: IdInputSchema.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** One audit row: who, what, when, before and after. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO time. */
  at: z.string(),
  actor: z
    .object({
      kind: z.enum(AUDIT_ACTOR_KINDS),
      id: z.number().int().nullable(),
      name: z.string().nullable(),
    })
    .nullable(),
  /** 'approve', 'reject', 'resubmit' (an owner's edit), 'publish', 'unpublish'; back office: 'create', 'update', 'pend', 'add-photo', 'remove-photo'. */
  action: z.string(),
  entityKind: z.string(),
  entityId: z.number().int(),
  /** The entity's name when it still exists (a listing's name, a broker's name). */
  entityName: z.string().nullable(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  remark: z.string().nullable(),
  /** Issue 14: a back-office edit's changed fields, before and after (null for decisions and older rows). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(AuditEntrySchema),
  pagination: PaginationSchema,
});
export type AuditResponse = z.infer<typeof AuditResponseSchema>;
