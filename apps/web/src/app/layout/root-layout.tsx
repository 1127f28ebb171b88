import { lazy, Suspense, useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { LaterHydration } from '../../components/later-hydration';
import { ConsentBar } from '../../components/consent-bar';
import { CompareTray } from '../../domain/compare/compare-tray';
import { selectSignInModalOpen } from '../../domain/auth/auth-slice';
import { ChatLauncher } from '../../features/chat/chat-launcher';
import { registerServiceWorkerAfterLoad } from '../../lib/register-service-worker';
import { PageViewTracker } from '../page-view-tracker';
import { Footer } from './footer';
import { isChatPage, showsFooter, showsNavbar } from './layout-rules';
import { Navbar } from './navbar';
import { ScrollManager } from './scroll-manager';
import { ServerHead } from './server-head';

/** A thin bar while the next page's chunk downloads, so a tap on a slow network visibly did something. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100" role="progressbar" aria-label="Loading page">
      <div className="h-full w-1/3 animate-pulse bg-brand-600" />
    </div>
  );
}

// Only downloaded when something asks for it (a visitor's favourite, a saved search, a rating).
const SignInModal = lazy(async () => ({ default: (await import('../auth/sign-in-modal')).SignInModal }));

export function RootLayout() {
  const { pathname } = useLocation();
  const signInOpen = useSelector(selectSignInModalOpen);
  // Decision 029: offline support, registered after the load event so it never competes with the first screen.
  useEffect(() => registerServiceWorkerAfterLoad(), []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ScrollManager />
      <ServerHead />
      <PageViewTracker />
      <NavigationProgress />
      {/* Issue 12: the tracking choice, in the flow above the navbar so it covers nothing. */}
      <ConsentBar />
      {showsNavbar(pathname) && (
        // `contents`: the navbar sticks to the top of the page, not of a wrapper of its own height.
        <LaterHydration className="contents">
          <Navbar />
        </LaterHydration>
      )}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      {showsFooter(pathname) && (
        <LaterHydration className="[contain-intrinsic-size:auto_32rem] [content-visibility:auto]">
          <Footer />
        </LaterHydration>
      )}
      {/* spec §4: the compare set follows the visitor while it holds anything. */}
      <CompareTray />
      {/* spec §6: any page can open the sign-in modal (signInModalOpened), so it lives in the layout. */}
      {signInOpen && (
        <Suspense fallback={null}>
          <SignInModal />
        </Suspense>
      )}
      {/* spec §2: the help chat button on every page; /chat is the same conversation full-page. */}
      {!isChatPage(pathname) && <ChatLauncher />}
    </div>
  );
}
