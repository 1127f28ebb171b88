import { LOGOUT_MESSAGE } from '@nivaas/contracts/values';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router';
import { CloseIcon } from '../../components/icons';
import { useLogoutMutation } from '../../domain/auth/api/logout';
import { selectBrokerLogin, selectMenuRole, selectUserLogin, signedOut } from '../../domain/auth/auth-slice';
import type { LoginRole } from '../../domain/auth/stored-login';
import { showSuccess } from '../../lib/toast';
import { useModal } from '../../lib/use-modal';
import { AccountAvatar } from '../../components/account-avatar';

/** spec §2 'Side menus', in their order. */
export const MENU_LINKS: Record<LoginRole, readonly { to: string; label: string }[]> = {
  broker: [
    { to: '/broker-profile', label: 'Broker Profile' },
    { to: '/upload-a-property', label: 'Upload a Property' },
    { to: '/ViewallUploads', label: 'View All Uploads' },
    { to: '/leads', label: 'Leads' },
    { to: '/wishlist', label: 'Wishlist' },
  ],
  user: [
    { to: '/profile', label: 'My Profile' },
    { to: '/upload-a-property', label: 'List your Property' },
    { to: '/uploded-properties', label: 'Uploaded Properties' },
    { to: '/wishlist', label: 'Wishlist' },
  ],
};

interface AccountMenuProps {
  onClose: () => void;
  /** After the server call: signs the account out on this device (the navbar's useLogOutToHome). */
  onLoggedOut: (which: LoginRole) => void;
}

/**
 * spec §2: Log Out returns to /. The slot is emptied only once / is on screen: emptied while a guarded page
 * (/broker-profile, /wishlist) is still showing, that page's guard would send the visitor to /login instead. Used
 * by the navbar, which stays mounted across the navigation (the menu closes on it).
 */
export function useLogOutToHome(): (which: LoginRole) => void {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const leaving = useRef<LoginRole | null>(null);

  // Keyed on the navigation itself, so a Log Out on / (the same path) completes too.
  useEffect(() => {
    const which = leaving.current;
    if (!which || location.pathname !== '/') return;
    leaving.current = null;
    dispatch(signedOut(which));
    showSuccess(LOGOUT_MESSAGE);
  }, [location.key, location.pathname, dispatch]);

  return (which) => {
    leaving.current = which;
    void navigate('/');
  };
}

/**
 * The side menu behind the profile icon. spec §6: where a user and a broker are both signed in, menus give
 * the broker precedence; Log Out ends that account's session only.
 */
export function AccountMenu({ onClose, onLoggedOut }: AccountMenuProps) {
  const panel = useRef<HTMLDivElement>(null);
  useModal(panel, onClose);
  const role = useSelector(selectMenuRole);
  const user = useSelector(selectUserLogin);
  const broker = useSelector(selectBrokerLogin);
  const [logout] = useLogoutMutation();
  const [busy, setBusy] = useState(false);

  const login = role === 'broker' ? broker : user;
  if (!role || !login) return null;

  async function logOut(which: LoginRole) {
    setBusy(true);
    // The server session is ended when it can be; the visitor is signed out here either way, since that is
    // what they asked for (an unreachable server must not keep them signed in on a shared computer).
    await logout(which);
    onClose();
    onLoggedOut(which);
  }

  // A portal: the navbar's backdrop blur makes it the containing block of anything fixed inside it.
  return createPortal(
    <div className="fixed inset-0 z-50">
      <div className="absolute inset-0 bg-slate-950/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="account-menu-title"
        tabIndex={-1}
        className="absolute inset-y-0 right-0 flex w-[min(20rem,88vw)] flex-col bg-white shadow-2xl focus:outline-none"
      >
        <div className="flex items-start gap-3 border-b border-slate-200 px-5 pt-5 pb-4">
          <AccountAvatar photo={login.photo} className="size-14" />
          <div className="min-w-0 flex-1">
            <h2 id="account-menu-title" className="truncate text-lg font-bold text-slate-900">
              {login.name ??
                (role === 'user' ? (
                  <Link to="/profile" onClick={onClose} className="text-brand-700 underline underline-offset-2">
                    Add Your Name
                  </Link>
                ) : (
                  'Your account'
                ))}
            </h2>
            {login.phone && <p className="truncate text-sm text-slate-600">{login.phone}</p>}
            <p className="mt-0.5 text-xs font-semibold tracking-wide text-brand-700 uppercase">
              {role === 'broker' ? 'Broker' : 'Home buyer'}
            </p>
          </div>
          <button
            type="button"
            onClick={onClose}
            data-autofocus
            aria-label="Close menu"
            className="-mt-1 -mr-2 grid size-10 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon width={22} height={22} />
          </button>
        </div>
        <nav aria-label="Account" className="flex-1 overflow-y-auto px-3 py-3">
          <ul className="space-y-1">
            {MENU_LINKS[role].map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={onClose}
                  className="flex items-center rounded-xl px-3 py-3 font-semibold text-slate-800 hover:bg-slate-50"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-200 px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
          <button
            type="button"
            onClick={() => void logOut(role)}
            disabled={busy}
            className="btn-secondary w-full py-3 text-base disabled:cursor-progress disabled:opacity-80"
          >
            {busy ? 'Logging out…' : 'Log Out'}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
