/** A month of visit sessions and events, so the provider's analytics charts have something to draw. */
import type * as schema from '../schema';
import type { CityRef } from './places';
import type { Random } from './random';
import { daysAfter, daysBefore, randomFor } from './util';

const SESSIONS = 600;

const PAGES = ['/', '/developers', '/brokers', '/blog', '/contact-us', '/mortage-calculator', '/property-detail-page', '/Compare'] as const;
const DEVICES = [
  { type: 'mobile', os: 'Android', browser: 'Chrome', version: '124.0' },
  { type: 'mobile', os: 'iOS', browser: 'Safari', version: '17.4' },
  { type: 'desktop', os: 'Windows', browser: 'Chrome', version: '124.0' },
  { type: 'laptop', os: 'macOS', browser: 'Safari', version: '17.4' },
  { type: 'tablet', os: 'Android', browser: 'Chrome', version: '123.0' },
  { type: 'desktop', os: 'Windows', browser: 'Edge', version: '124.0' },
] as const;
const SOURCES = [
  { source: 'search', referrerHost: 'www.google.com' },
  { source: 'direct', referrerHost: null },
  { source: 'social', referrerHost: 'm.facebook.com' },
  { source: 'social', referrerHost: 'l.instagram.com' },
  { source: 'campaign', referrerHost: null },
] as const;

/** A UUID-shaped id from the seeded generator (v4 layout, but not from a crypto source: it is demo data). */
function seededUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface Analytics {
  sessions: (typeof schema.trackingSessions.$inferInsert)[];
  events: (typeof schema.trackingEvents.$inferInsert)[];
}

export function buildAnalytics(cities: readonly CityRef[], liveIds: readonly number[], userCount: number): Analytics {
  const random = randomFor('analytics');
  const out: Analytics = { sessions: [], events: [] };
  for (let i = 0; i < SESSIONS; i += 1) {
    const id = seededUuid(random);
    // About a fifth of visitors keep to essential tracking: no identity, address or city is stored for them.
    const consent = random.weighted([['analytics', 80], ['essential', 20]] as const);
    const userType = consent === 'essential' ? 'guest' : random.weighted([['guest', 70], ['user', 22], ['broker', 8]] as const);
    const device = random.pick(DEVICES);
    const source = random.pick(SOURCES);
    const city = random.weighted(cities.map((c) => [c, c.seed.share] as const));
    const startedAt = daysBefore(random.int(0, 29), random.int(0, 1439));
    const entry = random.pick(PAGES);
    const eventCount = random.int(1, 8);
    const visitorId = userType === 'guest' ? seededUuid(random) : String(random.int(1, userType === 'user' ? userCount : 60));
    const analytics = consent === 'analytics';
    const visitorKey = analytics ? `${userType}:${visitorId}` : null;
    const endedAt = daysAfter(startedAt, 0, eventCount * random.int(1, 4));
    out.sessions.push({
      id,
      consent,
      visitorKey,
      userType,
      deviceType: device.type,
      os: analytics ? device.os : null,
      browser: analytics ? device.browser : null,
      browserVersion: analytics ? device.version : null,
      city: analytics ? city.seed.name : null,
      trafficSource: analytics ? source.source : null,
      referrerHost: analytics ? source.referrerHost : null,
      entryPage: entry,
      exitPage: random.pick(PAGES),
      ipAddress: analytics ? `203.0.113.${random.int(1, 254)}` : null,
      startedAt,
      lastSeenAt: endedAt,
      endedAt,
    });
    for (let e = 0; e < eventCount; e += 1) {
      const name = random.weighted([['PAGE_VIEW', 50], ['PROJECT_VIEW', 25], ['SEARCH', 12], ['PROPERTY_ADDED_IN_WISHLIST', 6], ['ENQUIRY_SENT', 4], ['USER_LOGIN', 3]] as const);
      const projectId = random.pick(liveIds);
      const page = random.pick(PAGES);
      const metadata: Record<string, unknown> =
        name === 'PAGE_VIEW' ? {} : name === 'SEARCH' ? { query: random.pick(city.locations).name } : name === 'USER_LOGIN' ? {} : { projectId };
      const at = daysAfter(startedAt, 0, e);
      out.events.push({
        id: out.events.length + 1,
        eventId: seededUuid(random),
        sessionId: id,
        visitorKey,
        visitorType: userType,
        eventName: name,
        pagePath: page,
        projectId: 'projectId' in metadata ? projectId : null,
        city: analytics ? city.seed.name : null,
        deviceType: device.type,
        trafficSource: analytics ? source.source : null,
        metadata,
        occurredAt: at,
        receivedAt: at,
      });
    }
  }
  return out;
}
