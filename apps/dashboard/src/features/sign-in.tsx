import { EmailInputSchema, OtpCodeSchema } from '@nivaas/contracts/auth.schema';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useToaster } from '../components/toaster';
import { useApi } from '../lib/console-context';
import { messageOf } from '../lib/use-paged';

/**
 * What the toast says is decided by what the person did, not by the server's word: the server says 'resent' whenever an
 * earlier code is still valid (another tab, a reload), but from this form the first press is a send (issue 17).
 */
export const PASSCODE_SENT_MESSAGE = 'OTP sent successfully';
export const PASSCODE_RESENT_MESSAGE = 'OTP resent successfully';

/** Seconds until a resend is allowed, counted down once a second (spec §9: 30 s). */
function useCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, until - now));
    return () => clearTimeout(timer);
  }, [until, now]);
  const start = (seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  };
  return [Math.max(0, Math.ceil((until - now) / 1000)), start];
}

/**
 * Provider sign-in: a passcode to the staff member's work e-mail (issue 4: POST /api/auth/provider/send-otp, then
 * verify-otp). The answer is the same for unknown e-mails, so the form never says who is staff.
 */
export function SignIn({ notice }: { notice?: string }) {
  const api = useApi();
  const toaster = useToaster();
  const emailId = useId();
  const codeId = useId();
  const errorId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendIn, startCountdown] = useCountdown();

  async function send(resend: boolean): Promise<void> {
    const parsed = EmailInputSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const sent = await api.sendPasscode(parsed.data);
      toaster.success(resend ? PASSCODE_RESENT_MESSAGE : PASSCODE_SENT_MESSAGE);
      startCountdown(sent.resendAfterSeconds);
      setStep('code');
      // After React has shown the code field.
      setTimeout(() => codeRef.current?.focus(), 0);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  function sendCode(event: FormEvent) {
    event.preventDefault();
    void send(false);
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    const parsed = OtpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the passcode');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const staff = await api.verifyPasscode(email.trim().toLowerCase(), parsed.data);
      toaster.success(`Signed in as ${staff.name}`);
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Nivaas</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">Provider console</h1>
        <p className="mt-1 text-sm text-slate-600">
          {step === 'email' ? 'Sign in with a passcode sent to your work e-mail.' : `Enter the passcode we sent to ${email.trim()}.`}
        </p>
        {notice ? (
          <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {notice}
          </p>
        ) : null}

        {step === 'email' ? (
          <form onSubmit={sendCode} noValidate className="mt-5 space-y-4">
            <div>
              <label htmlFor={emailId} className="text-sm font-semibold text-slate-800">
                Work e-mail
              </label>
              <input
                id={emailId}
                type="email"
                autoComplete="username"
                inputMode="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={error !== null}
                aria-describedby={error !== null ? errorId : undefined}
                className="pc-input mt-1"
              />
            </div>
            {error ? (
              <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
            <button type="submit" className="pc-btn-primary w-full" disabled={busy}>
              {busy ? 'Sending…' : 'Send passcode'}
            </button>
          </form>
        ) : (
          <form onSubmit={verify} noValidate className="mt-5 space-y-4">
            <div>
              <label htmlFor={codeId} className="text-sm font-semibold text-slate-800">
                Passcode
              </label>
              <input
                id={codeId}
                ref={codeRef}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                aria-invalid={error !== null}
                aria-describedby={error !== null ? errorId : undefined}
                className="pc-input mt-1 tracking-[0.4em]"
              />
            </div>
            {error ? (
              <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
            <button type="submit" className="pc-btn-primary w-full" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </button>
            <button type="button" className="pc-btn-secondary w-full" disabled={busy || resendIn > 0} onClick={() => void send(true)}>
              {resendIn > 0 ? `Resend passcode (${resendIn} s)` : 'Resend passcode'}
            </button>
            <button
              type="button"
              className="w-full text-sm font-medium text-brand-700 underline underline-offset-2"
              onClick={() => {
                setStep('email');
                setCode('');
                setError(null);
              }}
            >
              Use a different e-mail
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
