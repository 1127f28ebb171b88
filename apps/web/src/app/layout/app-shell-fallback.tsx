import { Logo } from '../../components/logo';

/**
 * What the first paint shows while the layout chunk downloads: the navbar's outline, so the page
 * does not jump when the real one arrives.
 */
export function AppShellFallback() {
  return (
    <div className="min-h-dvh bg-slate-50" aria-busy="true">
      <div className="sticky top-0 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center px-4 md:h-16 lg:px-8">
          <Logo />
        </div>
      </div>
    </div>
  );
}
