import type {
  AnalyticsOverviewResponse,
  AnalyticsRange,
  AnalyticsRangeQuery,
  BrokerAnalyticsResponse,
  BrokerInsightsResponse,
  BrokerInsightWindow,
  LeadsByStage,
  ListingInsight,
  ListingTotals,
  ProjectAnalyticsResponse,
  BrokerViewerSearchesResponse,
  ViewerSearch,
} from '@nivaas/contracts/analytics.schema';
import { analyticsRangeDays, DEFAULT_ANALYTICS_RANGE_DAYS, VIEWER_BUDGET_BANDS } from '@nivaas/contracts/analytics.schema';
import { ANALYTICS_WINDOWS } from '@nivaas/db';
import type { Principal } from '@nivaas/contracts/auth.schema';
import { LEAD_STAGES } from '@nivaas/contracts/lead.schema';
import { projectPath, uploadPath } from '@nivaas/contracts/project-path';
import { DomainError } from '../../lib/domain-error';
import type { ListingOwner } from '../listings/listings.service';
import type { AnalyticsRepository, BrokerFigures, Counted, DayMark, DayRange, ListingRow, OverviewFigures, RankedLists, ViewerSearchRow } from './analytics.repository';
import { createAnalyticsDayCounts } from './analytics-day-counts';
import { sharedReads } from '../../lib/shared-reads';

const DAY_MS = 86_400_000;
/** India's calendar day (UTC+05:30, no daylight saving), as the rollups count days. */
const IST_OFFSET_MS = 330 * 60_000;
const TOP = 10;
const HOURS = 3_600_000;

type Without<T> = Omit<T, 'success'>;

/** Whole searches shown per listing in the viewers' searches (the overall lists show TOP). */
const PER_LISTING = 3;

/** A viewers' search row as the contract gives it: the BHK set as numbers, the budget band in rupees. */
function viewerSearch(row: ViewerSearchRow): ViewerSearch {
  const band = VIEWER_BUDGET_BANDS.find((candidate) => candidate.band === row.budgetBand);
  return {
    bhk: row.bhk === '' ? [] : row.bhk.split(',').map(Number),
    budget: band === undefined ? null : { min: band.min, max: band.max },
    locality: row.locality,
    city: row.city,
    searches: row.searches,
  };
}

