/**
 * Ninety days of visits and events (issue 13), so a fresh install's analytics screens show a believable site: the
 * busy cities and the popular projects get most of the views, a few per cent of project views become enquiries (each
 * with its lead, so owners' and brokers' figures agree), searches use real localities, BHK and budgets and some find
 * nothing, and sources and devices come in plausible shares. Deterministic like the rest of the seed: the same
 * `historyEndsAt` gives the same rows. The API passes the moment it first seeds (so "the last 30 days" has data);
 * without it the history ends at BASE_TIME.
 */
import type * as schema from '../schema';
import { personName } from './people';
import type { ProjectSummary } from './catalogue';
import type { CityRef, LocationRef } from './places';
import type { Random } from './random';
import { fakeEmail, fakePhone, randomFor, slugify } from './util';

/** Days of history, today included. */
export const HISTORY_DAYS = 90;
/** Sessions on an ordinary weekday at the start of the history; weekends and the last weeks are busier. */
const BASE_SESSIONS_PER_DAY = 30;
/** Returning visitors: a guest's device comes back from this pool (a fifth of sessions are a new device). */
const GUEST_POOL = 5_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const DEVICES = [
  [{ type: 'mobile', os: 'Android', browser: 'Chrome', version: '124.0' }, 46],
  [{ type: 'mobile', os: 'iOS', browser: 'Safari', version: '17.4' }, 16],
  [{ type: 'desktop', os: 'Windows', browser: 'Chrome', version: '124.0' }, 12],
  [{ type: 'desktop', os: 'Windows', browser: 'Edge', version: '124.0' }, 5],
  [{ type: 'laptop', os: 'macOS', browser: 'Safari', version: '17.4' }, 8],
  [{ type: 'laptop', os: 'Windows', browser: 'Chrome', version: '124.0' }, 6],
  [{ type: 'tablet', os: 'Android', browser: 'Chrome', version: '123.0' }, 4],
  [{ type: 'tablet', os: 'iPadOS', browser: 'Safari', version: '17.4' }, 3],
] as const;
const SOURCES = [
  [{ source: 'search', referrerHost: 'www.google.com' }, 34],
  [{ source: 'search', referrerHost: 'www.bing.com' }, 3],
  [{ source: 'direct', referrerHost: null }, 30],
  [{ source: 'social', referrerHost: 'l.instagram.com' }, 7],
  [{ source: 'social', referrerHost: 'm.facebook.com' }, 6],
  [{ source: 'social', referrerHost: 'wa.me' }, 4],
  [{ source: 'referral', referrerHost: 'www.magicbricks.com' }, 4],
  [{ source: 'referral', referrerHost: 'news.example.in' }, 3],
  [{ source: 'campaign', referrerHost: null }, 7],
  [{ source: 'internal', referrerHost: null }, 2],
] as const;
const PAGES = ['/', '/developers', '/brokers', '/blog', '/contact-us', '/mortage-calculator', '/Compare', '/faqs'] as const;
const BHK = [['1', 12], ['2', 34], ['3', 30], ['2,3', 10], ['4', 9], ['3,4', 5]] as const;
/** Budget bands as a searcher sets them (min, max in rupees; null for an open end). */
const BUDGETS: readonly (readonly [readonly [number | null, number | null], number])[] = [
  [[null, 4_000_000], 10],
  [[3_000_000, 6_000_000], 16],
  [[5_000_000, 9_000_000], 22],
  [[8_000_000, 15_000_000], 22],
  [[12_000_000, 25_000_000], 16],
  [[20_000_000, null], 8],
  [[null, 2_000_000], 6],
];
const STAGES = [['new', 48], ['interested', 26], ['not_interested', 14], ['crm', 12]] as const;
const ENQUIRY_MESSAGES = [
  'Please share the price list and floor plans.',
  'Is a site visit possible this weekend?',
  'What is the possession date and the payment plan?',
  'Looking for a 3 BHK on a higher floor; is one available?',
  'Are home loans from SBI and HDFC approved for this project?',
] as const;

/** A UUID-shaped id from the seeded generator (v4 layout, but not from a crypto source: it is demo data). */
function seededUuid(random: Random): string {
  // Four 32-bit draws rather than 32 hex digits one by one: tens of thousands are made per seed.
  const hex = Array.from({ length: 4 }, () => Math.floor(random.next() * 0x1_0000_0000).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Picks by cumulative weight in O(log n): thousands of projects are picked from tens of thousands of times. */
function picker<T>(items: readonly T[], weights: readonly number[]): (random: Random) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const weight of weights) cumulative.push((total += weight));
  return (random) => {
    const roll = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) > roll) high = middle;
      else low = middle + 1;
    }
    return items[low] as T;
  };
}

