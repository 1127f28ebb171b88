import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import BrokerInsights from './broker-insights';

/**
 * Standalone development only (http://localhost:5501/remotes/insights/): the host renders the exposed module with
 * the signed-in broker's requests. Here a broker's access token may be given as `?token=` (copied from the host).
 */
const token = new URLSearchParams(window.location.search).get('token');
async function load(path: string): Promise<unknown> {
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error((body as { message?: string } | null)?.message ?? `HTTP ${response.status}`);
  return body;
}
const loadInsights = (days: number) => load(`/api/broker/insights?days=${days}`);
const loadViewerSearches = (days: number) => load(`/api/broker/insights/searches?days=${days}`);

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <BrokerInsights loadInsights={loadInsights} loadViewerSearches={loadViewerSearches} />
    </BrowserRouter>
  </StrictMode>,
);
