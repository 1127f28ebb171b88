import type { Banner } from '@nivaas/contracts/banner.schema';
import type { City } from '@nivaas/contracts/city.schema';
import type { Project, Unit } from '@nivaas/contracts/project.schema';
import type { SearchProject, SearchResponse } from '@nivaas/contracts/search.schema';

// Factories build fresh objects per call (CONVENTIONS): no test can change another's data.
let nextId = 1;
const id = () => nextId++;

export function createCity(overrides: Partial<City> = {}): City {
  const name = overrides.name ?? 'Bengaluru';
  return {
    id: id(),
    name,
    slug: name.toLowerCase(),
    state: 'Karnataka',
    medias: [{ title: 'banner', url: `/media/cities/${name.toLowerCase()}.webp` }],
    projectCount: 1000,
    listingCount: 234,
    city_Name: name,
    city_URL: `/media/cities/${name.toLowerCase()}.webp`,
    projectsCount: 1234,
    ...overrides,
  };
}

export function createUnit(overrides: Partial<Unit> = {}): Unit {
  return {
    id: id(),
    type: '2',
    minPrice: 8_500_000,
    maxPrice: 9_500_000,
    facing: 'East',
    exteriorArea: 1250,
    floors: '4',
    furnishing: 'Unfurnished',
    ...overrides,
  };
}

export function createProject(overrides: Partial<Project> = {}): Project {
  const projectId = id();
  return {
    id: projectId,
    name: `Green Meadows ${projectId}`,
    type: 'apartment',
    item: 'project',
    status: 'active',
    approval: 'approved',
    description: null,
    remarks: {},
    updatedAt: '2026-11-01T10:00:00.000Z',
    medias: [
      { title: 'logo', url: `/media/projects/${projectId}/logo.webp` },
      { title: 'banner', url: `/media/projects/${projectId}/banner.webp` },
    ],
    city: { id: 1, name: 'Bengaluru' },
    zone: { id: 2, name: 'East Bengaluru' },
    location: { id: 3, name: 'Whitefield' },
    builder: { id: 4, name: 'Sobha Limited' },
    ownerId: null,
    brokerId: null,
    builderId: 4,
    tags: ['Trending'],
    transactionTag: 'New Booking',
    possessionDate: null,
    reraNumber: null,
    amenities: [],
    units: [createUnit({ type: '2' }), createUnit({ type: '3', minPrice: 11_000_000, maxPrice: 12_500_000 })],
    ...overrides,
  };
}

export function createBanner(overrides: Partial<Banner> = {}): Banner {
  const bannerId = id();
  return {
    id: bannerId,
    title: `Festive offers ${bannerId}`,
    subtitle: 'Zero stamp duty on select projects',
    imageUrl: `/media/banners/${bannerId}.webp`,
    link: null,
    approval: 'approved',
    ...overrides,
  };
}

export function createSearchResponse(overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    success: true,
    query: '',
    parsed: {
      text: '',
      place: null,
      bhk: [],
      propertyTypes: [],
      minPrice: null,
      maxPrice: null,
      possession: null,
      transaction: null,
      around: false,
      // An assertion, not a literal type: the parsed-query contract is still growing fields.
    } as SearchResponse['parsed'],
    projects: [],
    builders: [],
    locations: [],
    properties: [],
    ...overrides,
  };
}

export function createSearchProject(overrides: Partial<SearchProject> = {}): SearchProject {
  const projectId = id();
  return {
    id: projectId,
    name: `Whitefield Heights ${projectId}`,
    type: 'apartment',
    item: 'project',
    tags: ['Trending'],
    city: { id: 1, name: 'Bengaluru' },
    zone: { id: 2, name: 'East Bengaluru' },
    location: { id: 3, name: 'Whitefield' },
    builder: { id: 4, name: 'Sobha Limited' },
    photo: null,
    minPrice: 8_500_000,
    maxPrice: 12_500_000,
    ...overrides,
  };
}
