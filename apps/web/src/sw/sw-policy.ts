import { matchSiteRoute } from '@nivaas/contracts/site-routes';

/**
 * What the service worker (issue 15, decision 029) may keep for a buyer on a weak network, decided from the request
 * alone. Public catalogue reads only: nothing signed-in, nothing private, nothing that writes.
 *
 * - `asset`: a hashed build file under /assets/ (its name changes with its content): cache first.
 * - `page`: a navigation to an open page of the route table: network first, the copy kept for offline.
 * - `data`: a public catalogue read (/api/project/{id}, lists, cities, places, builders, blogs, brokers, FAQs,
 *   banners): network first, the copy kept for offline.
 * - `media`: a catalogue picture under /media/seed or /media/uploads: cache first, few kept.
 * - null: the worker stays out of the way (the browser fetches as if there were no worker).
 */
export type CachePlan = 'asset' | 'page' | 'data' | 'media' | null;

export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
  /** True when the request carries an Authorization header (a signed-in visitor's token). */
  authorized: boolean;
}

/** Never kept, whatever else matches: sign-in, the visitor's own records, leads, back office, tracking, dev tools. */
const PRIVATE_API = /^\/api\/(auth|me|favourites|favorites|lead|leads|leadMenegmentRoute|admin|track|dev|notifications|saved-searches|usersrouts\/(?!getAllBanner$)|brokerRoutes|ratingroute|upload|listings|analytics|insights)(\/|$)/i;

/** The open catalogue reads the spec's pages make (spec §7), by path. */
const PUBLIC_API = [
  /^\/api\/project(\/\d+|\/random|\/listings)?$/,
  /^\/api\/city(\/\d+)?$/,
  /^\/api\/city\/review\/?$/,
  /^\/api\/location(\/\d+)?$/,
  /^\/api\/zone\/\d+$/,
  /^\/api\/builder(\/\d+)?$/,
  /^\/api\/blog(\/\d+)?$/,
  /^\/api\/broker(\/\d+)?$/,
  /^\/api\/faq$/,
  /^\/api\/usersrouts\/getAllBanner$/,
];

const MEDIA = /^\/media\/(seed|uploads)\//;

export function cachePlan(request: RequestFacts, origin: string): CachePlan {
  if (request.method !== 'GET' || request.authorized) return null;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const { pathname } = url;
  if (request.mode === 'navigate') return matchSiteRoute(pathname)?.route.access === 'open' ? 'page' : null;
  if (pathname.startsWith('/assets/')) return 'asset';
  if (MEDIA.test(pathname)) return 'media';
  if (PRIVATE_API.test(pathname)) return null;
  return PUBLIC_API.some((pattern) => pattern.test(pathname)) ? 'data' : null;
}

/**
 * A response may be kept only when it is a full same-origin 200 that does not say it is private or not to be stored
 * (the API marks a signed-in read `private`; a plain-shell stand-in for a page is `no-store`).
 */
export function keepable(response: { status: number; type: string; headers: { get(name: string): string | null } }): boolean {
  if (response.status !== 200 || response.type !== 'basic') return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/\b(no-store|private)\b/i.test(cacheControl);
}

/** How many entries each kind keeps: a few recently viewed projects, not the catalogue. */
export const CACHE_LIMITS = { page: 20, data: 60, media: 40 } as const;