function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant an India day starts. */
function startOf(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

function dayRange(from: string, to: string): DayRange {
  return { from, to, since: startOf(from), until: startOf(addDays(to, 1)) };
}

function everyDay(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

function rangeOut(range: DayRange): AnalyticsRange {
  return { from: range.from, to: range.to, days: analyticsRangeDays(range.from, range.to) };
}

function rateOf(part: number, whole: number): number {
  return whole > 0 ? Math.min(1, part / whole) : 0;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function noLeads(): LeadsByStage {
  return Object.fromEntries(LEAD_STAGES.map((stage) => [stage, 0])) as LeadsByStage;
}

function sumBy<T>(items: readonly T[], key: (item: T) => string, value: (item: T) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + value(item));
  return out;
}

/** The listing's page: an upload's by its owner (a user's before a broker's), else the builder project's. */
function pathOf(row: ListingRow): string {
  if (row.item === 'listing') {
    return uploadPath(row.ownerId === null && row.brokerId !== null ? 'broker' : 'user', { id: row.id, type: row.type, units: [{ type: row.unitType }] });
  }
  const named = (name: string | null) => (name === null ? null : { name });
  return projectPath({ id: row.id, name: row.name, tags: row.tags, city: named(row.city), zone: named(row.zone), location: named(row.location) });
}

export interface AnalyticsServiceOptions {
  repository: AnalyticsRepository;
  clock: () => Date;
  /** The listings service's rule: a user, or an approved broker (a pending broker is refused with its own message). */
  ownerOf: (principal: Principal) => Promise<ListingOwner>;
  /**
   * Count a custom range's ranked lists in process from kept per-day counts (decision 043); default true. False reads
   * them in SQL (nivaas_analytics_ranked, decision 039), as before: the bench's identity check compares the two.
   */
  countsInProcess?: boolean;
}

/** Reads of a rank whose counts turned out stale before falling back to SQL (a fold in between each time). */
const RANK_ATTEMPTS = 3;

/**
 * Issue 13's figures: the provider's overview and drill-downs, and a broker's insights on their own listings. Reads
 * the rollups and visitor-day facts (never raw events) and the catalogue, leads and moderation tables.
 */
export function createAnalyticsService({ repository, clock, ownerOf, countsInProcess = true }: AnalyticsServiceOptions) {
  const dayCounts = countsInProcess ? createAnalyticsDayCounts({ repository, today: () => istDay(clock()) }) : null;
  // Identical requests in flight together share one read (decision 037); keyed after the access check, by what the
  // answer depends on: the broker (never the caller's token), the range, and for the overview the minute (its
  // moderation waits are counted to the request's time, in tenths of an hour).
  const sharedInsights = sharedReads<Without<BrokerInsightsResponse>>();
  const sharedSearches = sharedReads<Without<BrokerViewerSearchesResponse>>();
  const sharedOverview = sharedReads<Without<AnalyticsOverviewResponse>>();
  const sharedBroker = sharedReads<BrokerFigures>();

  function providerRange(query: AnalyticsRangeQuery): DayRange {
    const span = DEFAULT_ANALYTICS_RANGE_DAYS - 1;
    const to = query.to ?? (query.from === undefined ? istDay(clock()) : addDays(query.from, span));
    const from = query.from ?? addDays(to, -span);
    return dayRange(from, to);
  }

  /** Per-listing and total figures of a broker's listings over a range (one statement: brokerFigures). */
  function listingFigures({ listings, visitors, leads }: BrokerFigures) {
    const now = clock();
    const insights: ListingInsight[] = listings.map((listing) => {
      const own = leads.filter((lead) => lead.projectId === listing.id);
      const leadsByStage = noLeads();
      for (const lead of own) if (lead.stage in leadsByStage) leadsByStage[lead.stage as keyof LeadsByStage] += lead.leads;
      const enquiries = own.reduce((sum, lead) => sum + lead.leads, 0);
      return {
        projectId: listing.id,
        name: listing.name,
        path: pathOf(listing),
        status: listing.status,
        approval: listing.approval,
        views: listing.views,
        visitors: listing.visitors,
        enquiries,
        enquiryRate: rateOf(enquiries, listing.views),
        leadsByStage,
        seenNotEnquired: listing.views > 0 && enquiries === 0,
        moderation: {
          submittedAt: listing.submittedAt.toISOString(),
          decidedAt: listing.decidedAt?.toISOString() ?? null,
          waitHours: oneDecimal(Math.max(0, ((listing.decidedAt ?? now).getTime() - listing.submittedAt.getTime()) / HOURS)),
          remarks: listing.remarks.map((remark) => ({ remark: remark.remark, at: remark.at.toISOString() })),
        },
      };
    });
    insights.sort((a, b) => b.views - a.views || b.enquiries - a.enquiries || a.projectId - b.projectId);

    const leadsByStage = noLeads();
    for (const insight of insights) for (const stage of LEAD_STAGES) leadsByStage[stage] += insight.leadsByStage[stage];
    const totalViews = insights.reduce((sum, insight) => sum + insight.views, 0);
    const totalEnquiries = insights.reduce((sum, insight) => sum + insight.enquiries, 0);
    const totals: ListingTotals = { views: totalViews, visitors, enquiries: totalEnquiries, enquiryRate: rateOf(totalEnquiries, totalViews), leadsByStage };
    return { insights, totals };
  }

  /** A broker's insights over a range (the route's answer; shared by identical requests in flight). */
  async function insightsOf(brokerId: number, range: DayRange): Promise<Without<BrokerInsightsResponse>> {
    const figures = await repository.brokerFigures(brokerId, range);
    const { insights, totals } = listingFigures(figures);
    const viewsByDay = new Map(figures.views.map((row) => [row.key, row.value]));
    const visitorsByDay = new Map(figures.viewers.map((row) => [row.key, row.value]));
    const leadsByDay = sumBy(figures.leads, (lead) => lead.day, (lead) => lead.leads);
    return {
      range: rangeOut(range),
      totals,
      daily: everyDay(range).map((day) => ({ day, views: viewsByDay.get(day) ?? 0, visitors: visitorsByDay.get(day) ?? 0, enquiries: leadsByDay.get(day) ?? 0 })),
      listings: insights,
    };
  }

  /** What the viewers of a broker's listings had searched for over a range. */
  async function viewerSearchesOf(brokerId: number, range: DayRange): Promise<Without<BrokerViewerSearchesResponse>> {
    const { listings, rows: found } = await repository.viewerSearches(brokerId, range, TOP, PER_LISTING);
    const of = (kind: ViewerSearchRow['kind']) => found.filter((row) => row.kind === kind);
    const countOf = new Map(of('listing-total').map((row) => [row.projectId, row.searches]));
    return {
      range: rangeOut(range),
      searches: of('total')[0]?.searches ?? 0,
      top: of('top').map(viewerSearch),
      byBhk: of('bhk').map(viewerSearch),
      byBudget: of('budget').map(viewerSearch),
      byPlace: of('place').map(viewerSearch),
      listings: listings
        .map((listing) => ({
          projectId: listing.id,
          name: listing.name,
          searches: countOf.get(listing.id) ?? 0,
          top: of('listing').filter((row) => row.projectId === listing.id).map(viewerSearch),
        }))
        .sort((a, b) => b.searches - a.searches || a.projectId - b.projectId),
    };
  }

  /**
   * A read that uses the ranked lists' candidates counted in process (decision 043) and returns the day marks since
   * the counts' watermark: sent again after reading the marked days while the counts turn out not current (a fold in
   * between), and null when the range is not kept or they never were (the caller reads in SQL, as 039).
   */
  async function withCounts<T>(range: DayRange, read: (counted: Counted) => Promise<T & { marks: DayMark[] }>): Promise<T | null> {
    if (dayCounts === null) return null;
    await dayCounts.ready();
    for (let attempt = 0; attempt < RANK_ATTEMPTS && dayCounts.covers(range.from, range.to); attempt += 1) {
      const rankedAt = dayCounts.generation();
      const found = await read(dayCounts.rank(range.from, range.to, TOP));
      const stale = dayCounts.stale(found.marks, rankedAt);
      if (stale === null) return found;
      if (stale.length > 0) await dayCounts.refresh(stale);
    }
    return null;
  }

  /**
   * The overview's figures; for a range that cannot be a kept window, its ranked lists from the counts kept in
   * process, in the same statement (decision 043).
   */
  async function overviewFiguresOf(range: DayRange, window: number | null): Promise<OverviewFigures> {
    const counted = window === null ? await withCounts(range, (candidates) => repository.overviewFigures(range, window, TOP, clock(), candidates)) : null;
    return counted ?? repository.overviewFigures(range, window, TOP, clock());
  }

  /** The ranked lists of a range of 7, 30 or 90 days that the kept windows do not end on. */
  async function rankedOf(range: DayRange): Promise<RankedLists> {
    const counted = await withCounts(range, (candidates) => repository.rankedNamed(range, TOP, candidates));
    return counted?.ranked ?? repository.rankedRange(range, TOP);
  }

  /** The overview of a range. */
  async function overviewOf(range: DayRange): Promise<Without<AnalyticsOverviewResponse>> {
    const days = analyticsRangeDays(range.from, range.to);
    // A range of 7, 30 or 90 days may be a kept window (decision 019): the statement checks that they end on its
    // last day and answers the ranked lists from them; any other range has them from nivaas_analytics_ranked
    // (decision 039), in the same statement when its length already says it is no window.
    const window = (ANALYTICS_WINDOWS as readonly number[]).includes(days) ? days : null;
    const figures = await overviewFiguresOf(range, window);
    const ranked = figures.ranked ?? (await rankedOf(range));
    const byDay = new Map(figures.daily.map((row) => [row.day, row]));
    const everyDayOfRange = everyDay(range);
    const daily = everyDayOfRange.map((day) => {
      const row = byDay.get(day);
      return { day, pageViews: row?.pageViews ?? 0, sessions: row?.sessions ?? 0, visitors: row?.visitors ?? 0, enquiries: row?.enquiries ?? 0, signIns: row?.signIns ?? 0 };
    });
    const total = (measure: (row: (typeof figures.daily)[number]) => number) => figures.daily.reduce((sum, row) => sum + measure(row), 0);
    const projectViews = total((row) => row.projectViews);
    const decided = new Map(figures.decisions.map(({ day, approved, rejected }) => [day, { approved, rejected }]));

    return {
      range: rangeOut(range),
      totals: {
        pageViews: total((row) => row.pageViews),
        sessions: total((row) => row.sessions),
        visitors: ranked.visitors,
        signIns: total((row) => row.signIns),
        enquiries: total((row) => row.enquiries),
        leads: figures.leads,
        projectViews,
        viewToEnquiry: rateOf(total((row) => row.enquirySent), projectViews),
      },
      daily,
      top: {
        projects: ranked.projects,
        localities: ranked.localities,
        cities: ranked.cities.map((row) => ({ name: row.key, views: row.views, visitors: row.visitors })),
        searches: ranked.searches.map((row) => ({ query: row.key, count: row.count, zeroResults: row.zeroResults })),
        zeroResultSearches: ranked.zeroResultSearches.map((row) => ({ query: row.key, count: row.value })),
        sources: figures.sources.map((row) => ({ source: row.key, sessions: row.value })),
        devices: figures.devices.map((row) => ({ device: row.key, sessions: row.value })),
      },
      moderation: {
        pending: figures.pending.count,
        medianWaitHours: oneDecimal(figures.pending.medianWaitHours),
        oldestWaitHours: oneDecimal(figures.pending.oldestWaitHours),
        decisionsByDay: everyDayOfRange.map((day) => ({ day, ...(decided.get(day) ?? { approved: 0, rejected: 0 }) })),
      },
    };
  }

  return {
    /** GET /api/broker/insights: the caller's own listings only (a pending broker is refused by ownerOf). */
    async brokerInsights(principal: Principal, days: BrokerInsightWindow): Promise<Without<BrokerInsightsResponse>> {
      if (principal.kind !== 'broker') throw new DomainError('FORBIDDEN', 'Insights are for brokers');
      const owner = await ownerOf(principal);
      const to = istDay(clock());
      return sharedInsights(`${owner.id}:${days}:${to}`, () => insightsOf(owner.id, dayRange(addDays(to, -(days - 1)), to)));
    },

    /** GET /api/broker/insights/searches: what the viewers of the caller's own listings had searched for. */
    async brokerViewerSearches(principal: Principal, days: BrokerInsightWindow): Promise<Without<BrokerViewerSearchesResponse>> {
      if (principal.kind !== 'broker') throw new DomainError('FORBIDDEN', 'Insights are for brokers');
      const owner = await ownerOf(principal);
      const to = istDay(clock());
      return sharedSearches(`${owner.id}:${days}:${to}`, () => viewerSearchesOf(owner.id, dayRange(addDays(to, -(days - 1)), to)));
    },

    /** GET /api/admin/analytics/overview. */
    async overview(query: AnalyticsRangeQuery): Promise<Without<AnalyticsOverviewResponse>> {
      const range = providerRange(query);
      return sharedOverview(`${range.from}:${range.to}:${Math.floor(clock().getTime() / 60_000)}`, () => overviewOf(range));
    },

    /** GET /api/admin/analytics/projects/{id}: one listing's funnel. */
    async project(id: number, query: AnalyticsRangeQuery): Promise<Without<ProjectAnalyticsResponse>> {
      const range = providerRange(query);
      const listing = await repository.listing(id);
      if (!listing) throw DomainError.notFound('Listing', id);
      const [events, leads] = await Promise.all([
        repository.rollups('project', range, ['PROJECT_VIEW', 'PROPERTY_ADDED_IN_WISHLIST', 'COMPARE_ADDED'], [String(id)]),
        repository.leadsOn([id], range),
      ]);
      const total = (name: string) => events.filter((row) => row.eventName === name).reduce((sum, row) => sum + row.events, 0);
      const viewsByDay = sumBy(events.filter((row) => row.eventName === 'PROJECT_VIEW'), (row) => row.day, (row) => row.events);
      const leadsByDay = sumBy(leads, (lead) => lead.day, (lead) => lead.leads);
      return {
        range: rangeOut(range),
        project: { id, name: listing.name, path: pathOf(listing) },
        funnel: {
          views: total('PROJECT_VIEW'),
          favourites: total('PROPERTY_ADDED_IN_WISHLIST'),
          compares: total('COMPARE_ADDED'),
          enquiries: leads.reduce((sum, lead) => sum + lead.leads, 0),
        },
        daily: everyDay(range).map((day) => ({ day, views: viewsByDay.get(day) ?? 0, enquiries: leadsByDay.get(day) ?? 0 })),
      };
    },

    /** GET /api/admin/analytics/brokers/{id}: one broker's listings and leads, as that broker sees them. */
    async broker(id: number, query: AnalyticsRangeQuery): Promise<Without<BrokerAnalyticsResponse>> {
      const range = providerRange(query);
      const name = await repository.brokerName(id);
      if (name === null) throw DomainError.notFound('Broker', id);
      const { insights, totals } = listingFigures(await sharedBroker(`${id}:${range.from}:${range.to}`, () => repository.brokerFigures(id, range)));
      return { range: rangeOut(range), broker: { id, name }, totals, listings: insights };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