export interface Analytics {
  sessions: (typeof schema.trackingSessions.$inferInsert)[];
  events: (typeof schema.trackingEvents.$inferInsert)[];
  /** A lead for each seeded ENQUIRY_SENT, on the project it names. */
  leads: (typeof schema.leads.$inferInsert)[];
}

export interface AnalyticsInput {
  cities: readonly CityRef[];
  live: readonly ProjectSummary[];
  userCount: number;
  /** The id of the first lead this history adds. */
  firstLeadId: number;
  historyEndsAt: Date;
}

export function buildAnalytics({ cities, live, userCount, firstLeadId, historyEndsAt }: AnalyticsInput): Analytics {
  const random = randomFor('analytics');
  // Whether a view follows the visitor's search into its locality draws from a stream of its own, so the main one (and
  // with it every session, event and lead drawn from it) is the same as before viewers' searches were seeded.
  const follows = randomFor('analytics-search-follow');
  const out: Analytics = { sessions: [], events: [], leads: [] };
  const end = historyEndsAt.getTime();
  const pickCity = picker(cities, cities.map((city) => city.seed.share));
  const pickDevice = picker(DEVICES.map(([device]) => device), DEVICES.map(([, weight]) => weight));
  const pickSource = picker(SOURCES.map(([source]) => source), SOURCES.map(([, weight]) => weight));
  const locationsById = new Map<number, LocationRef>(cities.flatMap((city) => city.locations.map((location) => [location.id, location] as const)));

  // Popularity: within a city a project's share of views falls with its rank (a long tail), and the rank is fixed
  // per project, so the same projects top the charts every day.
  const projectsByCity = new Map<number, (random: Random) => ProjectSummary>();
  for (const city of cities) {
    const inCity = live.filter((project) => project.cityId === city.id);
    if (inCity.length === 0) continue;
    const ranked = random.sample(inCity, inCity.length);
    projectsByCity.set(city.id, picker(ranked, ranked.map((_, rank) => 1 / (rank + 1) ** 0.9)));
  }
  const anyProject = live.length > 0 ? picker(live, live.map(() => 1)) : null;
  const projectsByLocation = new Map<number, ProjectSummary[]>();
  for (const project of live) projectsByLocation.set(project.locationId, [...(projectsByLocation.get(project.locationId) ?? []), project]);
  const cityName = new Map(cities.map((city) => [city.id, city.seed.name]));
  const guests = Array.from({ length: GUEST_POOL }, () => seededUuid(random));

  for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    const dayStart = end - daysAgo * DAY_MS;
    const weekday = new Date(dayStart).getUTCDay();
    // Busier at weekends, and the site grows through the quarter.
    const growth = 1 + (0.35 * (HISTORY_DAYS - daysAgo)) / HISTORY_DAYS;
    const sessionsToday = Math.round(BASE_SESSIONS_PER_DAY * growth * (weekday === 0 || weekday === 6 ? 1.25 : 1) * (0.9 + random.next() * 0.2));
    for (let s = 0; s < sessionsToday; s += 1) {
      const id = seededUuid(random);
      // About a fifth of visitors keep to essential tracking: no identity, address, city or source is stored.
      const analytics = random.chance(0.8);
      const userType = analytics ? random.weighted([['guest', 74], ['user', 20], ['broker', 6]] as const) : 'guest';
      const device = pickDevice(random);
      const source = pickSource(random);
      const city = pickCity(random);
      let visitorKey: string | null = null;
      if (analytics) {
        if (userType === 'user') visitorKey = `user:${random.int(1, userCount)}`;
        else if (userType === 'broker') visitorKey = `broker:${random.int(1, 60)}`;
        else visitorKey = `guest:${random.chance(0.2) ? seededUuid(random) : random.pick(guests)}`;
      }
      // Sessions start at any time of the day that ends at `dayStart`, and last a few minutes each.
      let at = dayStart - random.int(180, 1439) * MINUTE_MS;
      const startedAt = new Date(at);
      const entry = random.pick(PAGES);
      const stored = {
        city: analytics ? city.seed.name : null,
        trafficSource: analytics ? source.source : null,
      };
      const event = (name: string, page: string, metadata: Record<string, string | number>, projectId: number | null = null) => {
        at += random.int(1, 4) * MINUTE_MS;
        out.events.push({
          id: out.events.length + 1,
          eventId: seededUuid(random),
          sessionId: id,
          visitorKey,
          visitorType: userType,
          eventName: name,
          pagePath: page,
          projectId,
          city: stored.city,
          deviceType: device.type,
          trafficSource: stored.trafficSource,
          metadata,
          occurredAt: new Date(at),
          receivedAt: new Date(at),
        });
      };

      event('PAGE_VIEW', entry, {});
      if (userType === 'user' && random.chance(0.5)) event('USER_LOGIN', entry, {});
      if (userType === 'broker' && random.chance(0.6)) event('BROKER_LOGIN', '/login', {});
      for (let n = random.int(0, 3); n > 0; n -= 1) event('PAGE_VIEW', random.pick(PAGES), {});

      // The locality the visitor searched in, if any: most of the listings they open next are there (decision 030's
      // "what viewers searched for" then reads like a real site's: searches in a listing's own locality lead).
      let searchedIn: readonly ProjectSummary[] = [];
      if (random.chance(0.45)) {
        const location = random.pick(city.locations);
        const bhk = random.chance(0.75) ? random.weighted(BHK) : undefined;
        const [budgetMin, budgetMax] = random.chance(0.6) ? random.weighted(BUDGETS) : ([null, null] as const);
        const typed = random.chance(0.4);
        // Large flats on a small budget, or typed words no listing has, find nothing.
        const hopeless = (bhk === '4' || bhk === '3,4') && budgetMax !== null && budgetMax <= 4_000_000;
        const found = hopeless || random.chance(0.06) ? 0 : random.int(1, 240);
        const metadata: Record<string, string | number> = { city: city.seed.name, resultCount: found };
        if (random.chance(0.7)) {
          metadata.locality = location.name;
          searchedIn = projectsByLocation.get(location.id) ?? [];
        }
        if (bhk !== undefined) metadata.bhk = bhk;
        if (budgetMin !== null) metadata.budgetMin = budgetMin;
        if (budgetMax !== null) metadata.budgetMax = budgetMax;
        if (typed) metadata.query = bhk === undefined ? location.name : `${bhk.split(',')[0]} bhk ${location.name.toLowerCase()}`;
        event('SEARCH', `/properties/${slugify(city.seed.name)}`, metadata);
        if (random.chance(0.3)) event('FILTER_APPLIED', `/properties/${slugify(city.seed.name)}`, {});
      }

      const pickHere = projectsByCity.get(city.id);
      for (let n = random.weighted([[0, 30], [1, 30], [2, 20], [3, 12], [4, 8]] as const); n > 0; n -= 1) {
        // Most visitors browse their own city's listings; some look elsewhere.
        const drawn = (random.chance(0.85) && pickHere ? pickHere : anyProject)?.(random);
        const project = searchedIn.length > 0 && follows.chance(0.7) ? follows.pick(searchedIn) : drawn;
        if (!project) break;
        const place = locationsById.get(project.locationId);
        const page = `/properties/${slugify(cityName.get(project.cityId) ?? 'city')}/${slugify(place?.name ?? 'locality')}/${project.id}`;
        event('PROJECT_VIEW', page, { projectId: project.id }, project.id);
        if (random.chance(0.08)) event('PROPERTY_ADDED_IN_WISHLIST', page, { projectId: project.id }, project.id);
        if (random.chance(0.05)) event('COMPARE_ADDED', page, { projectId: project.id }, project.id);
        if (random.chance(0.035)) {
          event('ENQUIRY_SENT', page, { projectId: project.id }, project.id);
          const leadId = firstLeadId + out.leads.length;
          const name = personName(random);
          out.leads.push({
            id: leadId,
            projectId: project.id,
            name,
            phone: fakePhone(7, leadId),
            email: fakeEmail(name, leadId),
            message: random.pick(ENQUIRY_MESSAGES),
            source: 'form',
            stage: random.weighted(STAGES),
            userId: null,
            dedupeKey: null,
            createdAt: new Date(at),
          });
        }
      }
      if (random.chance(0.04)) event('EMI_USED', '/mortage-calculator', {});
      if (random.chance(0.03)) event('CHAT_OPENED', '/chat', {});

      out.sessions.push({
        id,
        consent: analytics ? 'analytics' : 'essential',
        visitorKey,
        userType,
        deviceType: device.type,
        os: analytics ? device.os : null,
        browser: analytics ? device.browser : null,
        browserVersion: analytics ? device.version : null,
        city: stored.city,
        trafficSource: stored.trafficSource,
        referrerHost: analytics ? source.referrerHost : null,
        entryPage: entry,
        exitPage: out.events[out.events.length - 1]?.pagePath ?? entry,
        ipAddress: analytics ? `203.0.113.${random.int(1, 254)}` : null,
        startedAt,
        lastSeenAt: new Date(at),
        endedAt: new Date(at),
      });
    }
  }
  return out;
}
