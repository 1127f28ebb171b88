import { NOTIFICATIONS_PATH } from '@nivaas/contracts/project-path';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, redirect, type HydrationState, type RouteObject } from 'react-router';
import { RequireApprovedBroker } from './auth/require-approved-broker';
import { RequireAuth } from './auth/require-auth';
import { AppShellFallback } from './layout/app-shell-fallback';
import { RootRouteError, RouteError } from './route-error';

/**
 * Every page module, each its own chunk. Decision 032: a route names its module by the file path (`handle.module`),
 * which is also how the build's manifest names the module's chunk, so the server can send `modulepreload` links for
 * the page it rendered and the browser fetches the page's chunks with the entry, not after it has run.
 */
const pageModules = import.meta.glob<Record<string, ComponentType | undefined>>([
  '../features/*/*-page.tsx',
  '!../features/content/content-page.tsx',
  './layout/root-layout.tsx',
  './not-found-page.tsx',
]);

/** What a route's page module is called in the build's manifest (`src/...`), for the server's modulepreload links. */
export interface PageHandle {
  module: string;
}

/** A lazy route's page: `file` relative to this folder, `name` the component it exports. */
function page(file: string, name: string): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = pageModules[file];
  if (!load) throw new Error(`router: no page module ${file}`);
  const handle: PageHandle = { module: `src/${file.replace(/^\.\.\//, '').replace(/^\.\//, 'app/')}` };
  return {
    lazy: async () => {
      const Component = (await load())[name];
      if (!Component) throw new Error(`router: ${file} exports no ${name}`);
      return { Component };
    },
    handle,
  };
}

