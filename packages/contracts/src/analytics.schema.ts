import { z } from 'zod';
import { ApprovalSchema, IdInputSchema, StatusSchema } from './common.schema';
import { LEAD_STAGES } from './lead.schema';

/**
 * Insights (issue 13): the provider's analytics in the /dashboard console and a broker's own figures in
 * /RemoteComponent. Every figure is read from the tracking rollups (issue 12) and the catalogue, leads and moderation
 * tables, never from raw events (docs/decisions/017-analytics-read-model.md).
 *
 * Counts are whole numbers, rates are 0..1, days are 'YYYY-MM-DD' India calendar days (UTC+05:30, as the rollups
 * count them). "Visitors" are unique over the whole range asked for, not a sum of daily uniques.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as text; a day that does not exist (2026-02-30) is refused, not rolled over. */
export const AnalyticsDaySchema = z
  .string()
  .regex(DAY, 'Use a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Not a calendar date');

/** The longest range the overview and drill-downs answer for (a year, leap day included). */
export const MAX_ANALYTICS_RANGE_DAYS = 366;
/** The range when none is asked for: the last 30 days, today included. */
export const DEFAULT_ANALYTICS_RANGE_DAYS = 30;

/** Whole days from `from` to `to`, both included. */
export function analyticsRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * `?from&to` of the provider's routes: both optional (the last 30 days up to today by default; one alone fixes that
 * end of a 30-day range). `to` before `from` names `to`; a range over 366 days names `from`.
 */
