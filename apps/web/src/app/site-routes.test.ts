import { SITE_ROUTES, matchSiteRoute } from '@nivaas/contracts/site-routes';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireApprovedBroker } from './auth/require-approved-broker';
import { RequireAuth } from './auth/require-auth';
import { routes } from './router';

interface FlatRoute {
  path: string;
  guarded: boolean;
}

function join(parent: string, path: string | undefined): string {
  if (path === undefined) return parent;
  if (path.startsWith('/')) return path;
  return parent.endsWith('/') ? `${parent}${path}` : `${parent}/${path}`;
}

/** Every path the router renders a page for, and whether a sign-in guard stands above it. */
function flatten(list: RouteObject[], parent = '', guarded = false): FlatRoute[] {
  return list.flatMap((route) => {
    const path = join(parent, route.path);
    const guard = guarded || (isValidElement(route.element) && (route.element.type === RequireAuth || route.element.type === RequireApprovedBroker));
    // A route with children is a layout or a guard; the pages are its leaves.
    const own = route.children ? [] : [{ path: path || '/', guarded: guard }];
    return [...own, ...flatten(route.children ?? [], path, guard)];
  });
}

// Issue 15: the API answers status and head from the contracts' table; a route added to the router alone would be a
// 404 from the server, and one removed from the router alone a page the client cannot show.
describe('the contracts route table and the router', () => {
  const routerRoutes = flatten(routes).filter((route) => route.path !== '/*');

  it('list the same paths', () => {
    expect(routerRoutes.map((route) => route.path).sort()).toEqual(SITE_ROUTES.map((route) => route.path).sort());
  });

  it('agree on which pages need a sign-in', () => {
    for (const route of routerRoutes) {
      const entry = SITE_ROUTES.find((candidate) => candidate.path === route.path);
      const signedIn = entry?.access === 'signed-in' || entry?.path === '/RemoteComponent';
      expect(signedIn, route.path).toBe(route.guarded);
    }
  });

  it('matches paths as the router does (any case for static segments, optional params, the not-found page)', () => {
    expect(matchSiteRoute('/properties/bengaluru/east/whitefield/green-acres/12')?.params).toEqual({
      city: 'bengaluru',
      zone: 'east',
      location: 'whitefield',
      name: 'green-acres',
      id: '12',
    });
    expect(matchSiteRoute('/compare')?.route.page).toBe('compare');
    expect(matchSiteRoute('/Compare/green-acres')?.params).toEqual({ propertyName: 'green-acres' });
    expect(matchSiteRoute('/dashboard/projects/4')?.route.access).toBe('outside');
    expect(matchSiteRoute('/properties/bengaluru')).toBeNull();
    expect(matchSiteRoute('/no-such-page')).toBeNull();
  });
});
