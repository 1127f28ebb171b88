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
  { trafficSource: 'google', trafficMedium: 'organic', referrer: 'https://www.google.com/' },
  { trafficSource: 'direct', trafficMedium: 'none', referrer: '' },
  { trafficSource: 'facebook', trafficMedium: 'social', referrer: 'https://m.facebook.com/' },
  { trafficSource: 'instagram', trafficMedium: 'social', referrer: 'https://l.instagram.com/' },
  { trafficSource: 'newsletter', trafficMedium: 'email', referrer: '' },
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
    const userType = random.weighted([['guest', 70], ['user', 22], ['broker', 8]] as const);
    const device = random.pick(DEVICES);
    const source = random.pick(SOURCES);
    const city = random.weighted(cities.map((c) => [c, c.seed.share] as const));
    const startedAt = daysBefore(random.int(0, 29), random.int(0, 1439));
    const entry = random.pick(PAGES);
    const eventCount = random.int(1, 8);
    out.sessions.push({
      id,
      userId: userType === 'guest' ? `guest-${seededUuid(random).slice(0, 8)}` : String(random.int(1, userType === 'user' ? userCount : 60)),
      userType,
      device: { id: seededUuid(random), ...device },
      entryPage: entry,
      exitPage: random.pick(PAGES),
      ipAddress: `203.0.113.${random.int(1, 254)}`,
      location: { city: city.seed.name, country: 'India', timezone: 'Asia/Kolkata', latitude: city.seed.lat, longitude: city.seed.lng },
      trafficSource: { ...source, browserName: device.browser, browserVersion: device.version, trafficDevice: device.type, trafficOS: device.os },
      startedAt,
      endedAt: daysAfter(startedAt, 0, eventCount * random.int(1, 4)),
    });
    for (let e = 0; e < eventCount; e += 1) {
      const name = random.weighted([['PAGE_VIEW', 50], ['PROPERTY_VIEWED', 25], ['SEARCH', 12], ['PROPERTY_ADDED_IN_WISHLIST', 6], ['ENQUIRY_SUBMITTED', 4], ['USER_LOGIN', 3]] as const);
      const projectId = random.pick(liveIds);
      const metadata: Record<string, unknown> =
        name === 'PAGE_VIEW'
          ? { page: random.pick(PAGES) }
          : name === 'SEARCH'
            ? { query: random.pick(city.locations).name }
            : name === 'USER_LOGIN'
              ? { email: `visitor.${i}@example.com` }
              : { propertyId: projectId };
      out.events.push({ id: out.events.length + 1, sessionId: id, eventName: name, metadata, createdAt: daysAfter(startedAt, 0, e) });
    }
  }
  return out;
}
