import { IDENTITY_MESSAGE, OTP_LENGTH, OTP_RESEND_SECONDS, parseIdentity } from '@nivaas/contracts/auth.schema';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  forgetPasscode,
  passcodeStillLive,
  rememberPasscodeSent,
  resendSecondsLeft,
  retryAfterOf,
  type PasscodeDoor,
} from '../../../domain/auth/passcode-memory';
import { useCountdown } from '../../../domain/auth/use-countdown';
import { serverMessage } from '../../../lib/api/error-text';
import { showError, showSuccess } from '../../../lib/toast';
import { Field } from './field';

/** Step 2 opened again for a code already sent (issue 17 'Sign-in dead end'). */
export const PASSCODE_STILL_WORKS = 'The passcode we sent still works. Enter it below, or ask for a new one when the countdown ends.';

export interface PasscodeSent {
  message: string;
  resendAfterSeconds: number;
}

interface PasscodeFormProps {
  /** Whose passcodes: a broker's (/auth/broker) or a user's, the owner posting a property (/auth/portal). */
  door: PasscodeDoor;
  /** Under the e-mail or phone field. */
  hint: string;
  send: (identity: string) => Promise<{ data?: PasscodeSent; error?: unknown }>;
  /** Signs in with the code: null once signed in (the page moves on), else the refusal. */
  verify: (identity: string, code: string) => Promise<{ error: unknown } | null>;
}

/**
 * A passcode sign-in in two steps on the page: the e-mail or phone, then the code. Going back to fix the address
 * and asking again inside the countdown reopens the code step (the code sent still works) instead of a refusal.
 */
export function PasscodeForm({ door, hint, send, verify }: PasscodeFormProps) {
  const id = useId();
  const [identity, setIdentity] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<{ field: 'identity' | 'code'; message: string } | null>(null);
  const [secondsLeft, setSecondsLeft] = useCountdown();
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  const openCodeStep = (to: string) => {
    setSentTo(to);
    setCode('');
    // The code box replaces the form the focus was in; take the focus along.
    window.setTimeout(() => codeInput.current?.focus(), 0);
  };

  /** Asks for a code; answers whether the code step should show (a code was sent, or one sent earlier still works). */
  const ask = async (to: string): Promise<boolean> => {
    setSending(true);
    try {
      const result = await send(to);
      if (result.data) {
        const resendAfter = result.data.resendAfterSeconds || OTP_RESEND_SECONDS;
        rememberPasscodeSent(door, to, resendAfter);
        setSecondsLeft(resendAfter);
        setNotice(null);
        showSuccess(result.data.message);
        return true;
      }
      const message = serverMessage(result.error) ?? 'Something went wrong!';
      const wait = retryAfterOf(result.error);
      if (wait !== null) setSecondsLeft(wait);
      if (wait !== null && (passcodeStillLive(door, to) || /still works\.?$/.test(message))) {
        setNotice(message);
        return true;
      }
      showError(message);
      return false;
    } finally {
      setSending(false);
    }
  };

  const request = async (event: FormEvent) => {
    event.preventDefault();
    const typed = identity.trim();
    if (parseIdentity(typed) === null) {
      setError({ field: 'identity', message: IDENTITY_MESSAGE });
      return;
    }
    setError(null);
    const left = resendSecondsLeft(door, typed);
    if (left > 0) {
      setSecondsLeft(left);
      setNotice(PASSCODE_STILL_WORKS);
      openCodeStep(typed);
      return;
    }
    if (await ask(typed)) openCodeStep(typed);
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) {
      setError({ field: 'code', message: `Enter the ${OTP_LENGTH}-digit passcode` });
      return;
    }
    setError(null);
    setVerifying(true);
    const refused = await verify(sentTo, code).finally(() => setVerifying(false));
    if (refused === null) {
      forgetPasscode(door, sentTo);
      return;
    }
    setError({ field: 'code', message: serverMessage(refused.error) ?? 'Something went wrong!' });
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
          hint={hint}
        />
        <button type="submit" disabled={sending} className="btn-primary w-full py-3 text-base disabled:opacity-60">
          {sending ? 'Sending...' : 'Send passcode'}
        </button>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submitCode(event)} aria-label="Enter the passcode" className="space-y-4">
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
      {notice && (
        <p role="status" className="rounded-xl bg-brand-50 px-3.5 py-2.5 text-sm font-medium text-brand-900 ring-1 ring-brand-200">
          {notice}
        </p>
      )}
      <div>
        <label htmlFor={`${id}-code`} className="block text-sm font-semibold text-slate-800">
          {OTP_LENGTH}-digit passcode
        </label>
        <input
          ref={codeInput}
          id={`${id}-code`}
          value={code}
          onChange={(event) => {
            // Decision 045: the box shows digits only even when nothing kept changes (Preact does not put back a
            // controlled value the way React did).
            event.target.value = event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
            setCode(event.target.value);
          }}
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
      <button type="submit" disabled={verifying} className="btn-primary w-full py-3 text-base disabled:opacity-60">
        {verifying ? 'Logging in...' : 'Log in'}
      </button>
      <p className="text-center text-sm text-slate-600">
        Didn’t get it?{' '}
        <button
          type="button"
          disabled={secondsLeft > 0 || sending}
          onClick={() => void ask(sentTo)}
          className="font-semibold text-brand-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
        >
          {secondsLeft > 0 ? `Resend passcode (${secondsLeft}s)` : 'Resend passcode'}
        </button>
      </p>
    </form>
  );
}
