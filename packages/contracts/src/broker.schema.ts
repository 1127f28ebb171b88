import { z } from 'zod';
import { ApprovalSchema, IdInputSchema, NamedRefSchema, PageQuerySchema, PaginationSchema } from './common.schema';
import { PropertyTypeSchema } from './project.schema';

/**
 * A broker's public profile (spec §3 Broker: id, name, profilePhoto, approval). Only approved brokers are public.
 * Deliberately absent: phone, e-mail, password hash, timestamps other than the join date. A visitor reaches a
 * broker through an enquiry on one of their listings, never through a published number.
 */
export const PublicBrokerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  profilePhoto: z.string().nullable(),
  company: z.string().nullable(),
  city: NamedRefSchema.nullable(),
  /** Always 'approved' on public reads; the spec's client checks it. */
  approval: ApprovalSchema,
  /** The agent's RERA registration, public so a buyer can verify it on the state's RERA site. */
  reraNumber: z.string().nullable(),
  about: z.string().nullable(),
  /** ISO date (YYYY-MM-DD) the broker joined the portal. */
  memberSince: z.string(),
  /** Public (active and approved) listings by this broker. */
  listingCount: z.number().int(),
});
export type PublicBroker = z.infer<typeof PublicBrokerSchema>;

/**
 * spec §7 GET /broker and GET /brokerRoutes/getAllBrokerUser take no parameters; page and limit are optional
 * (page 1 of 30 by default, spec §9), so a client that sends nothing gets the first 30. Order: most public
 * listings first, then name, then id.
 */
export const BrokerListQuerySchema = PageQuerySchema.extend({
  cityId: IdInputSchema.optional(),
});
export type BrokerListQuery = z.infer<typeof BrokerListQuerySchema>;

export const BrokerListResponseSchema = z.object({
  success: z.literal(true),
  brokers: z.array(PublicBrokerSchema),
  pagination: PaginationSchema,
});
export type BrokerListResponse = z.infer<typeof BrokerListResponseSchema>;

export const BrokerIdParamSchema = z.object({
  brokerId: IdInputSchema,
});

/** Public listings per property type; every type is present (0 when none). */
export const ListingCountsByTypeSchema = z.record(PropertyTypeSchema, z.number().int());
export type ListingCountsByType = z.infer<typeof ListingCountsByTypeSchema>;

export const BrokerProfileSchema = PublicBrokerSchema.extend({
  listingsByType: ListingCountsByTypeSchema,
});
export type BrokerProfile = z.infer<typeof BrokerProfileSchema>;

/**
 * spec §7 GET /broker/{brokerId} answers 'data or broker': we answer `broker`. The broker's listings come from
 * GET /project?brokerId= (projects module). A broker who is not approved is a 404.
 */
export const BrokerResponseSchema = z.object({
  success: z.literal(true),
  broker: BrokerProfileSchema,
});
export type BrokerResponse = z.infer<typeof BrokerResponseSchema>;
