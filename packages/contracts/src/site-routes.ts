/**
 * The web app's route table (spec §2), as data both sides read: the web app's router (apps/web/src/app/router.tsx)
 * declares the same paths, which apps/web/src/app/site-routes.test.ts proves, and the API's page server matches a
 * request against it to answer the right status and head (issue 15), and derives robots.txt's disallow list from it.
 *
 * `page` names what the server describes in the head; `access` says who may see it:
 * - 'open': anyone; indexed unless `index: false` (the sign-in forms: nothing to find there);
 * - 'signed-in': behind the router's sign-in guards (never indexed, disallowed in robots.txt);
 * - 'outside': outside the main layout, signed-in remotes (the provider console, the broker insights);
 * - 'redirect': the client router sends the visitor elsewhere (the server answers the same redirect).
 */
/** The document's title where a page names none of its own (the home page's, and index.html's). */
export const SITE_TITLE = 'Nivaas: homes and projects across India';

export type SiteRouteAccess = 'open' | 'signed-in' | 'outside' | 'redirect';

export type SitePage =
  | 'home'
  | 'about'
  | 'contact'
  | 'privacy'
  | 'terms'
  | 'calculator'
  | 'results'
  | 'blogs'
  | 'blog'
  | 'developers'
  | 'builder'
  | 'project'
  | 'compare'
  | 'city'
  | 'zone'
  | 'location'
  | 'brokers'
  | 'broker'
  | 'brokerProjects'
  | 'construction'
  | 'contractors'
  | 'contractor'
  | 'listing'
  | 'account';

export interface SiteRoute {
  /** The router's path, absolute, with its `:params`, `:optional?` params and a trailing `*` as react-router reads them. */
  path: string;
  page: SitePage;
  access: SiteRouteAccess;
  /** false: open, but not worth a search result (the sign-in forms). */
  index?: boolean;
  /** access 'redirect': where the router sends the visitor (the query string is kept). */
  redirectTo?: string;
}

const open = (path: string, page: SitePage): SiteRoute => ({ path, page, access: 'open' });
const signedIn = (path: string): SiteRoute => ({ path, page: 'account', access: 'signed-in' });
const form = (path: string): SiteRoute => ({ path, page: 'account', access: 'open', index: false });

export const SITE_ROUTES: readonly SiteRoute[] = [
  open('/', 'home'),
  open('/about', 'about'),
  open('/privacy-policy', 'privacy'),
  open('/terms-conditions', 'terms'),
  // spec §2 spells it 'mortage'; it is a public address, so the spelling stays.
  open('/mortage-calculator', 'calculator'),
  { path: '/mortgage-calculator', page: 'calculator', access: 'redirect', redirectTo: '/mortage-calculator' },
  open('/broker-properties/:brokerId', 'brokerProjects'),
  open('/contact-us', 'contact'),
  open('/property-detail-page', 'results'),
  open('/blog', 'blogs'),
  open('/blog/:title/:id', 'blog'),
  open('/developers', 'developers'),
  open('/developer/:builderName/:builderId', 'builder'),
  open('/properties/:city/:zone/:location/:name/:id', 'project'),
  open('/prelaunch/:city/:zone/:location/:name/:id', 'project'),
  open('/Compare/:propertyName?', 'compare'),
  open('/location-property/:cityName/:id', 'city'),
  open('/location-property/:cityName/:zone/:id', 'zone'),
  open('/actual-location/:cityName/:zone/:location/:id', 'location'),
  open('/brokers', 'brokers'),
  open('/broker-info/:brokerId', 'broker'),
  open('/construction', 'construction'),
  open('/contractors', 'contractors'),
  open('/contractors/:companyName/:id', 'contractor'),
  open('/broker-property-details/:unit_Type/:property_Type/:BrokerpropertyId', 'listing'),
  open('/user-property-details/:unit_Type/:property_Type/:BrokerpropertyId', 'listing'),
  form('/login'),
  form('/registration'),
  form('/forgot-password'),
  form('/reset-password'),
  signedIn('/chat'),
  signedIn('/wishlist'),
  signedIn('/broker-profile'),
  signedIn('/profile'),
  signedIn('/list-your-properties'),
  signedIn('/uploded-properties/:page?'),
  signedIn('/Shareleads'),
  signedIn('/notifications'),
  signedIn('/leads'),
  signedIn('/ViewallUploads/:page?'),
  signedIn('/upload-property'),
  signedIn('/upload-a-property'),
  { path: '/RemoteComponent', page: 'account', access: 'outside' },
  { path: '/dashboard/*', page: 'account', access: 'outside' },
];

export interface SiteRouteMatch {
  route: SiteRoute;
  /** Decoded path parameters by the route's names ('*' for a splat). */
  params: Record<string, string>;
}

interface CompiledRoute {
  route: SiteRoute;
  pattern: RegExp;
  names: string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Like react-router: static segments match in any case, `:name?` may be absent, a trailing `*` takes the rest. */
function compile(route: SiteRoute): CompiledRoute {
  const names: string[] = [];
  let source = '';
  for (const segment of route.path.split('/').filter(Boolean)) {
    if (segment === '*') {
      names.push('*');
      source += '(?:/(.*))?';
    } else if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      names.push(segment.slice(1, optional ? -1 : undefined));
      source += optional ? '(?:/([^/]+))?' : '/([^/]+)';
    } else {
      source += `/${escapeRegExp(segment)}`;
    }
  }
  return { route, names, pattern: new RegExp(`^${source}/?$`, 'i') };
}

const COMPILED = SITE_ROUTES.map(compile);

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The route a path (no query string) opens, or null for a path the router shows its not-found page for. Static
 * routes win over parameterised ones, as in react-router's ranking, because the table lists none that overlap
 * otherwise (the agreement test would catch a new overlap's different answer in the browser).
 */
export function matchSiteRoute(pathname: string): SiteRouteMatch | null {
  for (const { route, pattern, names } of COMPILED) {
    const found = pattern.exec(pathname === '' ? '/' : pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    let malformed = false;
    names.forEach((name, index) => {
      const raw = found[index + 1];
      if (raw === undefined) return;
      const value = decode(raw);
      if (value === null) malformed = true;
      else params[name] = value;
    });
    // A segment that is not valid percent-encoding names nothing the router could show.
    if (malformed) return null;
    return { route, params };
  }
  return null;
}