export const AnalyticsRangeQuerySchema = z
  .object({
    from: AnalyticsDaySchema.optional(),
    to: AnalyticsDaySchema.optional(),
  })
  .strict()
  .superRefine((query, ctx) => {
    if (query.from === undefined || query.to === undefined) return;
    const days = analyticsRangeDays(query.from, query.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` must not be before `from`' });
    else if (days > MAX_ANALYTICS_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: `A range may cover at most ${MAX_ANALYTICS_RANGE_DAYS} days` });
  });
export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuerySchema>;

/** The windows a broker can pick (issue 13: 7 / 30 / 90 days, ending today). */
export const BROKER_INSIGHT_WINDOWS = [7, 30, 90] as const;
export type BrokerInsightWindow = (typeof BROKER_INSIGHT_WINDOWS)[number];

/** `GET /api/broker/insights?days=7|30|90` (30 when absent). */
export const BrokerInsightsQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .refine((value): value is BrokerInsightWindow => (BROKER_INSIGHT_WINDOWS as readonly number[]).includes(value), 'days must be 7, 30 or 90')
      .default(30),
  })
  .strict();
export type BrokerInsightsQuery = z.infer<typeof BrokerInsightsQuerySchema>;

export const AnalyticsIdParamSchema = z.object({ id: IdInputSchema });

export const AnalyticsRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Days in the range, both ends included. */
  days: z.number().int(),
});
export type AnalyticsRange = z.infer<typeof AnalyticsRangeSchema>;

const count = () => z.number().int().nonnegative();
const rate = () => z.number().min(0).max(1);

/** Leads on the listings by their stage (spec §2 Leads: new, interested, not interested, added to CRM). */
export const LeadsByStageSchema = z.object(Object.fromEntries(LEAD_STAGES.map((stage) => [stage, count()])) as Record<(typeof LEAD_STAGES)[number], ReturnType<typeof count>>);
export type LeadsByStage = z.infer<typeof LeadsByStageSchema>;

/**
 * `views`: PROJECT_VIEW events on the listings' pages; `visitors`: distinct people (or, without consent, sessions)
 * who viewed them in the range; `enquiries`: leads received on them in the range (the leads table: every enquiry,
 * tracked or not); `enquiryRate`: enquiries / views (0 without views).
 */
export const ListingTotalsSchema = z.object({
  views: count(),
  visitors: count(),
  enquiries: count(),
  enquiryRate: rate(),
  leadsByStage: LeadsByStageSchema,
});
export type ListingTotals = z.infer<typeof ListingTotalsSchema>;

export const ListingDaySchema = z.object({ day: z.string(), views: count(), visitors: count(), enquiries: count() });
export type ListingDay = z.infer<typeof ListingDaySchema>;

/** How a listing fared in moderation: its latest submission, the decision on it, and the provider's remarks. */
export const ListingModerationSchema = z.object({
  /** ISO time of the latest submission (upload or edit that sent it back to review). */
  submittedAt: z.string(),
  /** ISO time of the approval or rejection of that submission; null while it waits. */
  decidedAt: z.string().nullable(),
  /** Hours from submission to decision, or to now while it waits; one decimal. */
  waitHours: z.number().nonnegative(),
  /** The provider's remarks, oldest first. */
  remarks: z.array(z.object({ remark: z.string(), at: z.string() })),
});
export type ListingModeration = z.infer<typeof ListingModerationSchema>;

export const ListingInsightSchema = ListingTotalsSchema.extend({
  projectId: z.number().int(),
  name: z.string(),
  /** The listing's page on the site. */
  path: z.string(),
  status: StatusSchema,
  approval: ApprovalSchema,
  /** Viewed in the range but no enquiry in it. */
  seenNotEnquired: z.boolean(),
  moderation: ListingModerationSchema,
});
export type ListingInsight = z.infer<typeof ListingInsightSchema>;

/** `GET /api/broker/insights`: an approved broker's own listings only. */
export const BrokerInsightsResponseSchema = z.object({
  success: z.literal(true),
  range: AnalyticsRangeSchema,
  totals: ListingTotalsSchema,
  daily: z.array(ListingDaySchema),
  /** Most viewed first. */
  listings: z.array(ListingInsightSchema),
});
export type BrokerInsightsResponse = z.infer<typeof BrokerInsightsResponseSchema>;

/**
 * The budget bands of "what viewers searched for" (decision 030), in rupees: a search falls in the band holding the
 * top of its budget (its maximum, `max` included; else its minimum, `max` excluded). `band` is what the read model
 * stores; `max` null is the open top band.
 */
export const VIEWER_BUDGET_BANDS = [
  { band: 1, min: 0, max: 3_000_000 },
  { band: 2, min: 3_000_000, max: 5_000_000 },
  { band: 3, min: 5_000_000, max: 8_000_000 },
  { band: 4, min: 8_000_000, max: 10_000_000 },
  { band: 5, min: 10_000_000, max: 15_000_000 },
  { band: 6, min: 15_000_000, max: 20_000_000 },
  { band: 7, min: 20_000_000, max: 30_000_000 },
  { band: 8, min: 30_000_000, max: 50_000_000 },
  { band: 9, min: 50_000_000, max: null },
] as const satisfies readonly { band: number; min: number; max: number | null }[];

const NamedPlaceSchema = z.object({ id: z.number().int(), name: z.string() });
/** A budget band in rupees: from `min` up to `max` (null: no upper end). */
export const BudgetBandSchema = z.object({ min: z.number().int().nonnegative(), max: z.number().int().nullable() });
export type BudgetBand = z.infer<typeof BudgetBandSchema>;

/**
 * One search as the viewers made it: the bedroom counts they picked (empty: any; 5 stands for five and more, as on
 * the results page), the band of their budget (null: any), the locality and city they searched in (null: none, or a
 * name the site does not know). `searches`: how many such searches were followed by a view of the listing (of each
 * listing, for a total: one search that led to two of the listings counts for each).
 */
export const ViewerSearchSchema = z.object({
  bhk: z.array(z.number().int()),
  budget: BudgetBandSchema.nullable(),
  locality: NamedPlaceSchema.nullable(),
  city: NamedPlaceSchema.nullable(),
  searches: count(),
});
export type ViewerSearch = z.infer<typeof ViewerSearchSchema>;

/** `GET /api/broker/insights/searches?days=7|30|90` (30 when absent). */
export const BrokerViewerSearchesQuerySchema = BrokerInsightsQuerySchema;
export type BrokerViewerSearchesQuery = BrokerInsightsQuery;

/** The most common searches before a view per listing (at most 3 each) and over all the broker's listings. */
export const BrokerViewerSearchesResponseSchema = z.object({
  success: z.literal(true),
  range: AnalyticsRangeSchema,
  /** Searches followed by a view of any of the listings (one per listing it led to). */
  searches: count(),
  /** The most common whole searches (BHK, budget, place together), most first, at most 10. */
  top: z.array(ViewerSearchSchema),
  /** Each filter on its own, most first, at most 10 each: the other fields of a row are null / empty. */
  byBhk: z.array(ViewerSearchSchema),
  byBudget: z.array(ViewerSearchSchema),
  byPlace: z.array(ViewerSearchSchema),
  /** Every listing of the broker, the most searched-before first. */
  listings: z.array(z.object({ projectId: z.number().int(), name: z.string(), searches: count(), top: z.array(ViewerSearchSchema) })),
});
export type BrokerViewerSearchesResponse = z.infer<typeof BrokerViewerSearchesResponseSchema>;

/**
 * `GET /api/admin/analytics/overview?from&to` (provider only).
 * totals: pageViews (PAGE_VIEW events), sessions (visits that sent an event), visitors (distinct over the range),
 * signIns (USER_LOGIN + BROKER_LOGIN), enquiries (ENQUIRY_SENT + CONTACT_FORM_SENT events), leads (rows received in
 * the leads table), projectViews (PROJECT_VIEW), viewToEnquiry (ENQUIRY_SENT / PROJECT_VIEW, 0 without views).
 */
export const OverviewTotalsSchema = z.object({
  pageViews: count(),
  sessions: count(),
  visitors: count(),
  signIns: count(),
  enquiries: count(),
  leads: count(),
  projectViews: count(),
  viewToEnquiry: rate(),
});
export type OverviewTotals = z.infer<typeof OverviewTotalsSchema>;

export const OverviewDaySchema = z.object({ day: z.string(), pageViews: count(), sessions: count(), visitors: count(), enquiries: count(), signIns: count() });
export type OverviewDay = z.infer<typeof OverviewDaySchema>;

export const OverviewTopSchema = z.object({
  /** Most viewed projects (PROJECT_VIEW), with their enquiries (leads table). */
  projects: z.array(z.object({ projectId: z.number().int(), name: z.string(), views: count(), visitors: count(), enquiries: count() })),
  /** Localities by the project views of the listings in them. */
  localities: z.array(z.object({ name: z.string(), city: z.string(), views: count() })),
  /** Where visitors browse from (the session's coarse city; consented visits only): page views and visitors. */
  cities: z.array(z.object({ name: z.string(), views: count(), visitors: count() })),
  /** Searches by their words (lower-cased), with how many of them found nothing. */
  searches: z.array(z.object({ query: z.string(), count: count(), zeroResults: count() })),
  zeroResultSearches: z.array(z.object({ query: z.string(), count: count() })),
  /** Visits by traffic source (direct, search, social, referral, campaign, internal); consented visits only. */
  sources: z.array(z.object({ source: z.string(), sessions: count() })),
  /** Visits by device type (mobile, tablet, desktop, laptop). */
  devices: z.array(z.object({ device: z.string(), sessions: count() })),
});
export type OverviewTop = z.infer<typeof OverviewTopSchema>;

export const ModerationAgeSchema = z.object({
  /** Listings waiting for a decision now. */
  pending: count(),
  /** Of those waiting now, hours since submission (one decimal); 0 when none waits. */
  medianWaitHours: z.number().nonnegative(),
  oldestWaitHours: z.number().nonnegative(),
  /** Listing decisions per day in the range. */
  decisionsByDay: z.array(z.object({ day: z.string(), approved: count(), rejected: count() })),
});
export type ModerationAge = z.infer<typeof ModerationAgeSchema>;

export const AnalyticsOverviewResponseSchema = z.object({
  success: z.literal(true),
  range: AnalyticsRangeSchema,
  totals: OverviewTotalsSchema,
  /** Every day of the range, zeros included. */
  daily: z.array(OverviewDaySchema),
  top: OverviewTopSchema,
  moderation: ModerationAgeSchema,
});
export type AnalyticsOverviewResponse = z.infer<typeof AnalyticsOverviewResponseSchema>;

/**
 * `GET /api/admin/analytics/projects/{id}?from&to`: one listing's funnel. views (PROJECT_VIEW) -> favourites
 * (PROPERTY_ADDED_IN_WISHLIST) -> compares (COMPARE_ADDED) -> enquiries (leads received).
 */
export const ProjectAnalyticsResponseSchema = z.object({
  success: z.literal(true),
  range: AnalyticsRangeSchema,
  project: z.object({ id: z.number().int(), name: z.string(), path: z.string() }),
  funnel: z.object({ views: count(), favourites: count(), compares: count(), enquiries: count() }),
  daily: z.array(z.object({ day: z.string(), views: count(), enquiries: count() })),
});
export type ProjectAnalyticsResponse = z.infer<typeof ProjectAnalyticsResponseSchema>;

/** `GET /api/admin/analytics/brokers/{id}?from&to`: one broker's listings and leads, as the broker sees them. */
export const BrokerAnalyticsResponseSchema = z.object({
  success: z.literal(true),
  range: AnalyticsRangeSchema,
  broker: z.object({ id: z.number().int(), name: z.string() }),
  totals: ListingTotalsSchema,
  listings: z.array(ListingInsightSchema),
});
export type BrokerAnalyticsResponse = z.infer<typeof BrokerAnalyticsResponseSchema>;
