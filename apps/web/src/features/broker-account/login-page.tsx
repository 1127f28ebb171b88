import { zodResolver } from '@hookform/resolvers/zod';
import { BrokerLoginRequestSchema, type BrokerSignInResponse } from '@nivaas/contracts/auth.schema';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useSendOtpMutation } from '../../domain/auth/api/send-otp';
import { useVerifyOtpMutation } from '../../domain/auth/api/verify-otp';
import { serverMessage } from '../../lib/api/error-text';
import { selectUserLogin, signedIn, signInModalOpened } from '../../domain/auth/auth-slice';
import { brokerLoginFrom, userLoginFrom } from '../../domain/auth/logins';
import { showSuccess } from '../../lib/toast';
import { useBrokerLoginMutation, useBrokerSendOtpMutation, useBrokerVerifyOtpMutation } from './api/broker-sign-in';
import { AuthShell } from './components/auth-shell';
import { Field, PasswordField } from './components/field';
import { PasscodeForm } from './components/passcode-form';
import { isOwnerPath, returnPath } from './lib/sign-in';

type Method = 'password' | 'passcode';

/** What /registration and /reset-password hand over when they send the broker here. */
function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const notice: unknown = (state as { notice: unknown }).notice;
  return typeof notice === 'string' ? notice : null;
}

/**
 * /login (spec §2): the broker's sign-in, and the page protected routes send a visitor to. A broker signs in with
 * e-mail and password or with a one-time passcode; a home buyer is pointed to the passcode sign-in modal. Either
 * way the visitor then returns to where the guard found them (`state.from`), else home.
 *
 * Issue 17: a visitor sent here from an owner's page ('Post Your Property' leads to /upload-a-property) is an owner,
 * not a broker: they get the passcode sign-in that page needs, on the page, and land on the upload form after it.
 */
export function LoginPage() {
  const location = useLocation();
  const from = returnPath(location.state);
  const [door, setDoor] = useState<'owner' | 'broker'>(isOwnerPath(from) ? 'owner' : 'broker');
  if (door === 'owner') return <OwnerLogin onBroker={() => setDoor('broker')} />;
  return <BrokerLogin />;
}

