/**
 * The closed vocabularies the database enforces with CHECK constraints. The first four repeat
 * `@nivaas/contracts` on purpose: the db package must not depend on the API's zod layer, and
 * `enums.test.ts` fails the build if the two ever drift apart.
 */

/** spec §3/§4: decided by the provider. */
export const APPROVALS = ['approved', 'pending', 'rejected'] as const;
export type Approval = (typeof APPROVALS)[number];

/** spec §4: the display toggle, offered only on approved properties. */
export const STATUSES = ['active', 'inactive'] as const;
export type Status = (typeof STATUSES)[number];

/** spec §3: 'pent house' keeps its space because the client builds URLs and labels from it. */
export const PROPERTY_TYPES = ['apartment', 'villa', 'plot', 'residentialhouse', 'pent house', 'studio'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** One table holds both: a builder's development ('project') and a user's or broker's upload ('listing'). */
export const ITEMS = ['project', 'listing'] as const;
export type Item = (typeof ITEMS)[number];

export const PROJECT_MEDIA_TITLES = ['logo', 'banner', 'gallery'] as const;
export type ProjectMediaTitle = (typeof PROJECT_MEDIA_TITLES)[number];

export const CITY_MEDIA_TITLES = ['banner', 'logo'] as const;
export type CityMediaTitle = (typeof CITY_MEDIA_TITLES)[number];

export const TRANSACTION_TAGS = ['New Booking', 'Resale'] as const;
export type TransactionTag = (typeof TRANSACTION_TAGS)[number];

export const FURNISHINGS = ['Unfurnished', 'Semi-Furnished', 'Fully Furnished'] as const;
export type Furnishing = (typeof FURNISHINGS)[number];

export const FACINGS = ['East', 'West', 'North', 'South', 'North-East', 'North-West', 'South-East', 'South-West'] as const;
export type Facing = (typeof FACINGS)[number];

/**
 * Tags are free text in the column (the provider may invent new ones); these are the ones the
 * home page rails and filters know. spec §2: 'Upcoming Launches' marks a pre-launch project.
 */
export const PROJECT_TAGS = [
  'Trending',
  'Upcoming Launches',
  'Ready to Move',
  'New Launch',
  'Luxury',
  'Affordable',
  'Gated Community',
] as const;
export type ProjectTag = (typeof PROJECT_TAGS)[number];

export const LEAD_SOURCES = ['form', 'chat'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** spec §2 leads screen: Interested, Not Interested, Add to CRM. */
export const LEAD_STAGES = ['new', 'interested', 'not_interested', 'crm'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const REVIEW_SUBJECTS = ['city', 'zone', 'location'] as const;
export type ReviewSubject = (typeof REVIEW_SUBJECTS)[number];

export const OTP_CHANNELS = ['phone', 'email'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

export const SUBJECT_KINDS = ['user', 'broker', 'provider'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

/**
 * Whom a passcode is for: signing in as one of the kinds above, or proving a phone or e-mail a signed-in user is
 * adding to their profile ('user-contact'). Kept apart so a sign-in code never proves a contact, nor the reverse.
 */
export const OTP_SUBJECTS = [...SUBJECT_KINDS, 'user-contact'] as const;
export type OtpSubject = (typeof OTP_SUBJECTS)[number];

export const STAFF_ROLES = ['admin', 'moderator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** spec §3 tracking session payload: user_type. */
export const VISITOR_TYPES = ['user', 'broker', 'guest'] as const;
export type VisitorType = (typeof VISITOR_TYPES)[number];

/** Issue 12: what a visitor allowed. 'essential' keeps nothing personal (no identity, address or city). */
export const TRACKING_CONSENTS = ['analytics', 'essential'] as const;
export type TrackingConsentValue = (typeof TRACKING_CONSENTS)[number];

/** spec §9 device types, as the server reads them from the User-Agent. */
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop', 'laptop'] as const;
export type DeviceTypeValue = (typeof DEVICE_TYPES)[number];

/** Where a visit came from, as the server classifies its referrer and landing page. */
export const TRAFFIC_SOURCES = ['direct', 'search', 'social', 'referral', 'campaign', 'internal'] as const;
export type TrafficSourceValue = (typeof TRAFFIC_SOURCES)[number];

/** What the daily tracking rollups count by (issue 12); 'total' has one key, the empty string. */
export const ROLLUP_DIMENSIONS = ['total', 'page', 'project', 'city', 'source', 'device', 'search'] as const;
export type RollupDimension = (typeof ROLLUP_DIMENSIONS)[number];

/**
 * What the visitor-day facts (issue 13) record who was seen by, so unique visitors over any range are exact: the
 * whole site ('total'), a listing's viewers ('project'), a visitor's city, and the search facets a visitor used.
 */
export const VISITOR_DAY_DIMENSIONS = ['total', 'project', 'city', 'bhk', 'budget', 'locality'] as const;
export type VisitorDayDimension = (typeof VISITOR_DAY_DIMENSIONS)[number];

/**
 * The windows the analytics screens ask for most (last 7 / 30 / 90 days, today included): the rollup job keeps
 * their totals, top-N and unique visitors ready (tracking_window_counts, decision 019).
 */
export const ANALYTICS_WINDOWS = [7, 30, 90] as const;
/** Who each visitor was last seen by (tracking_visitor_last_seen): the site, a city, a listing's viewers. */
export const LAST_SEEN_DIMENSIONS = ['total', 'project', 'city'] as const;

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
