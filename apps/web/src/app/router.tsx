import { NOTIFICATIONS_PATH } from '@nivaas/contracts/project-path';
import { createBrowserRouter, matchRoutes, redirect, type HydrationState, type RouteObject } from 'react-router';
import { RequireApprovedBroker } from './auth/require-approved-broker';
import { RequireAuth } from './auth/require-auth';
import { AppShellFallback } from './layout/app-shell-fallback';
import { RootRouteError, RouteError } from './route-error';

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
    lazy: async () => ({ Component: (await import('./layout/root-layout')).RootLayout }),
    children: [
      {
        // A failing page keeps the navbar and footer, so the visitor can still go elsewhere.
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/home/home-page')).HomePage }) },
          {
            path: 'about',
            lazy: async () => ({ Component: (await import('../features/content/about-page')).AboutPage }),
          },
          {
            path: 'privacy-policy',
            lazy: async () => ({
              Component: (await import('../features/content/privacy-policy-page')).PrivacyPolicyPage,
            }),
          },
          {
            path: 'terms-conditions',
            lazy: async () => ({
              Component: (await import('../features/content/terms-conditions-page')).TermsConditionsPage,
            }),
          },
          {
            // spec §2 spells it 'mortage'; it is a public address, so the spelling stays.
            path: 'mortage-calculator',
            lazy: async () => ({
              Component: (await import('../features/mortgage-calculator/mortgage-calculator-page'))
                .MortgageCalculatorPage,
            }),
          },
          {
            path: 'broker-properties/:brokerId',
            lazy: async () => ({
              Component: (await import('../features/brokers/broker-projects-page')).BrokerProjectsPage,
            }),
          },
          {
            // A common spelling of the calculator's address; the spec's 'mortage' stays the real one.
            path: 'mortgage-calculator',
            loader: ({ request }) => redirect(`/mortage-calculator${new URL(request.url).search}`),
          },
          {
            path: 'contact-us',
            lazy: async () => ({ Component: (await import('../features/contact/contact-page')).ContactPage }),
          },
          {
            // spec §2: results for ?locationId= or ?search=, with the filters in the address.
            path: 'property-detail-page',
            lazy: async () => ({ Component: (await import('../features/results/results-page')).ResultsPage }),
          },
          {
            path: 'blog',
            lazy: async () => ({ Component: (await import('../features/blog/blog-page')).BlogPage }),
          },
          {
            path: 'blog/:title/:id',
            lazy: async () => ({ Component: (await import('../features/blog/blog-article-page')).BlogArticlePage }),
          },
          {
            path: 'developers',
            lazy: async () => ({ Component: (await import('../features/developers/developers-page')).DevelopersPage }),
          },
          {
            path: 'developer/:builderName/:builderId',
            lazy: async () => ({ Component: (await import('../features/developers/developer-page')).DeveloperPage }),
          },
          {
            // spec §2: project details; pre-launch projects use the same page with a pre-launch banner.
            path: 'properties/:city/:zone/:location/:name/:id',
            lazy: async () => ({
              Component: (await import('../features/project-details/project-details-page')).ProjectDetailsPage,
            }),
          },
          {
            path: 'prelaunch/:city/:zone/:location/:name/:id',
            lazy: async () => ({
              Component: (await import('../features/project-details/project-details-page')).ProjectDetailsPage,
            }),
          },
          {
            // spec §2 spells it with a capital C; the router matches either case.
            path: 'Compare/:propertyName?',
            lazy: async () => ({ Component: (await import('../features/compare/compare-page')).ComparePage }),
          },
          {
            path: 'location-property/:cityName/:id',
            lazy: async () => ({ Component: (await import('../features/places/city-page')).CityPage }),
          },
          {
            path: 'location-property/:cityName/:zone/:id',
            lazy: async () => ({ Component: (await import('../features/places/zone-page')).ZonePage }),
          },
          {
            path: 'actual-location/:cityName/:zone/:location/:id',
            lazy: async () => ({ Component: (await import('../features/places/location-page')).LocationPage }),
          },
          {
            path: 'brokers',
            lazy: async () => ({ Component: (await import('../features/brokers/brokers-page')).BrokersPage }),
          },
          {
            path: 'broker-info/:brokerId',
            lazy: async () => ({ Component: (await import('../features/brokers/broker-info-page')).BrokerInfoPage }),
          },
          {
            path: 'construction',
            lazy: async () => ({ Component: (await import('../features/construction/construction-page')).ConstructionPage }),
          },
          {
            path: 'contractors',
            lazy: async () => ({ Component: (await import('../features/construction/contractors-page')).ContractorsPage }),
          },
          {
            path: 'contractors/:companyName/:id',
            lazy: async () => ({ Component: (await import('../features/construction/contractor-page')).ContractorPage }),
          },
          {
            path: 'broker-property-details/:unit_Type/:property_Type/:BrokerpropertyId',
            lazy: async () => ({
              Component: (await import('../features/listing-details/listing-details-page')).ListingDetailsPage,
            }),
          },
          {
            path: 'user-property-details/:unit_Type/:property_Type/:BrokerpropertyId',
            lazy: async () => ({
              Component: (await import('../features/listing-details/listing-details-page')).ListingDetailsPage,
            }),
          },
          {
            // spec §2: the broker's sign-in, and where protected pages send a visitor (no navbar: layout-rules.ts).
            path: 'login',
            lazy: async () => ({ Component: (await import('../features/broker-account/login-page')).LoginPage }),
          },
          {
            path: 'registration',
            lazy: async () => ({
              Component: (await import('../features/broker-account/registration-page')).RegistrationPage,
            }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('../features/broker-account/forgot-password-page')).ForgotPasswordPage,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('../features/broker-account/reset-password-page')).ResetPasswordPage,
            }),
          },
          {
            // spec §2: broker only; anyone else goes to /login and comes back after signing in.
            element: <RequireAuth role="broker" />,
            children: [
              {
                // The help chat's conversation full-page (the footer is hidden here).
                path: 'chat',
                lazy: async () => ({ Component: (await import('../features/chat/chat-page')).ChatPage }),
              },
            ],
          },
          {
            // spec §2: /wishlist is for a user or a broker; a visitor goes to /login and comes back.
            element: <RequireAuth />,
            children: [
              {
                path: 'wishlist',
                lazy: async () => ({ Component: (await import('../features/wishlist/wishlist-page')).WishlistPage }),
              },
            ],
          },
          {
            // spec §2: broker only.
            element: <RequireAuth role="broker" />,
            children: [
              {
                path: 'broker-profile',
                lazy: async () => ({
                  Component: (await import('../features/broker-account/broker-profile-page')).BrokerProfilePage,
                }),
              },
            ],
          },
          {
            // spec §2: user only.
            element: <RequireAuth role="user" />,
            children: [
              {
                path: 'profile',
                lazy: async () => ({ Component: (await import('../features/profile/profile-page')).ProfilePage }),
              },
              {
                path: 'list-your-properties',
                lazy: async () => ({ Component: (await import('../features/listing-upload/upload-page')).UserUploadPage }),
              },
              {
                // The spec's spelling; the optional segment picks the starting tab like /ViewallUploads.
                path: 'uploded-properties/:page?',
                lazy: async () => ({ Component: (await import('../features/owner-listings/owner-uploads-page')).UserUploadsPage }),
              },
              {
                path: 'Shareleads',
                lazy: async () => ({ Component: (await import('../features/owner-listings/leads-page')).ShareLeadsPage }),
              },
              {
                // Issue 17: the user's saved-search notices (the navbar's bell opens it).
                path: NOTIFICATIONS_PATH.slice(1),
                lazy: async () => ({ Component: (await import('../features/notifications/notifications-page')).NotificationsPage }),
              },
            ],
          },
          {
            // spec §2/§4: broker pages behind approval; any other approval shows the pending page.
            element: <RequireApprovedBroker />,
            children: [
              {
                path: 'leads',
                lazy: async () => ({ Component: (await import('../features/owner-listings/leads-page')).LeadsPage }),
              },
              {
                path: 'ViewallUploads/:page?',
                lazy: async () => ({ Component: (await import('../features/owner-listings/owner-uploads-page')).ViewAllUploadsPage }),
              },
              {
                // spec §2 says 'broker only'; uploading needs approval too (§4 'uploads'), as the API enforces.
                path: 'upload-property',
                lazy: async () => ({ Component: (await import('../features/listing-upload/upload-page')).BrokerUploadPage }),
              },
            ],
          },
          {
            // spec §2: a signed-in user gets the upload form; a broker needs approval, else the pending page.
            element: <RequireApprovedBroker allowUser />,
            children: [
              {
                path: 'upload-a-property',
                lazy: async () => ({ Component: (await import('../features/listing-upload/upload-page')).UploadAPropertyPage }),
              },
            ],
          },
          { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) },
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
        lazy: async () => ({
          Component: (await import('../features/broker-insights/broker-insights-page')).BrokerInsightsPage,
        }),
      },
    ],
  },
  {
    // spec §2: /dashboard is outside the main layout (no navbar or footer): the provider console, a Module
    // Federation remote (apps/dashboard) that owns the paths below it. Its loader and the remote arrive only here.
    path: '/dashboard/*',
    errorElement: <RootRouteError />,
    hydrateFallbackElement: <div className="min-h-dvh bg-slate-100" />,
    lazy: async () => ({
      Component: (await import('../features/provider-console/provider-console-page')).ProviderConsolePage,
    }),
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