/**
 * Every route of the spec's route table (spec §2) is its own chunk (route `lazy`), so the first visit downloads only
 * the layout and the page it lands on. A path the table does not know renders the not-found page.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    // spec §8: the router's default error is 'Unexpected Application Error'. This one catches a
    // failure of the layout itself (for example its chunk failing to download after a deploy).
    errorElement: <RootRouteError />,
    hydrateFallbackElement: <AppShellFallback />,
    ...page('./layout/root-layout.tsx', 'RootLayout'),
    children: [
      {
        // A failing page keeps the navbar and footer, so the visitor can still go elsewhere.
        errorElement: <RouteError />,
        children: [
          { index: true, ...page('../features/home/home-page.tsx', 'HomePage') },
          {
            path: 'about',
            ...page('../features/content/about-page.tsx', 'AboutPage'),
          },
          {
            path: 'privacy-policy',
            ...page('../features/content/privacy-policy-page.tsx', 'PrivacyPolicyPage'),
          },
          {
            path: 'terms-conditions',
            ...page('../features/content/terms-conditions-page.tsx', 'TermsConditionsPage'),
          },
          {
            // spec §2 spells it 'mortage'; it is a public address, so the spelling stays.
            path: 'mortage-calculator',
            ...page('../features/mortgage-calculator/mortgage-calculator-page.tsx', 'MortgageCalculatorPage'),
          },
          {
            path: 'broker-properties/:brokerId',
            ...page('../features/brokers/broker-projects-page.tsx', 'BrokerProjectsPage'),
          },
          {
            // A common spelling of the calculator's address; the spec's 'mortage' stays the real one.
            path: 'mortgage-calculator',
            loader: ({ request }) => redirect(`/mortage-calculator${new URL(request.url).search}`),
          },
          {
            path: 'contact-us',
            ...page('../features/contact/contact-page.tsx', 'ContactPage'),
          },
          {
            // spec §2: results for ?locationId= or ?search=, with the filters in the address.
            path: 'property-detail-page',
            ...page('../features/results/results-page.tsx', 'ResultsPage'),
          },
          {
            path: 'blog',
            ...page('../features/blog/blog-page.tsx', 'BlogPage'),
          },
          {
            path: 'blog/:title/:id',
            ...page('../features/blog/blog-article-page.tsx', 'BlogArticlePage'),
          },
          {
            path: 'developers',
            ...page('../features/developers/developers-page.tsx', 'DevelopersPage'),
          },
          {
            path: 'developer/:builderName/:builderId',
            ...page('../features/developers/developer-page.tsx', 'DeveloperPage'),
          },
          {
            // spec §2: project details; pre-launch projects use the same page with a pre-launch banner.
            path: 'properties/:city/:zone/:location/:name/:id',
            ...page('../features/project-details/project-details-page.tsx', 'ProjectDetailsPage'),
          },
          {
            path: 'prelaunch/:city/:zone/:location/:name/:id',
            ...page('../features/project-details/project-details-page.tsx', 'ProjectDetailsPage'),
          },
          {
            // spec §2 spells it with a capital C; the router matches either case.
            path: 'Compare/:propertyName?',
            ...page('../features/compare/compare-page.tsx', 'ComparePage'),
          },
          {
            path: 'location-property/:cityName/:id',
            ...page('../features/places/city-page.tsx', 'CityPage'),
          },
          {
            path: 'location-property/:cityName/:zone/:id',
            ...page('../features/places/zone-page.tsx', 'ZonePage'),
          },
          {
            path: 'actual-location/:cityName/:zone/:location/:id',
            ...page('../features/places/location-page.tsx', 'LocationPage'),
          },
          {
            path: 'brokers',
            ...page('../features/brokers/brokers-page.tsx', 'BrokersPage'),
          },
          {
            path: 'broker-info/:brokerId',
            ...page('../features/brokers/broker-info-page.tsx', 'BrokerInfoPage'),
          },
          {
            path: 'construction',
            ...page('../features/construction/construction-page.tsx', 'ConstructionPage'),
          },
          {
            path: 'contractors',
            ...page('../features/construction/contractors-page.tsx', 'ContractorsPage'),
          },
          {
            path: 'contractors/:companyName/:id',
            ...page('../features/construction/contractor-page.tsx', 'ContractorPage'),
          },
          {
            path: 'broker-property-details/:unit_Type/:property_Type/:BrokerpropertyId',
            ...page('../features/listing-details/listing-details-page.tsx', 'ListingDetailsPage'),
          },
          {
            path: 'user-property-details/:unit_Type/:property_Type/:BrokerpropertyId',
            ...page('../features/listing-details/listing-details-page.tsx', 'ListingDetailsPage'),
          },
          {
            // spec §2: the broker's sign-in, and where protected pages send a visitor (no navbar: layout-rules.ts).
            path: 'login',
            ...page('../features/broker-account/login-page.tsx', 'LoginPage'),
          },
          {
            path: 'registration',
            ...page('../features/broker-account/registration-page.tsx', 'RegistrationPage'),
          },
          {
            path: 'forgot-password',
            ...page('../features/broker-account/forgot-password-page.tsx', 'ForgotPasswordPage'),
          },
          {
            path: 'reset-password',
            ...page('../features/broker-account/reset-password-page.tsx', 'ResetPasswordPage'),
          },
          {
            // spec §2: broker only; anyone else goes to /login and comes back after signing in.
            element: <RequireAuth role="broker" />,
            children: [
              {
                // The help chat's conversation full-page (the footer is hidden here).
                path: 'chat',
                ...page('../features/chat/chat-page.tsx', 'ChatPage'),
              },
            ],
          },
          {
            // spec §2: /wishlist is for a user or a broker; a visitor goes to /login and comes back.
            element: <RequireAuth />,
            children: [
              {
                path: 'wishlist',
                ...page('../features/wishlist/wishlist-page.tsx', 'WishlistPage'),
              },
            ],
          },
          {
            // spec §2: broker only.
            element: <RequireAuth role="broker" />,
            children: [
              {
                path: 'broker-profile',
                ...page('../features/broker-account/broker-profile-page.tsx', 'BrokerProfilePage'),
              },
            ],
          },
          {
            // spec §2: user only.
            element: <RequireAuth role="user" />,
            children: [
              {
                path: 'profile',
                ...page('../features/profile/profile-page.tsx', 'ProfilePage'),
              },
              {
                path: 'list-your-properties',
                ...page('../features/listing-upload/upload-page.tsx', 'UserUploadPage'),
              },
              {
                // The spec's spelling; the optional segment picks the starting tab like /ViewallUploads.
                path: 'uploded-properties/:page?',
                ...page('../features/owner-listings/owner-uploads-page.tsx', 'UserUploadsPage'),
              },
              {
                path: 'Shareleads',
                ...page('../features/owner-listings/leads-page.tsx', 'ShareLeadsPage'),
              },
              {
                // Issue 17: the user's saved-search notices (the navbar's bell opens it).
                path: NOTIFICATIONS_PATH.slice(1),
                ...page('../features/notifications/notifications-page.tsx', 'NotificationsPage'),
              },
            ],
          },
          {
            // spec §2/§4: broker pages behind approval; any other approval shows the pending page.
            element: <RequireApprovedBroker />,
            children: [
              {
                path: 'leads',
                ...page('../features/owner-listings/leads-page.tsx', 'LeadsPage'),
              },
              {
                path: 'ViewallUploads/:page?',
                ...page('../features/owner-listings/owner-uploads-page.tsx', 'ViewAllUploadsPage'),
              },
              {
                // spec §2 says 'broker only'; uploading needs approval too (§4 'uploads'), as the API enforces.
                path: 'upload-property',
                ...page('../features/listing-upload/upload-page.tsx', 'BrokerUploadPage'),
              },
            ],
          },
          {
            // spec §2: a signed-in user gets the upload form; a broker needs approval, else the pending page.
            element: <RequireApprovedBroker allowUser />,
            children: [
              {
                path: 'upload-a-property',
                ...page('../features/listing-upload/upload-page.tsx', 'UploadAPropertyPage'),
              },
            ],
          },
          { path: '*', ...page('./not-found-page.tsx', 'NotFoundPage') },
        ],
      },
    ],
  },
  {
    // spec §2: /RemoteComponent is broker only and outside the main layout: the brokers' insights, a Module
    // Federation remote (apps/remote-component). The guard sends a visitor to /login and shows a pending broker the
    // pending page; the page's loader and the remote arrive only here.
    path: '/RemoteComponent',
    errorElement: <RootRouteError />,
    hydrateFallbackElement: <div className="min-h-dvh bg-slate-100" />,
    element: <RequireApprovedBroker />,
    children: [
      {
        index: true,
        ...page('../features/broker-insights/broker-insights-page.tsx', 'BrokerInsightsPage'),
      },
    ],
  },
  {
    // spec §2: /dashboard is outside the main layout (no navbar or footer): the provider console, a Module
    // Federation remote (apps/dashboard) that owns the paths below it. Its loader and the remote arrive only here.
    path: '/dashboard/*',
    errorElement: <RootRouteError />,
    hydrateFallbackElement: <div className="min-h-dvh bg-slate-100" />,
    ...page('../features/provider-console/provider-console-page.tsx', 'ProviderConsolePage'),
  },
];

/**
 * Decision 028: before hydrating a server-rendered page, the chunks of the routes it matched are loaded and put in
 * place of their `lazy`, so the first client render is the page the server rendered, not the hydrate fallback.
 */
export async function loadMatchedRoutes(location: string): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** `hydrationData`: the router state a server render sent (loaders' data; none of the routes has loaders today). */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}
