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
import type { AnalyticsRepository, DayRange, ListingRow, ViewerSearchRow, WindowOverview } from './analytics.repository';

const DAY_MS = 86_400_000;
/** India's calendar day (UTC+05:30, no daylight saving), as the rollups count days. */
const IST_OFFSET_MS = 330 * 60_000;
const TOP = 10;
const HOURS = 3_600_000;

/** Pseudo event names of the rollup rows issue 13 added (tracking-rollups.repository.ts). */
const SESSIONS = '#sessions';
const ZERO_RESULTS = '#zero-results';

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

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export interface AnalyticsServiceOptions {
  repository: AnalyticsRepository;
  clock: () => Date;
  /** The listings service's rule: a user, or an approved broker (a pending broker is refused with its own message). */
  ownerOf: (principal: Principal) => Promise<ListingOwner>;
}

/**
 * Issue 13's figures: the provider's overview and drill-downs, and a broker's insights on their own listings. Reads
 * the rollups and visitor-day facts (never raw events) and the catalogue, leads and moderation tables.
 */
export function createAnalyticsService({ repository, clock, ownerOf }: AnalyticsServiceOptions) {
  function providerRange(query: AnalyticsRangeQuery): DayRange {
    const span = DEFAULT_ANALYTICS_RANGE_DAYS - 1;
    const to = query.to ?? (query.from === undefined ? istDay(clock()) : addDays(query.from, span));
    const from = query.from ?? addDays(to, -span);
    return dayRange(from, to);
  }

  /**
   * The kept window (7, 30 or 90 days, decision 019) a range is, when the rollup job's windows end on its last day;
   * else null, and the figures are summed and counted from the daily rows (exact, slower).
   */
  async function windowOf(range: DayRange): Promise<number | null> {
    const days = analyticsRangeDays(range.from, range.to);
    if (!(ANALYTICS_WINDOWS as readonly number[]).includes(days)) return null;
    return (await repository.windowEnd()) === range.to ? days : null;
  }

  /** The overview's ranked lists and unique visitors from the daily rows, for a range that is not a kept window. */
  async function rankedFromDays(range: DayRange): Promise<WindowOverview> {
    const [visitors, viewed, topCities, topSearches, zeroSearches] = await Promise.all([
      repository.uniqueVisitors('total', range),
      repository.topViewed(range, TOP),
      repository.topKeys('city', 'PAGE_VIEW', range, TOP),
      repository.topKeys('search', 'SEARCH', range, TOP),
      repository.topKeys('search', ZERO_RESULTS, range, TOP),
    ]);
    const [projectVisitors, cityVisitors, searchZeros] = await Promise.all([
      repository.uniqueVisitorsByKey('project', range, viewed.projects.map((row) => row.key)),
      repository.uniqueVisitorsByKey('city', range, topCities.map((row) => row.key)),
      topSearches.length === 0 ? [] : repository.rollups('search', range, [ZERO_RESULTS], topSearches.map((row) => row.key)),
    ]);
    const visitorsOfProject = new Map(projectVisitors.map((row) => [row.key, row.value]));
    const visitorsOfCity = new Map(cityVisitors.map((row) => [row.key, row.value]));
    const zerosOf = sumBy(searchZeros, (row) => row.key, (row) => row.events);
    return {
      visitors,
      projects: viewed.projects.map((row) => ({ key: row.key, views: row.value, visitors: visitorsOfProject.get(row.key) ?? 0 })),
      localities: viewed.localities,
      cities: topCities.map((row) => ({ key: row.key, views: row.value, visitors: visitorsOfCity.get(row.key) ?? 0 })),
      searches: topSearches.map((row) => ({ key: row.key, count: row.value, zeroResults: zerosOf.get(row.key) ?? 0 })),
      zeroResultSearches: zeroSearches,
    };
  }

  /** Per-listing and total figures of some listings over a range. */
  async function listingFigures(listings: readonly ListingRow[], range: DayRange, window: number | null) {
    const ids = listings.map((listing) => listing.id);
    const keys = ids.map(String);
    const [views, visitorsByKey, visitors, leads, remarks] = await Promise.all([
      ids.length === 0 ? [] : repository.rollups('project', range, ['PROJECT_VIEW'], keys),
      window === null ? repository.uniqueVisitorsByKey('project', range, keys) : repository.windowListingVisitors(window, keys),
      ids.length === 0 ? 0 : window === null ? repository.uniqueVisitors('project', range, keys) : repository.viewersSince(keys, range.from),
      repository.leadsOn(ids, range),
      repository.remarks(ids),
    ]);
    const viewsOf = sumBy(views, (row) => row.key, (row) => row.events);
    const visitorsOf = new Map(visitorsByKey.map((row) => [row.key, row.value]));
    const now = clock();

    const insights: ListingInsight[] = listings.map((listing) => {
      const own = leads.filter((lead) => lead.projectId === listing.id);
      const leadsByStage = noLeads();
      for (const lead of own) if (lead.stage in leadsByStage) leadsByStage[lead.stage as keyof LeadsByStage] += lead.leads;
      const enquiries = own.reduce((sum, lead) => sum + lead.leads, 0);
      const listingViews = viewsOf.get(String(listing.id)) ?? 0;
      return {
        projectId: listing.id,
        name: listing.name,
        path: pathOf(listing),
        status: listing.status,
        approval: listing.approval,
        views: listingViews,
        visitors: visitorsOf.get(String(listing.id)) ?? 0,
        enquiries,
        enquiryRate: rateOf(enquiries, listingViews),
        leadsByStage,
        seenNotEnquired: listingViews > 0 && enquiries === 0,
        moderation: {
          submittedAt: listing.submittedAt.toISOString(),
          decidedAt: listing.decidedAt?.toISOString() ?? null,
          waitHours: oneDecimal(Math.max(0, ((listing.decidedAt ?? now).getTime() - listing.submittedAt.getTime()) / HOURS)),
          remarks: remarks.filter((remark) => remark.projectId === listing.id).map((remark) => ({ remark: remark.remark, at: remark.at.toISOString() })),
        },
      };
    });
    insights.sort((a, b) => b.views - a.views || b.enquiries - a.enquiries || a.projectId - b.projectId);

    const leadsByStage = noLeads();
    for (const insight of insights) for (const stage of LEAD_STAGES) leadsByStage[stage] += insight.leadsByStage[stage];
    const totalViews = insights.reduce((sum, insight) => sum + insight.views, 0);
    const totalEnquiries = insights.reduce((sum, insight) => sum + insight.enquiries, 0);
    const totals: ListingTotals = { views: totalViews, visitors, enquiries: totalEnquiries, enquiryRate: rateOf(totalEnquiries, totalViews), leadsByStage };
    return { insights, totals, views, leads, ids };
  }

  return {
    /** GET /api/broker/insights: the caller's own listings only (a pending broker is refused by ownerOf). */
    async brokerInsights(principal: Principal, days: BrokerInsightWindow): Promise<Without<BrokerInsightsResponse>> {
      if (principal.kind !== 'broker') throw new DomainError('FORBIDDEN', 'Insights are for brokers');
      const owner = await ownerOf(principal);
      const to = istDay(clock());
      const range = dayRange(addDays(to, -(days - 1)), to);
      const [listings, window] = await Promise.all([repository.listings({ brokerId: owner.id }), windowOf(range)]);
      const { insights, totals, views, leads, ids } = await listingFigures(listings, range, window);
      const viewersByDay = await repository.listingViewersByDay(ids, range);
      const viewsByDay = sumBy(views, (row) => row.day, (row) => row.events);
      const leadsByDay = sumBy(leads, (lead) => lead.day, (lead) => lead.leads);
      const visitorsByDay = new Map(viewersByDay.map((row) => [row.key, row.value]));
      return {
        range: rangeOut(range),
        totals,
        daily: everyDay(range).map((day) => ({ day, views: viewsByDay.get(day) ?? 0, visitors: visitorsByDay.get(day) ?? 0, enquiries: leadsByDay.get(day) ?? 0 })),
        listings: insights,
      };
    },

    /** GET /api/broker/insights/searches: what the viewers of the caller's own listings had searched for. */
    async brokerViewerSearches(principal: Principal, days: BrokerInsightWindow): Promise<Without<BrokerViewerSearchesResponse>> {
      if (principal.kind !== 'broker') throw new DomainError('FORBIDDEN', 'Insights are for brokers');
      const owner = await ownerOf(principal);
      const to = istDay(clock());
      const range = dayRange(addDays(to, -(days - 1)), to);
      const listings = await repository.listingNames(owner.id);
      const found = await repository.viewerSearches(listings.map((listing) => listing.id), range, TOP, PER_LISTING);
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
    },

    /** GET /api/admin/analytics/overview. */
    async overview(query: AnalyticsRangeQuery): Promise<Without<AnalyticsOverviewResponse>> {
      const range = providerRange(query);
      const window = await windowOf(range);
      const [totalRows, leadCount, ranked, sources, devices, pending, decisions] = await Promise.all([
        repository.rollups('total', range, ['PAGE_VIEW', SESSIONS, '*', 'ENQUIRY_SENT', 'CONTACT_FORM_SENT', 'USER_LOGIN', 'BROKER_LOGIN', 'PROJECT_VIEW'], ['']),
        repository.leadCount(range),
        window === null ? rankedFromDays(range) : repository.windowOverview(window, TOP),
        repository.topKeys('source', SESSIONS, range, TOP, 'visitors'),
        repository.topKeys('device', SESSIONS, range, TOP, 'visitors'),
        repository.pendingSubmissions(),
        repository.decisionsByDay(range),
      ]);
      const topProjects = ranked.projects;
      const projectIds = topProjects.map((row) => Number(row.key)).filter((id) => Number.isSafeInteger(id));
      const [names, projectLeads] = await Promise.all([repository.projectNames(projectIds), repository.leadsOn(projectIds, range)]);

      const byDay = new Map<string, Map<string, { events: number; visitors: number }>>();
      for (const row of totalRows) {
        const day = byDay.get(row.day) ?? new Map<string, { events: number; visitors: number }>();
        day.set(row.eventName, { events: row.events, visitors: row.visitors });
        byDay.set(row.day, day);
      }
      const daily = everyDay(range).map((day) => {
        const counts = byDay.get(day);
        const events = (name: string) => counts?.get(name)?.events ?? 0;
        return {
          day,
          pageViews: events('PAGE_VIEW'),
          sessions: counts?.get(SESSIONS)?.visitors ?? 0,
          visitors: counts?.get('*')?.visitors ?? 0,
          enquiries: events('ENQUIRY_SENT') + events('CONTACT_FORM_SENT'),
          signIns: events('USER_LOGIN') + events('BROKER_LOGIN'),
        };
      });
      const total = (name: string) => totalRows.filter((row) => row.eventName === name).reduce((sum, row) => sum + row.events, 0);
      const projectViews = total('PROJECT_VIEW');
      const leadsOfProject = sumBy(projectLeads, (lead) => String(lead.projectId), (lead) => lead.leads);
      const now = clock().getTime();
      const waits = pending.map((at) => Math.max(0, (now - at.getTime()) / HOURS));
      const decided = new Map<string, { approved: number; rejected: number }>();
      for (const row of decisions) {
        const day = decided.get(row.day) ?? { approved: 0, rejected: 0 };
        if (row.action === 'approve') day.approved += row.n;
        else day.rejected += row.n;
        decided.set(row.day, day);
      }

      return {
        range: rangeOut(range),
        totals: {
          pageViews: total('PAGE_VIEW'),
          sessions: daily.reduce((sum, day) => sum + day.sessions, 0),
          visitors: ranked.visitors,
          signIns: total('USER_LOGIN') + total('BROKER_LOGIN'),
          enquiries: total('ENQUIRY_SENT') + total('CONTACT_FORM_SENT'),
          leads: leadCount,
          projectViews,
          viewToEnquiry: rateOf(total('ENQUIRY_SENT'), projectViews),
        },
        daily,
        top: {
          projects: topProjects
            .filter((row) => names.has(Number(row.key)))
            .map((row) => ({ projectId: Number(row.key), name: names.get(Number(row.key)) ?? '', views: row.views, visitors: row.visitors, enquiries: leadsOfProject.get(row.key) ?? 0 })),
          localities: ranked.localities,
          cities: ranked.cities.map((row) => ({ name: row.key, views: row.views, visitors: row.visitors })),
          searches: ranked.searches.map((row) => ({ query: row.key, count: row.count, zeroResults: row.zeroResults })),
          zeroResultSearches: ranked.zeroResultSearches.map((row) => ({ query: row.key, count: row.value })),
          sources: sources.map((row) => ({ source: row.key, sessions: row.value })),
          devices: devices.map((row) => ({ device: row.key, sessions: row.value })),
        },
        moderation: {
          pending: pending.length,
          medianWaitHours: oneDecimal(median(waits)),
          oldestWaitHours: oneDecimal(waits.length === 0 ? 0 : Math.max(...waits)),
          decisionsByDay: everyDay(range).map((day) => ({ day, ...(decided.get(day) ?? { approved: 0, rejected: 0 }) })),
        },
      };
    },

    /** GET /api/admin/analytics/projects/{id}: one listing's funnel. */
    async project(id: number, query: AnalyticsRangeQuery): Promise<Without<ProjectAnalyticsResponse>> {
      const range = providerRange(query);
      const [listing] = await repository.listings({ id });
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
      const [listings, window] = await Promise.all([repository.listings({ brokerId: id }), windowOf(range)]);
      const { insights, totals } = await listingFigures(listings, range, window);
      return { range: rangeOut(range), broker: { id, name }, totals, listings: insights };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
