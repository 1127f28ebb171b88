import { zodResolver } from '@hookform/resolvers/zod';
import {
  BrokerLoginRequestSchema,
  IDENTITY_MESSAGE,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  parseIdentity,
  type BrokerSignInResponse,
} from '@nivaas/contracts/auth.schema';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { serverMessage } from '../../lib/api/error-text';
import { selectUserLogin, signedIn, signInModalOpened } from '../../domain/auth/auth-slice';
import { brokerLoginFrom } from '../../domain/auth/logins';
import { useCountdown } from '../../domain/auth/use-countdown';
import { showError, showSuccess } from '../../lib/toast';
import { useBrokerLoginMutation, useBrokerSendOtpMutation, useBrokerVerifyOtpMutation } from './api/broker-sign-in';
import { AuthShell } from './components/auth-shell';
import { Field, PasswordField } from './components/field';
import { returnPath } from './lib/sign-in';

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
 */
export function LoginPage() {
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
        {method === 'password' ? <PasswordLogin onSignedIn={finish} /> : <PasscodeLogin onSignedIn={finish} />}
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

function PasscodeLogin({ onSignedIn }: { onSignedIn: (response: BrokerSignInResponse) => void }) {
  const id = useId();
  const [identity, setIdentity] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field: 'identity' | 'code'; message: string } | null>(null);
  const [secondsLeft, setSecondsLeft] = useCountdown();
  const [sendOtp, sending] = useBrokerSendOtpMutation();
  const [verifyOtp, verifying] = useBrokerVerifyOtpMutation();
  const codeInput = useRef<HTMLInputElement>(null);

  const send = async (to: string) => {
    const result = await sendOtp({ email: to });
    if (result.error) {
      showError(serverMessage(result.error) ?? 'Something went wrong!');
      return false;
    }
    showSuccess(result.data.message);
    setSecondsLeft(result.data.resendAfterSeconds || OTP_RESEND_SECONDS);
    return true;
  };

  const request = async (event: FormEvent) => {
    event.preventDefault();
    const typed = identity.trim();
    if (parseIdentity(typed) === null) {
      setError({ field: 'identity', message: IDENTITY_MESSAGE });
      return;
    }
    setError(null);
    if (await send(typed)) {
      setSentTo(typed);
      setCode('');
      // The code box replaces the form the focus was in; take the focus along.
      window.setTimeout(() => codeInput.current?.focus(), 0);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      setError({ field: 'code', message: `Enter the ${OTP_LENGTH}-digit passcode` });
      return;
    }
    setError(null);
    const result = await verifyOtp({ email: sentTo, otp: code });
    if (result.data) {
      onSignedIn(result.data);
      return;
    }
    setError({ field: 'code', message: serverMessage(result.error) ?? 'Something went wrong!' });
  };

  if (!sentTo) {
    return (
      <form noValidate onSubmit={(event) => void request(event)} aria-label="Get a passcode" className="space-y-4">
        <Field
          label="E-mail or phone number"
          autoComplete="username"
          value={identity}
          onChange={(event) => setIdentity(event.target.value)}
          error={error?.field === 'identity' ? error.message : undefined}
          hint="The e-mail or mobile number you registered with."
        />
        <button type="submit" disabled={sending.isLoading} className="btn-primary w-full py-3 text-base disabled:opacity-60">
          {sending.isLoading ? 'Sending...' : 'Send passcode'}
        </button>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void verify(event)} aria-label="Enter the passcode" className="space-y-4">
      <p className="text-sm text-slate-700">
        We sent a {OTP_LENGTH}-digit passcode to{' '}
        <button
          type="button"
          onClick={() => {
            setSentTo(null);
            setError(null);
          }}
          className="font-semibold text-brand-700 underline underline-offset-2"
          aria-label={`${sentTo}: change it`}
        >
          {sentTo}
        </button>
        .
      </p>
      <div>
        <label htmlFor={`${id}-code`} className="block text-sm font-semibold text-slate-800">
          {OTP_LENGTH}-digit passcode
        </label>
        <input
          ref={codeInput}
          id={`${id}-code`}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          aria-invalid={error?.field === 'code' || undefined}
          aria-describedby={error?.field === 'code' ? `${id}-code-error` : undefined}
          className={`mt-1.5 block w-full rounded-xl bg-white px-3.5 py-2.5 text-center font-mono text-2xl tracking-[0.5em] text-slate-900 ring-1 focus:ring-2 focus:outline-none ${error?.field === 'code' ? 'ring-red-500 focus:ring-red-600' : 'ring-slate-300 focus:ring-brand-600'}`}
        />
        {error?.field === 'code' && (
          <p id={`${id}-code-error`} className="mt-1 text-sm font-medium text-red-700">
            {error.message}
          </p>
        )}
      </div>
      <button type="submit" disabled={verifying.isLoading} className="btn-primary w-full py-3 text-base disabled:opacity-60">
        {verifying.isLoading ? 'Logging in...' : 'Log in'}
      </button>
      <p className="text-center text-sm text-slate-600">
        Didn’t get it?{' '}
        <button
          type="button"
          disabled={secondsLeft > 0 || sending.isLoading}
          onClick={() => void send(sentTo)}
          className="font-semibold text-brand-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
        >
          {secondsLeft > 0 ? `Resend passcode (${secondsLeft}s)` : 'Resend passcode'}
        </button>
      </p>
    </form>
  );
}