/** The owner's door (issue 17): a user's passcode sign-in, then back to the page that asked for it. */
function OwnerLogin({ onBroker }: { onBroker: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [sendOtp] = useSendOtpMutation();
  const [verifyOtp] = useVerifyOtpMutation();
  const posting = /^\/upload-a-property/i.test(returnPath(location.state));

  return (
    <AuthShell
      audience="owner"
      title={posting ? 'Sign in to post your property' : 'Sign in with a passcode'}
      subtitle="We send a one-time passcode to your phone or e-mail. No password, no broker account."
      footer={
        <p>
          Are you a broker?{' '}
          <button type="button" onClick={onBroker} className="font-semibold text-brand-700 hover:underline">
            Broker log in
          </button>
        </p>
      }
    >
      <title>{posting ? 'Sign in to post your property | Nivaas' : 'Sign in | Nivaas'}</title>
      <PasscodeForm
        door="user"
        hint="Your mobile number or e-mail address. Signing in the first time creates your account."
        send={(identity) => sendOtp({ value: identity })}
        verify={async (identity, code) => {
          const result = await verifyOtp({ email: identity, otp: code });
          if (!result.data) return { error: result.error };
          dispatch(signedIn({ role: 'user', login: userLoginFrom(result.data, identity) }));
          showSuccess(result.data.message);
          void navigate(returnPath(location.state), { replace: true });
          return null;
        }}
      />
    </AuthShell>
  );
}

function BrokerLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [method, setMethod] = useState<Method>('password');
  const tabsId = useId();
  const notice = noticeOf(location.state);

  const finish = (response: BrokerSignInResponse) => {
    dispatch(signedIn({ role: 'broker', login: brokerLoginFrom(response) }));
    showSuccess(response.message);
    void navigate(returnPath(location.state), { replace: true });
  };

  // A home buyer who signs in through the modal from here goes on to where they were headed as well.
  const user = useSelector(selectUserLogin);
  const userAtStart = useRef(user);
  useEffect(() => {
    if (user && !userAtStart.current) void navigate(returnPath(location.state), { replace: true });
  }, [user, location.state, navigate]);

  const tab = (value: Method, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${tabsId}-${value}-tab`}
      aria-selected={method === value}
      aria-controls={`${tabsId}-${value}`}
      onClick={() => setMethod(value)}
      className={`flex-1 rounded-full px-3 py-2 text-sm font-semibold transition-colors ${method === value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
    >
      {label}
    </button>
  );

  return (
    <AuthShell
      title="Broker log in"
      subtitle="Manage your listings and see the leads on them."
      footer={
        <>
          <p>
            New to Nivaas?{' '}
            <Link to="/registration" className="font-semibold text-brand-700 hover:underline">
              Register as a broker
            </Link>
          </p>
          <div className="rounded-2xl bg-amber-50 px-4 py-3 ring-1 ring-amber-200">
            <p className="font-semibold text-amber-950">Looking for a home?</p>
            <p className="mt-0.5 text-amber-900">
              Home buyers don’t need a broker account.{' '}
              <button
                type="button"
                onClick={() => dispatch(signInModalOpened())}
                className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
              >
                Sign in with a passcode
              </button>{' '}
              to save favourites and searches.
            </p>
          </div>
        </>
      }
    >
      <title>Broker log in | Nivaas</title>
      {notice && (
        <p role="status" className="mb-5 rounded-2xl bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900 ring-1 ring-brand-200">
          {notice}
        </p>
      )}
      <div role="tablist" aria-label="How to log in" className="flex gap-1 rounded-full bg-slate-100 p-1">
        {tab('password', 'Password')}
        {tab('passcode', 'Passcode')}
      </div>
      <div
        role="tabpanel"
        id={`${tabsId}-${method}`}
        aria-labelledby={`${tabsId}-${method}-tab`}
        className="mt-6"
      >
        {method === 'password' ? <PasswordLogin onSignedIn={finish} /> : <BrokerPasscodeLogin onSignedIn={finish} />}
      </div>
    </AuthShell>
  );
}

type LoginInput = z.input<typeof BrokerLoginRequestSchema>;
type LoginOutput = z.output<typeof BrokerLoginRequestSchema>;

function PasswordLogin({ onSignedIn }: { onSignedIn: (response: BrokerSignInResponse) => void }) {
  const [login, { isLoading }] = useBrokerLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginOutput>({ resolver: zodResolver(BrokerLoginRequestSchema) });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await login(values);
    if (result.data) {
      onSignedIn(result.data);
      return;
    }
    setFailure(serverMessage(result.error) ?? 'Something went wrong!');
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Log in with e-mail and password" className="space-y-4">
      <Field
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <div>
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <p className="mt-1.5 text-right text-sm">
          <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </p>
      </div>
      {failure && (
        <p role="alert" className="rounded-xl bg-red-50 px-3.5 py-2.5 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {failure}
        </p>
      )}
      <button type="submit" disabled={isLoading} className="btn-primary w-full py-3 text-base disabled:opacity-60">
        {isLoading ? 'Logging in...' : 'Log in'}
      </button>
    </form>
  );
}

function BrokerPasscodeLogin({ onSignedIn }: { onSignedIn: (response: BrokerSignInResponse) => void }) {
  const [sendOtp] = useBrokerSendOtpMutation();
  const [verifyOtp] = useBrokerVerifyOtpMutation();
  return (
    <PasscodeForm
      door="broker"
      hint="The e-mail or mobile number you registered with."
      send={(identity) => sendOtp({ email: identity })}
      verify={async (identity, code) => {
        const result = await verifyOtp({ email: identity, otp: code });
        if (!result.data) return { error: result.error };
        onSignedIn(result.data);
        return null;
      }}
    />
  );
}
