import { Component, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { BrokerInsightWindow } from '@nivaas/contracts/analytics.schema';
import { serverMessage } from '../../lib/api/error-text';
import { useLazyGetBrokerInsightsQuery, useLazyGetBrokerViewerSearchesQuery } from './api/get-broker-insights';
import { loadBrokerInsights, type BrokerInsightsComponent } from './load-broker-insights';

export const INSIGHTS_UNAVAILABLE_MESSAGE = 'Your insights could not be loaded.';

const LOAD_FAILED_MESSAGE = 'Could not reach the server. Check the connection and try again.';

type Loaded = { attempt: number } & ({ ok: true; Insights: BrokerInsightsComponent } | { ok: false });

/**
 * spec §2 /RemoteComponent: broker only (the router's guard has checked the sign-in and the approval), outside the
 * main layout, the brokers' insights remote (apps/remote-component). Its code arrives only when this page is opened.
 * When the remote cannot load or crashes while rendering, the page says so and offers a retry.
 */
export function BrokerInsightsPage() {
  const [fetchInsights] = useLazyGetBrokerInsightsQuery();
  const [fetchViewerSearches] = useLazyGetBrokerViewerSearchesQuery();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  // The remote's one way to its figures: the host's request layer, with the broker's token and its refresh.
  const loadInsights = useCallback(
    async (days: BrokerInsightWindow): Promise<unknown> => {
      // Never the cached answer: Refresh is how a broker sees a new view or enquiry.
      const result = await fetchInsights(days, false);
      if (result.error !== undefined) throw new Error(serverMessage(result.error) ?? LOAD_FAILED_MESSAGE);
      return result.data;
    },
    [fetchInsights],
  );
  const loadViewerSearches = useCallback(
    async (days: BrokerInsightWindow): Promise<unknown> => {
      const result = await fetchViewerSearches(days, false);
      if (result.error !== undefined) throw new Error(serverMessage(result.error) ?? LOAD_FAILED_MESSAGE);
      return result.data;
    },
    [fetchViewerSearches],
  );

  useEffect(() => {
    let live = true;
    loadBrokerInsights().then(
      (Insights) => live && setLoaded({ attempt, ok: true, Insights }),
      () => live && setLoaded({ attempt, ok: false }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = () => setAttempt((value) => value + 1);
  const current = loaded?.attempt === attempt ? loaded : null;

  if (current === null) {
    return (
      <div role="status" className="flex min-h-dvh items-center justify-center bg-slate-100 text-sm text-slate-600">
        <title>Your listings' insights | Nivaas</title>
        Loading your insights…
      </div>
    );
  }
  if (!current.ok) return <InsightsUnavailable onRetry={retry} />;
  const { Insights } = current;
  return (
    <RemoteBoundary key={attempt} onRetry={retry}>
      <Insights loadInsights={loadInsights} loadViewerSearches={loadViewerSearches} />
    </RemoteBoundary>
  );
}

function InsightsUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 px-4">
      <title>Insights unavailable | Nivaas</title>
      <div role="alert" className="max-w-md rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-bold text-slate-900">{INSIGHTS_UNAVAILABLE_MESSAGE}</h1>
        <p className="mt-2 text-sm text-slate-600">
          They are served separately from the rest of the site and did not arrive. Check the connection and try again;
          if it keeps failing, the insights may not be deployed.
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-primary" onClick={onRetry}>
            Try again
          </button>
          <a href="/ViewallUploads" className="btn-secondary">
            Go to your uploads
          </a>
        </div>
      </div>
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}

/** A crash inside the remote shows the same message rather than taking the page down. */
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <InsightsUnavailable onRetry={this.props.onRetry} /> : this.props.children;
  }
}
