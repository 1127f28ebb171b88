/**
 * Decision 028: the server's half of the web app. The API process imports the SSR build of this file once at start and
 * calls `renderPage` for each open page (anonymous render only; signed-in pages stay client-rendered). What it returns
 * goes inside index.html's `<div id="root">`; main.tsx hydrates it with the same routes and the same store state.
 */
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import type { ServerFetch } from './domain/auth/auth-persistence';
import { SERVER_RENDER_ORIGIN } from './domain/auth/auth-persistence';
import { api } from './lib/api/api-slice';
import { AppProviders } from './app/providers';
import { routes, type PageHandle } from './app/router';
import { makeStore, type AppStore } from './app/store';
// Decision 045: pages' <title> and <meta> render nothing here; the API writes the head.
import './app/head-tags';
import { scriptJson } from '@nivaas/contracts/script-json';
import { HYDRATION_STATE_ID, ROUTER_STATE_ID, type ServerRenderState } from './app/hydration';

export type { ServerFetch };

export type RenderedPage =
  | {
      kind: 'rendered';
      /** The app's markup, for inside `<div id="root">`. */
      html: string;
      /** The largest picture's preload, for the document's head. */
      headTags: string;
      /** The store's and the router's state as JSON data blocks, for after the root element. */
      dataScripts: string;
      /**
       * Decision 032: the page modules of the matched routes, as the client build's manifest names them
       * (`src/features/home/home-page.tsx`), so the server can preload their chunks with the entry.
       */
      modules: string[];
    }
  /** Not rendered (a redirect or an error in the router's own answer): the API sends the client-rendered shell. */
  | { kind: 'skipped'; reason: string };

/**
 * Hooks start their queries during a render (api-slice.ts); a page whose data depends on other data (a project, then
 * its similar projects) needs a render per step. Beyond this many the page goes out with what it has and the browser
 * fetches the rest.
 */
const MAX_DATA_PASSES = 5;
/** A render that has not finished by then is abandoned for the client-rendered shell. */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * The page's largest picture (the one marked `fetchpriority="high"`) preloaded from the head, so a phone starts it
 * before the body's markup arrives. React 19 wrote this link itself; Preact does not (decision 045). The attributes
 * are copied as the renderer escaped them.
 */
function largestPicturePreload(html: string): string {
  const img = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(html)?.[0];
  if (!img) return '';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(img)?.[1];
  const src = attribute('src');
  if (!src) return '';
  const srcset = attribute('srcset');
  const sizes = attribute('sizes');
  return (
    `<link rel="preload" as="image" href="${src}"` +
    (srcset ? ` imagesrcset="${srcset}"` : '') +
    (sizes ? ` imagesizes="${sizes}"` : '') +
    ' fetchpriority="high">'
  );
}

function isClientError(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Settled queries only: a query still running (past the last pass) is the browser's to start again. */
function stateToSend(store: AppStore): ServerRenderState {
  const { api: apiState, auth, city, compare } = store.getState();
  const queries = Object.fromEntries(
    Object.entries(apiState.queries).filter(([, entry]) => entry?.status === 'fulfilled' || entry?.status === 'rejected'),
  );
  return { api: { queries, provided: apiState.provided }, auth, city, compare };
}

// One handler for the process: it resolves each route's lazy chunk once, on the first request that matches it.
const handler = createStaticHandler(routes);

function app(store: AppStore, context: StaticHandlerContext) {
  const router = createStaticRouter(handler.dataRoutes, context);
  return (
    <AppProviders store={store}>
      {/* hydrate={false}: the router's state goes in a JSON block (the CSP allows no inline script). */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>
  );
}

/**
 * Preact's string renderer waits for every lazy piece (a route's chunk, a lazily loaded component) and returns the whole
 * page, which the public response cache can keep and crawlers read in full; the data is already in the store.
 */
async function renderToText(element: React.ReactElement): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server render took over ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
  });
  try {
    // The element is Preact's vnode: JSX here compiles against preact/compat (decision 045), typed as React's.
    return await Promise.race([renderToStringAsync(element as unknown as VNode), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Renders one open page for an anonymous visitor. `url` is the request's path and query; `serverFetch` answers the
 * page's API calls in process. Throws when rendering fails: the caller sends the client-rendered shell.
 */
export async function renderPage(url: string, serverFetch: ServerFetch): Promise<RenderedPage> {
  const context = await handler.query(new Request(new URL(url, SERVER_RENDER_ORIGIN)));
  if (context instanceof Response) return { kind: 'skipped', reason: `the router answered ${context.status}` };
  if (context.errors) return { kind: 'skipped', reason: 'the router caught an error' };

  const store = makeStore(undefined, { serverFetch });
  // Each pass is a real render: the one that starts no query is the page (no extra render once the data is in).
  let html = '';
  for (let pass = 1; ; pass += 1) {
    html = await renderToText(app(store, context));
    const running = store.dispatch(api.util.getRunningQueriesThunk());
    if (running.length === 0 || pass === MAX_DATA_PASSES) break;
    await Promise.all(running);
  }
  // A page showing "could not load" because the API failed (the database away) is not the page: it must not be
  // kept by the response cache. A 4xx (a record that is gone) is the page's real answer and renders as such.
  const failed = Object.values(store.getState().api.queries).find(
    (entry) => entry?.status === 'rejected' && !isClientError(entry.error),
  );
  if (failed) throw new Error(`${failed.endpointName} failed while rendering: ${JSON.stringify(failed.error)}`);
  const headTags = largestPicturePreload(html);
  const routerState = { loaderData: context.loaderData, actionData: context.actionData, errors: null };
  const dataScripts =
    `<script type="application/json" id="${HYDRATION_STATE_ID}">${scriptJson(stateToSend(store))}</script>` +
    `<script type="application/json" id="${ROUTER_STATE_ID}">${scriptJson(routerState)}</script>`;
  const modules = context.matches.flatMap(({ route }) => {
    const handle = route.handle as PageHandle | undefined;
    return handle ? [handle.module] : [];
  });
  return { kind: 'rendered', html, headTags, dataScripts, modules };
}
