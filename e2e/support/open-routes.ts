import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Every open route of the spec's route table (packages/contracts/src/site-routes.ts) with real seeded ids: the routes
 * walk (issue 3) and the hydration check (issue 15, decision 028) visit the same list. The sign-in routes (/login,
 * /registration, /forgot-password, /reset-password) are not in it.
 */

interface Named {
  id: number;
  name: string;
}
interface ProjectLike extends Named {
  type: string;
  tags: string[];
  city: Named;
  zone: Named | null;
  location: Named;
  units: Array<{ type: string }>;
}

/** The client's path-segment rule (spec §2): lower-cased, trimmed, spaces to hyphens, 'unknown' if missing. */
function segment(value: string | null | undefined, fallback = 'unknown'): string {
  const text = value?.trim().toLowerCase().replace(/\s+/g, '-');
  return text ? encodeURIComponent(text) : fallback;
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

export async function discoverRoutes(request: APIRequestContext): Promise<string[]> {
  const { projects } = await getJson<{ projects: ProjectLike[] }>(request, '/api/project/random?limit=60');
  const project = projects.find((p) => !p.tags.includes('Upcoming Launches'));
  const [prelaunch] = (
    await getJson<{ projects: ProjectLike[] }>(request, '/api/project/random?tag=Upcoming%20Launches&limit=1')
  ).projects;
  const [brokerListing] = (await getJson<{ projects: ProjectLike[] }>(request, '/api/project/listings?uploader=broker&limit=1')).projects;
  const [userListing] = (await getJson<{ projects: ProjectLike[] }>(request, '/api/project/listings?uploader=user&limit=1')).projects;
  const [builder] = (await getJson<{ builders: Named[] }>(request, '/api/builder?status=active&approval=approved&limit=1')).builders;
  const [city] = (await getJson<{ cities: Named[] }>(request, '/api/city?limit=1')).cities;
  const { locations } = await getJson<{ locations: Array<Named & { city: Named; zone: Named | null }> }>(request, '/api/location?limit=20');
  const location = locations.find((l) => l.zone !== null);
  const [broker] = (await getJson<{ brokers: Named[] }>(request, '/api/broker')).brokers;
  const [contractor] = (
    await getJson<{ contractors: Array<{ id: number; slug: string }> }>(request, '/api/construction/contractor?limit=1')
  ).contractors;
  const [blog] = (await getJson<{ blogs: Array<{ id: number; title: string }> }>(request, '/api/blog?status=active&approval=approved&limit=1')).blogs;

  for (const [what, value] of Object.entries({ project, prelaunch, brokerListing, userListing, builder, city, location, broker, contractor, blog })) {
    expect(value, `the seed has a public ${what}`).toBeTruthy();
  }
  if (!project || !prelaunch || !brokerListing || !userListing || !builder || !city || !location?.zone || !broker || !contractor || !blog) {
    throw new Error('unreachable: checked above');
  }

  const projectPath = (p: ProjectLike) =>
    `${segment(p.city.name)}/${segment(p.zone?.name, 'zone')}/${segment(p.location.name)}/${segment(p.name)}/${p.id}`;
  const listingPath = (p: ProjectLike) => `${segment(p.units[0]?.type)}/${segment(p.type)}/${p.id}`;

  return [
    '/',
    '/about',
    '/contact-us',
    '/privacy-policy',
    '/terms-conditions',
    '/mortage-calculator',
    '/blog',
    `/blog/${segment(blog.title)}/${blog.id}`,
    `/property-detail-page?locationId=${location.id}`,
    `/property-detail-page?search=${encodeURIComponent(location.name)}`,
    `/properties/${projectPath(project)}`,
    `/prelaunch/${projectPath(prelaunch)}`,
    '/Compare',
    `/Compare/${segment(project.name)}`,
    '/developers',
    `/developer/${segment(builder.name)}/${builder.id}`,
    `/location-property/${segment(city.name)}/${city.id}`,
    `/location-property/${segment(location.city.name)}/${segment(location.zone.name)}/${location.zone.id}`,
    `/actual-location/${segment(location.city.name)}/${segment(location.zone.name)}/${segment(location.name)}/${location.id}`,
    '/brokers',
    `/broker-info/${broker.id}`,
    `/broker-properties/${broker.id}`,
    `/broker-property-details/${listingPath(brokerListing)}`,
    `/user-property-details/${listingPath(userListing)}`,
    '/construction',
    '/contractors',
    `/contractors/${contractor.slug}/${contractor.id}`,
  ];
}
