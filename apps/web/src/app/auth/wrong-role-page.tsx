import { useDispatch } from 'react-redux';
import { Link, useLocation } from 'react-router';
import { signInModalOpened } from '../../domain/auth/auth-slice';
import type { LoginRole } from '../../domain/auth/stored-login';
import { LOGIN_PATH, type LoginRedirectState } from './login-redirect';

interface WrongRolePageProps {
  /** The role the page needs. */
  needs: LoginRole;
}

const secondary =
  'inline-flex items-center rounded-full px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50';

/**
 * Issue 17 'Wrong role, signed in': someone signed in, but not with the login the page needs (spec §6: 'user' needs
 * the user slot, 'broker' the broker slot). Sending them to /login as if signed out hid what happened; this says
 * it in plain words, with the ways forward: sign in with the other kind of account (they come back here), their
 * own account's page, or home. A visitor signed in as nobody still goes to /login (RequireAuth).
 */
export function WrongRolePage({ needs }: WrongRolePageProps) {
  const location = useLocation();
  const dispatch = useDispatch();
  const forBrokers = needs === 'broker';
  const title = forBrokers ? 'This page is for brokers.' : 'This page is for home buyers and owners.';
  const state: LoginRedirectState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="wrong-role-title">
      <title>{`${forBrokers ? 'For brokers' : 'For buyers and owners'} | Nivaas`}</title>
      <span className="mx-auto grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="30" height="30" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="12" cy="8" r="3.5" />
          <path d="M5 20a7 7 0 0 1 14 0" />
        </svg>
      </span>
      <h1 id="wrong-role-title" className="mt-6 text-2xl font-bold text-balance text-slate-900 sm:text-3xl">
        {title}
      </h1>
      <p className="mt-3 text-lg text-slate-700">{forBrokers ? 'You are signed in as a buyer.' : 'You are signed in as a broker.'}</p>
      <p className="mx-auto mt-4 max-w-lg text-slate-600">
        {forBrokers
          ? 'Broker pages need a broker account. Sign in as a broker to open it, or carry on with your own account.'
          : 'Buyer and owner pages need a buyer’s sign-in, which takes a one-time passcode to your phone or e-mail. Sign in with a passcode to open it, or carry on as a broker.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {forBrokers ? (
          <Link to={LOGIN_PATH} state={state} className="btn-primary">
            Sign in as a broker
          </Link>
        ) : (
          <button type="button" onClick={() => dispatch(signInModalOpened())} className="btn-primary">
            Sign in with a passcode
          </button>
        )}
        <Link to={forBrokers ? '/profile' : '/broker-profile'} className={secondary}>
          {forBrokers ? 'Go to your profile' : 'Go to your broker profile'}
        </Link>
        <Link to="/" className={secondary}>
          Back to home
        </Link>
      </div>
    </section>
  );
}
