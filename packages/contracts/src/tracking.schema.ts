import { z } from 'zod';
import { singleLineText } from './common.schema';

/**
 * Visit and event tracking (issue 12; spec §3 'Tracked event', 'Tracking session payload'; §4 'Event buffer',
 * 'Visit tracking'; §7 POST /track/event, POST /track/session/start, PUT /track/session/end).
 *
 * What the client claims about who and where it is (userId, user_type, ip_address, location.ip) is accepted, so the
 * spec's payload parses, and then ignored: the identity comes from the bearer token and the address from the
 * request (TRUST_PROXY). Nothing personal is stored without consent 'analytics' (India's DPDP Act 2023).
 */

/** The events the server accepts; any other name is a 400 naming `events.<n>.event_name`. */
export const TRACKED_EVENT_NAMES = [
  'PAGE_VIEW',
  'PROJECT_VIEW',
  'BUILDER_VIEW',
  'BROKER_VIEW',
  'PLACE_VIEW',
  'BLOG_VIEW',
  'SEARCH',
  'FILTER_APPLIED',
  'CITY_SELECTED',
  'PROPERTY_ADDED_IN_WISHLIST',
  'PROPERTY_REMOVED_FROM_WISHLIST',
  'COMPARE_ADDED',
  'COMPARE_REMOVED',
  'COMPARE_VIEWED',
  'ENQUIRY_SENT',
  'CONTACT_FORM_SENT',
  'USER_LOGIN',
  'BROKER_LOGIN',
  'SIGN_OUT',
  'CHAT_OPENED',
  'CHAT_CONTACT',
  'LISTING_UPLOADED',
  'EMI_USED',
  'SAVED_SEARCH_CREATED',
] as const;
export const TrackedEventNameSchema = z.enum(TRACKED_EVENT_NAMES);
export type TrackedEventName = z.infer<typeof TrackedEventNameSchema>;

/** 'essential': anonymous, aggregate-safe events only. 'analytics': address, identity, city, device details. */
export const TRACKING_CONSENTS = ['analytics', 'essential'] as const;
export const TrackingConsentSchema = z.enum(TRACKING_CONSENTS);
export type TrackingConsent = z.infer<typeof TrackingConsentSchema>;

/** Events per POST /track/event. The client flushes at 10 (spec §9); the final beacon carries unsent + buffered. */
export const MAX_EVENTS_PER_BATCH = 50;
/** Bytes of one tracking request body; a larger one is a 413. A full batch of ordinary events is about 15 KB. */
export const MAX_TRACKING_BODY_BYTES = 64 * 1024;
export const MAX_METADATA_KEYS = 20;
export const MAX_METADATA_KEY_LENGTH = 40;
export const MAX_METADATA_TEXT_LENGTH = 300;
export const MAX_PAGE_PATH_LENGTH = 300;
/**
 * Metadata keys that would carry personal data; the server drops them whatever the consent (the spec's USER_LOGIN
 * e-mail is replaced by the identity from the token).
 */
export const PERSONAL_METADATA_KEYS = ['email', 'phone', 'mobile', 'name'] as const;
/** Where the server clamps a client's event time: no earlier than this before it arrived... */
export const EVENT_TIME_PAST_LIMIT_MS = 7 * 24 * 60 * 60 * 1000;
/** ...and no later than this after (a clock running a little fast). */
export const EVENT_TIME_FUTURE_LIMIT_MS = 5 * 60 * 1000;

/**
 * A session id: the server's (a UUID) or the local one a client made when the start failed (spec §8). Letters,
 * digits, '-' and '_' only, so it is safe in logs and keys.
 */
export const TrackingSessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _');

