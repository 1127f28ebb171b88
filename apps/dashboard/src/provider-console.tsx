import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, Route, Routes, useLocation } from 'react-router';
import { ToasterProvider, useToaster } from './components/toaster';
import { AnalyticsOverview } from './features/analytics/analytics-overview';
import { BrokerFigures } from './features/analytics/broker-figures';
import { ProjectFunnel } from './features/analytics/project-funnel';
import { AuditLog } from './features/audit-log';
import { BrokersQueue } from './features/brokers-queue';
import { ListingsQueue } from './features/listings-queue';
import { SignIn } from './features/sign-in';
import { ProviderApi } from './lib/api-client';
import { ApiContext, useApi } from './lib/console-context';
import './console.css';

export interface ProviderConsoleProps {
  /** Where the host mounts the console (spec §2: /dashboard); its pages are below it. */
  basePath?: string;
}

/**
 * The provider console (issue 5), exposed to the host as `./ProviderConsole`. It renders inside the host's router
 * (react-router is a shared singleton) and owns everything below `basePath`: the listings queue, the brokers queue
 * and the audit log, behind the provider's passcode sign-in.
 */
export default function ProviderConsole({ basePath = '/dashboard' }: ProviderConsoleProps) {
  const [api] = useState(() => new ProviderApi());
  useEffect(() => {
    void api.restore();
  }, [api]);

  return (
    <ApiContext.Provider value={api}>
      <ToasterProvider>
        <div className="pc-console min-h-dvh bg-slate-100 font-sans text-slate-900 antialiased">
          <Gate basePath={basePath.replace(/\/+$/, '')} />
        </div>
      </ToasterProvider>
    </ApiContext.Provider>
  );
}

function Gate({ basePath }: { basePath: string }) {
  const api = useApi();
  const session = useSyncExternalStore(api.subscribe, api.getState);

  if (session.status === 'restoring') {
    return (
      <p role="status" className="flex min-h-dvh items-center justify-center text-sm text-slate-600">
        Checking your session…
      </p>
    );
  }
  if (session.status === 'signed-out') return <SignIn notice={session.reason} />;
  return <Shell basePath={basePath} staffName={session.staff.name} />;
}

const TABS = [
  { path: '', label: 'Listings' },
  { path: '/brokers', label: 'Brokers' },
  { path: '/audit', label: 'Audit log' },
  { path: '/analytics', label: 'Analytics' },
] as const;

function Shell({ basePath, staffName }: { basePath: string; staffName: string }) {
  const api = useApi();
  const toaster = useToaster();
  const [signingOut, setSigningOut] = useState(false);

  return (
    <>
      <title>Provider console | Nivaas</title>
      <a href="#console-main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to the queue
      </a>
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-brand-200 uppercase">Nivaas</p>
            <h1 className="text-lg font-bold">Provider console</h1>
          </div>
          <div className="flex items-center gap-3 text-sm">
            <span className="hidden text-brand-100 sm:inline">{staffName}</span>
            <a href="/" className="rounded px-2 py-1 text-brand-100 underline-offset-2 hover:underline">
              Site
            </a>
            <button
              type="button"
              className="rounded-full bg-white/10 px-3 py-1.5 font-semibold hover:bg-white/20 disabled:opacity-60"
              disabled={signingOut}
              onClick={async () => {
                setSigningOut(true);
                await api.signOut();
                toaster.success('Logged out successfully!');
              }}
            >
              Sign out
            </button>
          </div>
        </div>
        <nav aria-label="Console sections" className="mx-auto max-w-6xl px-2">
          <ul className="flex gap-1 overflow-x-auto">
            {TABS.map((tab) => (
              <li key={tab.label}>
                <NavLink
                  to={`${basePath}${tab.path}`}
                  // Analytics stays marked on its drill-downs; the listings tab is the console's root.
                  end={tab.path !== '/analytics'}
                  className={({ isActive }) =>
                    `block rounded-t-lg px-4 py-2 text-sm font-semibold whitespace-nowrap ${isActive ? 'bg-slate-100 text-brand-900' : 'text-brand-100 hover:bg-white/10'}`
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="console-main" className="mx-auto max-w-6xl px-4 py-6">
        <Routes>
          <Route index element={<ListingsQueue />} />
          <Route path="brokers" element={<BrokersQueue />} />
          <Route path="audit" element={<AuditLog />} />
          <Route path="analytics" element={<AnalyticsOverview basePath={basePath} />} />
          <Route path="analytics/projects/:id" element={<ProjectFunnel basePath={basePath} />} />
          <Route path="analytics/brokers" element={<BrokerFigures basePath={basePath} />} />
          <Route path="analytics/brokers/:id" element={<BrokerFigures basePath={basePath} />} />
          <Route path="*" element={<ConsoleNotFound basePath={basePath} />} />
        </Routes>
      </main>
    </>
  );
}

/**
 * Issue 17: an address below /dashboard that is no console page says so (it used to show the listings queue as if
 * the address were right), with the way to each section.
 */
function ConsoleNotFound({ basePath }: { basePath: string }) {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="not-found-heading" className="rounded-xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">404</p>
      <h2 id="not-found-heading" className="mt-1 text-xl font-bold text-slate-900">
        Page not found
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm break-words text-slate-600">
        The console has no page at <code className="rounded bg-slate-100 px-1 py-0.5 text-slate-800">{pathname}</code>. Choose a section:
      </p>
      <ul className="mt-5 flex flex-col items-center justify-center gap-2 sm:flex-row">
        {TABS.map((tab) => (
          <li key={tab.label}>
            <Link to={`${basePath}${tab.path}`} className={tab.path === '' ? 'pc-btn-primary' : 'pc-btn-secondary'}>
              {tab.path === '' ? 'Pending listings' : tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export { ProviderConsole };
