import { createRoot } from 'react-dom/client';
import { prefetchFirstScreen } from './app/prefetch';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { trackingContextFor } from './app/tracking-context';
import { startClientIdentity } from './lib/client-identity';
import { startTrackingWhenIdle } from './lib/tracking/start-tracking';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

// spec §4 'Client identity': decided before anything reads the stored client id or chat history.
startClientIdentity();
const store = makeStore();
prefetchFirstScreen(store, window.location.pathname);
createRoot(container).render(<AppProviders store={store} router={createAppRouter()} />);
// Issue 12: the tracking engine loads once the page is interactive; track() calls before that wait in local storage.
startTrackingWhenIdle(trackingContextFor(store));
