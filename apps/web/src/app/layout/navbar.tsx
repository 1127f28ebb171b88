import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { SearchCombobox } from '../../domain/search/search-combobox';
import { selectBrokerLogin, selectLoginsRestored, selectMenuRole, selectUserLogin } from '../../domain/auth/auth-slice';
import { useHeroSearchVisible } from '../../domain/search/hero-search-dock';
import { AccountAvatar } from '../../components/account-avatar';
import { ChatLauncherSlot } from '../../components/chat-launcher-slot';
import { NotificationsBell } from '../../features/notifications/notifications-bell';
import { CityPicker } from '../../domain/city/city-picker';
import { AccountMenu, useLogOutToHome } from './account-menu';

const POST_PROPERTY_PATH = '/upload-a-property';
const LOGIN_PATH = '/login';

export function Navbar() {
  // spec §6: menus give the broker precedence over the user.
  const role = useSelector(selectMenuRole);
  const user = useSelector(selectUserLogin);
  const broker = useSelector(selectBrokerLogin);
  const restored = useSelector(selectLoginsRestored);
  const [accountOpen, setAccountOpen] = useState(false);
  const logOutToHome = useLogOutToHome();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [menuPath, setMenuPath] = useState(location.pathname);

  // Close the mobile menu when the page changes (adjusting state during render, not in an effect).
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
    setAccountOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const photo = (role === 'broker' ? broker : user)?.photo ?? null;
  // spec §2: on the home page the search moves into the top bar only once the hero's box has scrolled
  // under it. The desktop box keeps its space while hidden, so nothing beside it shifts.
  const onHome = location.pathname === '/';
  const heroSearchVisible = useHeroSearchVisible();
  const searchDocked = !onHome || !heroSearchVisible;

  return (
    <header data-top-bar className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <nav aria-label="Main" className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:gap-4 md:h-16 lg:px-8">
        <Link to="/" aria-label="Nivaas home" className="shrink-0 rounded-lg">
          <Logo compact />
        </Link>
        <CityPicker className="min-w-0" />
        <div className={`hidden min-w-0 flex-1 lg:block lg:max-w-md xl:max-w-lg ${searchDocked ? '' : 'invisible'}`}>
          <SearchCombobox variant="navbar" />
        </div>

        {!restored ? (
          // The stored logins are still being decrypted: hold the space rather than flash 'Log In'.
          <span className="ml-auto size-10 shrink-0" aria-hidden="true" />
        ) : role ? (
          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
            {/* Issue 17: a signed-in user's saved-search notices. */}
            {user && <NotificationsBell userId={user.id} />}
            {/* spec §2: a profile icon when signed in, opening the side menu (on every screen size). */}
            <button
              type="button"
              onClick={() => setAccountOpen(true)}
              aria-haspopup="dialog"
              aria-expanded={accountOpen}
              aria-label="Your account"
              className="grid size-10 shrink-0 place-items-center rounded-full ring-2 ring-transparent transition hover:ring-brand-200 focus-visible:ring-brand-600"
            >
              <AccountAvatar photo={photo} className="size-10" />
            </button>
          </div>
        ) : (
          <>
            <div className="ml-auto hidden items-center gap-2 md:flex">
              <NavLink
                to={POST_PROPERTY_PATH}
                className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 transition-colors hover:bg-slate-50 hover:ring-brand-400"
              >
                Post Your Property
                <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-amber-900 uppercase">
                  Free
                </span>
              </NavLink>
              <NavLink to={LOGIN_PATH} className="btn-primary">
                Log In
              </NavLink>
            </div>

            <button
              type="button"
              className="ml-auto grid size-10 shrink-0 place-items-center rounded-full text-slate-800 hover:bg-slate-100 md:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon width={22} height={22} /> : <MenuIcon width={22} height={22} />}
            </button>
          </>
        )}
        {/* Issue 17: on a phone the help-chat button sits here, where it covers nothing. */}
        <ChatLauncherSlot />
      </nav>

      {/* spec §2 'Mobile: a search row'. On the home page it floats below the bar (absolute), so its
          appearance on scroll does not push the page down. */}
      {searchDocked && (
        <div
          className={`border-t border-slate-100 bg-white/95 px-4 py-2 lg:hidden ${onHome ? 'absolute inset-x-0 top-full border-b border-slate-200 shadow-sm' : ''}`}
        >
          <SearchCombobox variant="navbar" className="mx-auto max-w-7xl" />
        </div>
      )}

      {menuOpen && !role && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white shadow-lg md:hidden">
          <ul className="mx-auto max-w-7xl space-y-2 px-4 py-4">
            <li>
              <Link
                to={POST_PROPERTY_PATH}
                className="flex items-center justify-between rounded-xl px-3 py-3 font-semibold text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50"
              >
                Post Your Property
                <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-amber-900 uppercase">
                  Free
                </span>
              </Link>
            </li>
            <li>
              <Link to={LOGIN_PATH} className="btn-primary w-full py-3 text-base">
                Log In
              </Link>
            </li>
          </ul>
        </div>
      )}
      {accountOpen && role && <AccountMenu onClose={() => setAccountOpen(false)} onLoggedOut={logOutToHome} />}
    </header>
  );
}
