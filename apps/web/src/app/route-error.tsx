import { Logo } from '../components/logo';

/** The exact heading the spec gives the router's error element (§8). */
export const ROUTE_ERROR_HEADING = 'Unexpected Application Error';

function ErrorMessage() {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center md:py-24">
      <p className="text-sm font-semibold tracking-wide text-red-700 uppercase">Something broke</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">{ROUTE_ERROR_HEADING}</h1>
      <p className="mt-3 text-slate-600">
        This page hit a problem on our side. Nothing you entered was lost; reloading usually fixes it.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A full page load, not a router link: it also recovers from a stale or broken app bundle. */}
        <a href="/" className="btn-primary">
          Go to the home page
        </a>
        <button type="button" className="btn-secondary" onClick={() => window.location.reload()}>
          Reload this page
        </button>
      </div>
    </div>
  );
}

/** Shown inside the layout when a page fails, so the navbar and footer stay usable. */
export function RouteError() {
  return (
    <section>
      <title>{`${ROUTE_ERROR_HEADING} | Nivaas`}</title>
      <ErrorMessage />
    </section>
  );
}

/** Shown when the layout itself fails: the whole screen, with the logo as the way home. */
export function RootRouteError() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <title>{`${ROUTE_ERROR_HEADING} | Nivaas`}</title>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center px-4 lg:px-8">
          <a href="/" aria-label="Nivaas home">
            <Logo />
          </a>
        </div>
      </header>
      <main id="main">
        <ErrorMessage />
      </main>
    </div>
  );
}
