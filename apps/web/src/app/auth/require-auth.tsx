import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectBrokerLogin, selectLoginsRestored, selectUserLogin } from '../../domain/auth/auth-slice';
import type { LoginRole } from '../../domain/auth/stored-login';
import { WrongRolePage } from './wrong-role-page';

import { LOGIN_PATH, type LoginRedirectState } from './login-redirect';

export { LOGIN_PATH, type LoginRedirectState } from './login-redirect';

export function GuardLoading() {
  return (
    <div className="grid min-h-[50vh] place-items-center" role="status" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden="true" />
      <span className="sr-only">Checking your sign-in…</span>
    </div>
  );
}

/** Whether the slots hold what `role` needs (spec §6: 'user' the user slot, 'broker' the broker slot, none either). */
export function useHasRole(role?: LoginRole): boolean {
  const user = useSelector(selectUserLogin);
  const broker = useSelector(selectBrokerLogin);
  if (role === 'user') return user !== null;
  if (role === 'broker') return broker !== null;
  return user !== null || broker !== null;
}

interface RequireAuthProps {
  role?: LoginRole;
  /** Defaults to the child routes (`<Outlet />`), so the guard can be a layout route. */
  children?: ReactNode;
}

/**
 * spec §2 'Route table' and §6: a protected page sends a visitor without the right login to /login,
 * replacing the history entry and carrying where they came from. Someone signed in with the other kind of account
 * is told so instead (issue 17: /login looked as if they had been signed out).
 */
export function RequireAuth({ role, children }: RequireAuthProps) {
  const restored = useSelector(selectLoginsRestored);
  const allowed = useHasRole(role);
  const signedIn = useHasRole();
  const location = useLocation();
  // After a reload the logins are still being decrypted; deciding now would bounce a signed-in visitor.
  if (!restored) return <GuardLoading />;
  if (!allowed && signedIn && role !== undefined) return <WrongRolePage needs={role} />;
  if (!allowed) {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  return children ?? <Outlet />;
}
