import { Component, useEffect, useState, type ReactNode } from 'react';
import { loadProviderConsole, type ProviderConsoleComponent } from './load-provider-console';

export const CONSOLE_UNAVAILABLE_MESSAGE = 'The provider console could not be loaded.';

type Loaded = { attempt: number } & ({ ok: true; Console: ProviderConsoleComponent } | { ok: false });

/**
 * spec §2 /dashboard: outside the main layout (no navbar, no footer), the remote provider console. Its code arrives
 * only when this page is opened. When the remote cannot load (a 404, the network, a broken build) or crashes while
 * rendering, the page says so and offers a retry instead of going blank.
 */
export function ProviderConsolePage() {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let live = true;
    loadProviderConsole().then(
      (Console) => live && setLoaded({ attempt, ok: true, Console }),
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
        <title>Provider console | Nivaas</title>
        Loading the provider console…
      </div>
    );
  }
  if (!current.ok) return <ConsoleUnavailable onRetry={retry} />;
  const { Console } = current;
  return (
    <RemoteBoundary key={attempt} onRetry={retry}>
      <Console basePath="/dashboard" />
    </RemoteBoundary>
  );
}

function ConsoleUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 px-4">
      <title>Provider console unavailable | Nivaas</title>
      <div role="alert" className="max-w-md rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-bold text-slate-900">{CONSOLE_UNAVAILABLE_MESSAGE}</h1>
        <p className="mt-2 text-sm text-slate-600">
          It is served separately from the rest of the site and did not arrive. Check the connection and try again; if
          it keeps failing, the console may not be deployed.
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-primary" onClick={onRetry}>
            Try again
          </button>
          <a href="/" className="btn-secondary">
            Go to the home page
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
    return this.state.failed ? <ConsoleUnavailable onRetry={this.props.onRetry} /> : this.props.children;
  }
}
