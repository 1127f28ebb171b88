import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { readServerRender } from './app/hydration';
import { prefetchFirstScreen } from './app/prefetch';
import { AppProviders } from './app/providers';
import { createAppRouter, loadMatchedRoutes } from './app/router';
import { makeStore, type AppStore, type RootState } from './app/store';
import { trackingContextFor } from './app/tracking-context';
import { startClientIdentity } from './lib/client-identity';
import { startTrackingWhenIdle } from './lib/tracking/start-tracking';
import { startHydrating } from './lib/use-hydrated';
import './index.css';
// Decision 045: before the first render, so pages' <title> and <meta> go to the head.
import './app/head-tags';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

// spec §4 'Client identity': decided before anything reads the stored client id or chat history.
startClientIdentity();
// Decision 028: an open page arrives rendered, with the data it was rendered from; signed-in pages and any page the
// server could not render arrive as the empty shell.
const rendered = readServerRender();

async function renderApp(root: HTMLElement): Promise<AppStore> {
  if (!rendered) {
    const store = makeStore();
    prefetchFirstScreen(store, window.location.pathname);
    createRoot(root).render(
      <AppProviders store={store}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>,
    );
    return store;
  }
  // The queries the server ran are in the store before the first render, so no hook fetches them again. Only the
  // `queries` and `provided` parts are sent; the api slice's reducer fills in the rest of its state.
  const store = makeStore({ api: rendered.state.api } as Partial<RootState>);
  // Hydration reads the session slices as the server had them (anonymous, default city, nothing compared); the
  // browser's own values (a stored login, a chosen city) follow in the render right after.
  const { auth, city, compare } = rendered.state;
  const serverState: RootState = { ...store.getState(), auth, city, compare };
  await loadMatchedRoutes(window.location.pathname);
  // Decision 045: Preact hydrates in one task; the modules' evaluation above gets a task of its own before it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  startHydrating();
  // Issue 15 (TBT): hydrating in a transition lets React yield to the browser every few milliseconds instead of
  // hydrating the whole page in one long task; the page is already painted, so nothing waits for it but input, which
  // React replays once the part clicked has hydrated. Same tree, same server state: no new mismatch is possible.
  startTransition(() => {
    hydrateRoot(
      root,
      <AppProviders store={store} serverState={serverState}>
        <RouterProvider router={createAppRouter(rendered.router)} />
      </AppProviders>,
    );
  });
  return store;
}

const store = await renderApp(container);
// Issue 12: the tracking engine loads once the page is interactive; track() calls before that wait in local storage.
startTrackingWhenIdle(trackingContextFor(store));
