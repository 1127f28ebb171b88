import { Fragment, useEffect, useState, useSyncExternalStore } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { ConsoleMenu, ConsoleSidebar } from './components/console-nav';
import { ToasterProvider, useToaster } from './components/toaster';
import { SECTIONS } from './console-sections';
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
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
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
      </header>
      <ConsoleMenu basePath={basePath} />
      <div className="mx-auto flex max-w-7xl gap-6 px-4 py-6">
        <ConsoleSidebar basePath={basePath} />
        <main id="console-main" className="min-w-0 flex-1">
          <Routes>
            {SECTIONS.map((section) => (
              <Fragment key={section.label}>{section.routes(basePath)}</Fragment>
            ))}
            <Route path="*" element={<ConsoleNotFound basePath={basePath} />} />
          </Routes>
        </main>
      </div>
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
      <ul className="mt-5 flex flex-col items-center justify-center gap-2 sm:flex-row sm:flex-wrap">
        {SECTIONS.map((section) => (
          <li key={section.label}>
            <Link to={`${basePath}${section.path}`} className={section.path === '' ? 'pc-btn-primary' : 'pc-btn-secondary'}>
              {section.path === '' ? 'Pending listings' : section.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export { ProviderConsole };
