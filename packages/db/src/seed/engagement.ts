/**
 * What visitors leave behind: favourites, saved searches (with the listings already notified), reviews of
 * places, general enquiries from the contact page, and moderation decisions on brokers.
 */
import type * as schema from '../schema';
import { REVIEW_COMMENTS } from './data/content';
import type { ProjectSummary } from './catalogue';
import type { BrokerRef } from './people';
import { personName } from './people';
import type { CityRef } from './places';
import type { Random } from './random';
import { daysBefore, fakeEmail, fakePhone, randomFor } from './util';

type FavouriteRow = typeof schema.favourites.$inferInsert;

export function buildFavourites(liveIds: readonly number[], userCount: number, brokers: readonly BrokerRef[]): FavouriteRow[] {
  const random = randomFor('favourites');
  const rows: FavouriteRow[] = [];
  const add = (owner: { userId?: number; brokerId?: number }, count: number) => {
    for (const projectId of random.sample(liveIds, count)) {
      rows.push({ id: rows.length + 1, ...owner, projectId, createdAt: daysBefore(random.int(0, 180), random.int(0, 1439)) });
    }
  };
  for (let userId = 1; userId <= Math.min(userCount, 200); userId += 1) add({ userId }, random.int(0, 6));
  for (const broker of brokers.filter((b) => b.approval === 'approved')) add({ brokerId: broker.id }, random.int(0, 4));
  return rows;
}

export interface SavedSearches {
  searches: (typeof schema.savedSearches.$inferInsert)[];
  notifications: (typeof schema.savedSearchNotifications.$inferInsert)[];
}

const BUDGETS = [5_000_000, 7_500_000, 10_000_000, 15_000_000, 25_000_000, 50_000_000] as const;

export function buildSavedSearches(cities: readonly CityRef[], live: readonly ProjectSummary[], userCount: number): SavedSearches {
  const random = randomFor('saved-searches');
  const out: SavedSearches = { searches: [], notifications: [] };
  const byLocation = new Map<number, ProjectSummary[]>();
  for (const project of live) {
    const list = byLocation.get(project.locationId) ?? [];
    list.push(project);
    byLocation.set(project.locationId, list);
  }
  for (let userId = 1; userId <= Math.min(userCount, 80); userId += 1) {
    for (let n = random.int(1, 2); n > 0; n -= 1) {
      const city = random.weighted(cities.map((c) => [c, c.seed.share] as const));
      const location = random.pick(city.locations);
      const bhk = random.pick(['2', '3']);
      const maxPrice = random.pick(BUDGETS);
      const id = out.searches.length + 1;
      const createdAt = daysBefore(random.int(10, 200));
      out.searches.push({
        id,
        userId,
        name: `${bhk} BHK in ${location.name} under ₹${maxPrice >= 10_000_000 ? `${maxPrice / 10_000_000} Cr` : `${maxPrice / 100_000} L`}`,
        // The results page's filter names (contracts saved-search.schema.ts), so a saved search opens as a results page.
        filters: { locationId: location.id, propertyType: ['apartment'], bhk: [Number(bhk)], maxPrice },
        createdAt,
      });
      // "At most once per listing": the listings this search has already announced.
      const matches = (byLocation.get(location.id) ?? []).filter((p) => p.minPrice <= maxPrice);
      for (const project of random.sample(matches, 3)) {
        out.notifications.push({
          id: out.notifications.length + 1,
          savedSearchId: id,
          projectId: project.id,
          sentAt: daysBefore(random.int(0, 9), random.int(0, 1439)),
        });
      }
    }
  }
  return out;
}

type ReviewRow = typeof schema.reviews.$inferInsert;

export function buildReviews(cities: readonly CityRef[], userCount: number): ReviewRow[] {
  const random = randomFor('reviews');
  const rows: ReviewRow[] = [];
  // One rating per person per zone or locality (reviews_user_*_uq): a registered reviewer drawn twice for one
  // place writes the second review anonymously.
  const rated = new Set<string>();
  const add = (place: Pick<ReviewRow, 'subject' | 'cityId' | 'zoneId' | 'locationId'>) => {
    const ratingValue = random.weighted([[5, 30], [4, 40], [3, 18], [2, 8], [1, 4]] as const);
    const comments = ratingValue >= 4 ? REVIEW_COMMENTS.good : ratingValue === 3 ? REVIEW_COMMENTS.mixed : REVIEW_COMMENTS.poor;
    const registered = random.chance(0.5);
    const drawn = registered ? random.int(1, userCount) : null;
    const key = `${place.subject}:${place.subject === 'zone' ? place.zoneId : place.locationId}:${drawn}`;
    const userId = drawn !== null && place.subject !== 'city' && rated.has(key) ? null : drawn;
    if (userId !== null) rated.add(key);
    rows.push({
      id: rows.length + 1,
      ...place,
      ratingValue,
      comment: random.pick(comments),
      userId,
      authorName: personName(random),
      approval: random.weighted([['approved', 85], ['pending', 10], ['rejected', 5]] as const),
      createdAt: daysBefore(random.int(0, 500), random.int(0, 1439)),
    });
  };
  for (const city of cities) {
    for (let n = random.int(6, 10); n > 0; n -= 1) add({ subject: 'city', cityId: city.id, zoneId: null, locationId: null });
    for (const zoneId of city.zoneIds) {
      for (let n = random.int(2, 4); n > 0; n -= 1) add({ subject: 'zone', cityId: city.id, zoneId, locationId: null });
    }
    for (const location of city.locations) {
      if (!random.chance(0.6)) continue;
      for (let n = random.int(1, 3); n > 0; n -= 1) add({ subject: 'location', cityId: city.id, zoneId: location.zoneId, locationId: location.id });
    }
  }
  return rows;
}

/** Contact-page enquiries about no particular project (spec §7 uILeadFormData). */
export function buildGeneralEnquiries(firstId: number, count: number): (typeof schema.leads.$inferInsert)[] {
  const random = randomFor('enquiries');
  return Array.from({ length: count }, (_, i) => {
    const id = firstId + i;
    const name = personName(random);
    return {
      id,
      projectId: null,
      name,
      phone: fakePhone(7, id),
      email: fakeEmail(name, id),
      message: random.pick([
        'Looking for a 3 BHK near a good school, budget around ₹1.5 Cr.',
        'Want to sell my flat; can your team list it?',
        'Need help comparing two projects before booking.',
        'Please call me about plots on the outskirts.',
      ]),
      source: 'form' as const,
      stage: random.weighted([['new', 60], ['interested', 25], ['crm', 15]] as const),
      userId: null,
      dedupeKey: null,
      createdAt: daysBefore(random.int(0, 120), random.int(0, 1439)),
    };
  });
}

export function buildBrokerAudit(brokers: readonly BrokerRef[], firstId: number, staffIds: readonly number[]): (typeof schema.auditLog.$inferInsert)[] {
  const random: Random = randomFor('broker-audit');
  return brokers
    .filter((broker) => broker.approval !== 'pending')
    .map((broker, i) => ({
      id: firstId + i,
      actorStaffId: random.pick(staffIds),
      action: broker.approval === 'approved' ? 'approve' : 'reject',
      entityKind: 'broker',
      entityId: broker.id,
      fromState: 'pending',
      toState: broker.approval,
      remark: broker.approval === 'rejected' ? random.pick(['RERA agent number could not be verified.', 'Company details incomplete.', 'Duplicate registration.']) : null,
      createdAt: daysBefore(random.int(0, 400), random.int(0, 1439)),
    }));
}
