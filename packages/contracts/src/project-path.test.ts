import { describe, expect, it } from 'vitest';
import { getMoreInfoPath, listingPath, pathSegment, projectPath, uploadPath, type MoreInfoTarget } from './project-path';

// spec §2's page paths, in one table: builder projects and pre-launches, both kinds of upload, the uploads
// dashboard's 'Get more info' target by owner, the broker projects screen's card links, and the segment rules.

const project = {
  id: 42,
  name: '  Prestige Lake Ridge ',
  tags: ['Trending'],
  city: { name: 'Bengaluru' },
  zone: { name: 'South Bengaluru' },
  location: { name: 'Uttarahalli' },
};

const target: MoreInfoTarget = {
  id: 42,
  name: ' Green  Meadows ',
  type: 'apartment',
  ownerId: null,
  brokerId: null,
  builderId: null,
  tags: [],
  units: [{ type: '2 BHK' }],
  city: { name: 'Bengaluru' },
  zone: { name: 'East Bengaluru' },
  location: { name: 'Whitefield' },
};

const catalogueItem = {
  id: 42,
  name: 'Lake View Residency',
  type: 'apartment' as const,
  tags: [] as string[],
  brokerId: null,
  city: { id: 1, name: 'Bengaluru' },
  zone: { id: 2, name: 'East Zone' },
  location: { id: 3, name: 'Whitefield' },
  units: [{ id: 1, type: '3', minPrice: 1, maxPrice: 2, facing: null, exteriorArea: null, floors: null, furnishing: null }],
};

const cases: [rule: string, path: () => string | null, expected: string | null][] = [
  // A project's page: /properties/{city}/{zone}/{location}/{name}/{id}, /prelaunch/... when tagged.
  ['project page from lower-cased, trimmed, hyphenated segments', () => projectPath(project), '/properties/bengaluru/south-bengaluru/uttarahalli/prestige-lake-ridge/42'],
  ["'Upcoming Launches' goes to the pre-launch page", () => projectPath({ ...project, tags: ['Upcoming Launches'] }), '/prelaunch/bengaluru/south-bengaluru/uttarahalli/prestige-lake-ridge/42'],
  ["a missing zone is 'unknown' on the site's cards", () => projectPath({ ...project, zone: null }), '/properties/bengaluru/unknown/uttarahalli/prestige-lake-ridge/42'],
  // Catalogue items (wishlist, notifications, the chat's cards).
  ['a builder project', () => listingPath({ ...catalogueItem, item: 'project' }), '/properties/bengaluru/east-zone/whitefield/lake-view-residency/42'],
  ['a pre-launch without a zone', () => listingPath({ ...catalogueItem, item: 'project', zone: null, tags: ['Upcoming Launches'] }), '/prelaunch/bengaluru/unknown/whitefield/lake-view-residency/42'],
  ["a broker's upload", () => listingPath({ ...catalogueItem, item: 'listing', brokerId: 5 }), '/broker-property-details/3/apartment/42'],
  ["a user's upload, 'unknown' unit type", () => listingPath({ ...catalogueItem, item: 'listing', type: 'pent house', units: [] }), '/user-property-details/unknown/pent-house/42'],
  ['an upload with an owner and a broker: the owner first', () => listingPath({ ...catalogueItem, item: 'listing', ownerId: 7, brokerId: 5 }), '/user-property-details/3/apartment/42'],
  // Broker projects screen: each card links to /broker-property-details/{first unit type}/{property type}/{id}.
  ['broker projects card', () => uploadPath('broker', { id: 9, type: 'Independent House', units: [{ type: ' 3 BHK ' }, { type: '4 BHK' }] }), '/broker-property-details/3-bhk/independent-house/9'],
  ["broker projects card, parts missing: 'unknown'", () => uploadPath('broker', { id: 9, type: null, units: [] }), '/broker-property-details/unknown/unknown/9'],
  // Uploads dashboard, 'Get more info' target by owner.
  ['owner set: /user-property-details', () => getMoreInfoPath({ ...target, ownerId: 7 }), '/user-property-details/2-bhk/apartment/42'],
  ['broker set: /broker-property-details', () => getMoreInfoPath({ ...target, brokerId: 3 }), '/broker-property-details/2-bhk/apartment/42'],
  ['owner and broker set: the owner first', () => getMoreInfoPath({ ...target, ownerId: 7, brokerId: 3 }), '/user-property-details/2-bhk/apartment/42'],
  ['builder set: /properties', () => getMoreInfoPath({ ...target, builderId: 1 }), '/properties/bengaluru/east-bengaluru/whitefield/green-meadows/42'],
  ["builder set, tagged 'Upcoming Launches': /prelaunch", () => getMoreInfoPath({ ...target, builderId: 1, tags: ['Upcoming Launches'] }), '/prelaunch/bengaluru/east-bengaluru/whitefield/green-meadows/42'],
  ["missing upload segments: 'unknown'", () => getMoreInfoPath({ ...target, brokerId: 3, units: [], type: null }), '/broker-property-details/unknown/unknown/42'],
  ["missing project segments 'unknown', a missing zone 'zone'", () => getMoreInfoPath({ ...target, builderId: 1, zone: null, city: null, name: '  ' }), '/properties/unknown/zone/whitefield/unknown/42'],
  ['nobody owns it: no target', () => getMoreInfoPath(target), null],
  // Segments.
  ['a slash inside a name does not split the path', () => pathSegment('Phase 1/2'), 'phase-1%2F2'],
  ["a blank value is 'unknown'", () => pathSegment('   '), 'unknown'],
  ["a missing value is 'unknown'", () => pathSegment(undefined), 'unknown'],
  ['a missing value takes the fallback named', () => pathSegment(null, 'zone'), 'zone'],
];

describe('page paths (spec §2)', () => {
  it.each(cases)('%s', (_rule, path, expected) => {
    expect(path()).toBe(expected);
  });
});