/** A page of the site as the browser's path (and query string), e.g. '/developers' or '/property-detail-page?search=x'. */
const pagePath = (max: number) => singleLineText().min(1).max(max).regex(/^\//, "must be a path starting with '/'");
export const PagePathSchema = pagePath(MAX_PAGE_PATH_LENGTH);

const MetadataValueSchema = z.union([singleLineText().max(MAX_METADATA_TEXT_LENGTH), z.number().finite(), z.boolean(), z.null()]);

/**
 * Free-form facts about an event. Keys the rollups read: projectId (number), query, bhk, budgetMin, budgetMax,
 * locality, city, resultCount (number), brokerId, builderId.
 */
export const TrackedEventMetadataSchema = z
  .record(z.string().regex(new RegExp(`^[A-Za-z0-9_.-]{1,${MAX_METADATA_KEY_LENGTH}}$`), 'keys are 1 to 40 letters, digits, _ . or -'), MetadataValueSchema)
  .refine((metadata) => Object.keys(metadata).length <= MAX_METADATA_KEYS, { message: `at most ${MAX_METADATA_KEYS} keys` });
export type TrackedEventMetadata = z.infer<typeof TrackedEventMetadataSchema>;

export const TrackedEventSchema = z.strictObject({
  /** Made by the client (crypto.randomUUID()); the dedupe key: an event sent twice is stored once. */
  id: z.uuid(),
  event_name: TrackedEventNameSchema,
  /** The client's clock; the server clamps it to [received - 7 days, received + 5 minutes]. */
  at: z.iso.datetime({ offset: true }),
  page: PagePathSchema,
  metadata: TrackedEventMetadataSchema.optional(),
  /**
   * spec §3: a tracked event carries its session id. When sent it wins over the batch's, so events buffered in an
   * earlier session and sent later (spec §4's unsent list) keep the session they happened in.
   */
  sessionId: TrackingSessionIdSchema.optional(),
});
export type TrackedEvent = z.infer<typeof TrackedEventSchema>;

/** POST /track/event: a flush, a retry of unsent events, or the final navigator.sendBeacon (text/plain, no bearer). */
export const TrackEventBatchSchema = z.strictObject({
  sessionId: TrackingSessionIdSchema.optional(),
  /** Missing means 'essential': nothing personal is kept. */
  consent: TrackingConsentSchema.optional(),
  events: z.array(TrackedEventSchema).min(1).max(MAX_EVENTS_PER_BATCH),
});
export type TrackEventBatch = z.infer<typeof TrackEventBatchSchema>;

/** 202, sent only after the batch's rows have committed: an acknowledged event is never lost. */
export const TrackEventResponseSchema = z.object({
  success: z.literal(true),
  /** Events stored by this call. */
  stored: z.number().int(),
  /**
   * Events already stored by an earlier call (same id), not stored again. On the embedded database (decision 034) a
   * copy is recognised while its first copy is in the journal and for the next 100,000 events after; an older copy is
   * counted in `stored` and then skipped by the database, so it is still stored once.
   */
  duplicates: z.number().int(),
});
export type TrackEventResponse = z.infer<typeof TrackEventResponseSchema>;

const optionalText = (max: number) => singleLineText().max(max).nullish();
const optionalNumber = z.number().finite().nullish();

/** spec §3 device {id, type, os, browser, version}: a hint only; the server parses the User-Agent itself. */
export const TrackingDeviceSchema = z.strictObject({
  id: optionalText(64),
  type: optionalText(40),
  os: optionalText(60),
  browser: optionalText(60),
  version: optionalText(40),
});

/**
 * spec §3 location. Coordinates and address are never stored; with consent the city is (from the server's own IP
 * table first, else this city or the selected one). `ip` is ignored.
 */
export const TrackingLocationSchema = z.strictObject({
  area: optionalText(120),
  longitude: optionalNumber,
  latitude: optionalNumber,
  timezone: optionalText(60),
  city: optionalText(100),
  pin: optionalText(20),
  country: optionalText(60),
  ip: optionalText(64),
  address: optionalText(300),
});

/** spec §3 traffic_source. The server classifies the source itself from the referrer and the entry page. */
export const TrackingTrafficSourceSchema = z.strictObject({
  trafficSource: optionalText(100),
  trafficMedium: optionalText(100),
  referrer: optionalText(2048),
  browserName: optionalText(60),
  browserVersion: optionalText(40),
  trafficDevice: optionalText(40),
  trafficOS: optionalText(60),
});

/** POST /track/session/start: spec §3's tracking session payload, plus the consent and the selected city. */
export const TrackSessionStartSchema = z.strictObject({
  /** Ignored: the identity is the bearer token's (or a guest). */
  userId: z.union([singleLineText().max(100), z.number()]).nullish(),
  /** Ignored, like userId. */
  user_type: optionalText(20),
  device: TrackingDeviceSchema.nullish(),
  /** The landing page's path and query string (UTM parameters count toward the traffic source). */
  entry_page: pagePath(2048),
  /** Ignored: the address is the request's. */
  ip_address: optionalText(64),
  location: TrackingLocationSchema.nullish(),
  traffic_source: TrackingTrafficSourceSchema.nullish(),
  consent: TrackingConsentSchema,
  /** The city picked in the navbar (session storage 'selectedCity'), the fallback for the coarse city. */
  selectedCity: optionalText(100),
});
export type TrackSessionStart = z.infer<typeof TrackSessionStartSchema>;
export type TrackSessionStartInput = z.input<typeof TrackSessionStartSchema>;

/** 201. */
export const TrackSessionStartResponseSchema = z.object({
  success: z.literal(true),
  sessionId: TrackingSessionIdSchema,
});
export type TrackSessionStartResponse = z.infer<typeof TrackSessionStartResponseSchema>;

/** PUT /track/session/end: 204, also for a session the server never saw (spec §8's local id). */
export const TrackSessionEndSchema = z.strictObject({
  sessionId: TrackingSessionIdSchema,
  exit_page: pagePath(2048),
});
export type TrackSessionEnd = z.infer<typeof TrackSessionEndSchema>;
