import { OTP_LENGTH, OtpCodeSchema } from '@nivaas/contracts/auth.schema';
import type { ErrorResponse } from '@nivaas/contracts/common.schema';
import { readableErrorMessage } from '@nivaas/client-kit/error-message';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import {
  UserProfileUpdateSchema,
  type PendingContact,
  type UserProfile,
  type UserProfileUpdateInput,
  type UserProfileUpdateResponse,
} from '@nivaas/contracts/user.schema';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { PageError } from '../../components/page-states';
import { AccountAvatar } from '../../components/account-avatar';
import { serverMessage } from '../../lib/api/error-text';
import { loginDisplayUpdated } from '../../domain/auth/auth-slice';
import { showError, showSuccess } from '../../lib/toast';
import { useGetUserProfileQuery } from './api/get-user-profile';
import { useUpdateUserProfileMutation } from './api/update-user-profile';
import { useVerifyContactMutation } from './api/verify-contact';

type Field = 'name' | 'phone' | 'email';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['name', 'phone', 'email'];

function errorBody(error: unknown): ErrorResponse | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const parsed = ErrorResponseSchema.safeParse((error as { data: unknown }).data);
  return parsed.success ? parsed.data : null;
}

function isField(value: unknown): value is Field {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

interface ProfileFormProps {
  profile: UserProfile;
}

/** Seconds left of a countdown that started at `from` (a pending contact's resend wait). */
function useSecondsLeft(total: number, from: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((from + total * 1000 - now) / 1000));
  useEffect(() => {
    if (left === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

interface PasscodeStepProps {
  pending: PendingContact & { message: string; sentAt: number };
  onVerified: (response: UserProfileUpdateResponse) => void;
  /** The server refused the contact itself (it belongs to another account, which only its owner learns). */
  onRefused: (message: string) => void;
  onResend: () => void;
  onCancel: () => void;
  resending: boolean;
}

/**
 * Issue 10: a new phone or e-mail is saved only once the passcode sent to it comes back, so nobody can add a
 * contact they do not own, and the form answers the same whoever else uses it.
 */
function PasscodeStep({ pending, onVerified, onRefused, onResend, onCancel, resending }: PasscodeStepProps) {
  const ids = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verify, { isLoading }] = useVerifyContactMutation();
  const secondsLeft = useSecondsLeft(pending.resendAfterSeconds, pending.sentAt);
  const what = pending.field === 'phone' ? 'phone number' : 'e-mail address';

  async function submit() {
    const checked = OtpCodeSchema.safeParse(code);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Enter the passcode');
      return;
    }
    const result = await verify({ contact: pending.contact, otp: checked.data });
    if (result.error) {
      const problem = errorBody(result.error);
      if (problem?.field === 'contact') onRefused(readableErrorMessage(problem));
      else setError(serverMessage(result.error) ?? 'Something went wrong!');
      return;
    }
    onVerified(result.data);
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-xl border border-brand-200 bg-brand-50 p-4">
      <h2 id={`${ids}-title`} className="text-base font-semibold text-slate-900">
        Confirm your {what}
      </h2>
      <p className="mt-1 text-sm text-slate-700" role="status">
        {pending.message}
      </p>
      <label htmlFor={`${ids}-code`} className="mt-3 block text-sm font-semibold text-slate-800">
        Passcode
      </label>
      <div className="mt-1.5 flex flex-wrap items-start gap-3">
        <input
          id={`${ids}-code`}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          value={code}
          onChange={(event) => {
            // Decision 045: the box shows digits only even when nothing kept changes (Preact does not put back a
            // controlled value the way React did).
            event.target.value = event.target.value.replace(/\D/g, '');
            setCode(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            // Enter here confirms the code; it must not submit the profile form around it.
            if (event.key === 'Enter') {
              event.preventDefault();
              void submit();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          className={`w-40 rounded-xl border px-4 py-2.5 text-center text-lg tracking-[0.4em] text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none ${error ? 'border-red-600' : 'border-slate-300'}`}
        />
        <button type="button" onClick={() => void submit()} disabled={isLoading} className="btn-primary px-5 py-2.5 disabled:opacity-80">
          {isLoading ? 'Checking...' : 'Verify'}
        </button>
      </div>
      {error && (
        <p id={`${ids}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-4 text-sm">
        <button type="button" onClick={onResend} disabled={secondsLeft > 0 || resending} className="font-semibold text-brand-700 underline disabled:text-slate-500 disabled:no-underline">
          {secondsLeft > 0 ? `Send a new code in ${secondsLeft} s` : 'Send a new code'}
        </button>
        <button type="button" onClick={onCancel} className="font-semibold text-slate-700 underline">
          Keep my {what} as it was
        </button>
      </div>
    </section>
  );
}

function ProfileForm({ profile }: ProfileFormProps) {
  const dispatch = useDispatch();
  const ids = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    name: profile.name ?? '',
    phone: profile.phone ?? '',
    email: profile.email ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<(PendingContact & { message: string; sentAt: number }) | null>(null);
  const [update, { isLoading }] = useUpdateUserProfileMutation();

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /**
   * The record the server answered is the one shown. A contact waiting for its passcode (a new one this answer
   * asked for, or `carried` from before) stays in its field as typed.
   */
  function showSaved(response: UserProfileUpdateResponse, carried: typeof pending) {
    const saved = response.user;
    const waiting = response.verification ? { ...response.verification, message: response.message, sentAt: Date.now() } : carried;
    setValues({
      name: saved.name ?? '',
      phone: waiting?.field === 'phone' ? waiting.contact : (saved.phone ?? ''),
      email: waiting?.field === 'email' ? waiting.contact : (saved.email ?? ''),
    });
    // The side menu shows the name and phone from the stored login: keep it in step.
    dispatch(loginDisplayUpdated({ role: 'user', fields: { name: saved.name, phone: saved.phone, photo: saved.photo } }));
    setPending(waiting);
    if (!response.verification) showSuccess(response.message);
  }

  async function send(body: UserProfileUpdateInput, carried: typeof pending): Promise<void> {
    const result = await update(body);
    if (result.error) {
      const problem = errorBody(result.error);
      if (problem && isField(problem.field)) setErrors({ [problem.field]: readableErrorMessage(problem) });
      else showError(serverMessage(result.error) ?? 'Something went wrong!');
      return;
    }
    showSaved(result.data, carried);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    // The contact the account signs in with is shown, never sent: it cannot change here (user.schema.ts).
    const body: UserProfileUpdateInput = {};
    if (values.name.trim() !== '' || profile.name !== null) body.name = values.name;
    if (profile.signInWith !== 'phone') body.phone = values.phone.trim() === '' ? null : values.phone;
    if (profile.signInWith !== 'email') body.email = values.email.trim() === '' ? null : values.email;
    // A contact already waiting for its passcode is not sent again (that would ask for another code); one typed
    // over or cleared since replaces it.
    const stillPending = pending && body[pending.field] === pending.contact ? pending : null;
    if (stillPending) delete body[stillPending.field];

    const checked = UserProfileUpdateSchema.safeParse(body);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (isField(field)) found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }

    await send(body, stillPending);
  }

  function forgetPending(refusal?: string) {
    if (!pending) return;
    const field = pending.field;
    setValues((current) => ({ ...current, [field]: profile[field] ?? '' }));
    setPending(null);
    if (refusal) setErrors({ [field]: refusal });
  }

  const input = (field: Field, label: string, props: { type: string; autoComplete: string; inputMode?: 'tel' | 'email' }) => {
    const id = `${ids}-${field}`;
    const locked = profile.signInWith === field;
    const errorId = `${id}-error`;
    const hintId = `${id}-hint`;
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          {label}
        </label>
        <input
          id={id}
          {...props}
          value={values[field]}
          readOnly={locked}
          onChange={(event) => change(field, event.target.value)}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={[errors[field] ? errorId : '', locked ? hintId : ''].filter(Boolean).join(' ') || undefined}
          className={`mt-1.5 block w-full rounded-xl border px-4 py-2.5 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none ${locked ? 'bg-slate-50 text-slate-600' : ''} ${errors[field] ? 'border-red-600' : 'border-slate-300'}`}
        />
        {locked && (
          <p id={hintId} className="mt-1 text-xs text-slate-600">
            You sign in with this, so it cannot be changed here.
          </p>
        )}
        {errors[field] && (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {errors[field]}
          </p>
        )}
      </div>
    );
  };

  const passcodeStep = pending && (
    <PasscodeStep
      key={`${pending.contact}-${pending.sentAt}`}
      pending={pending}
      resending={isLoading}
      onVerified={(response) => showSaved(response, null)}
      onRefused={(message) => forgetPending(message)}
      onResend={() => void send({ [pending.field]: pending.contact }, pending)}
      onCancel={() => forgetPending()}
    />
  );

  return (
    <form noValidate onSubmit={save} className="mt-8 space-y-5">
      {input('name', 'Name', { type: 'text', autoComplete: 'name' })}
      {input('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {pending?.field === 'phone' && passcodeStep}
      {input('email', 'E-mail', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {pending?.field === 'email' && passcodeStep}
      <button type="submit" disabled={isLoading} className="btn-primary w-full py-3 text-base disabled:opacity-80 sm:w-auto">
        {isLoading ? 'Saving...' : 'Save changes'}
      </button>
    </form>
  );
}

/** Issue 4 '/profile' (spec §2, user only): name, photo (or the default), phone and e-mail. */
export function ProfilePage() {
  const profile = useGetUserProfileQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-14">
      <title>My Profile | Nivaas</title>
      {profile.data ? (
        <>
          <div className="flex items-center gap-4">
            <AccountAvatar photo={profile.data.photo} className="size-20" />
            <div className="min-w-0">
              <h1 className="truncate text-2xl font-bold text-slate-900">{profile.data.name ?? 'Add Your Name'}</h1>
              <p className="text-sm text-slate-600">
                Signed in with your {profile.data.signInWith === 'phone' ? 'phone number' : 'e-mail'}
              </p>
            </div>
          </div>
          <ProfileForm key={profile.data.id} profile={profile.data} />
        </>
      ) : profile.error ? (
        <PageError title="We couldn’t load your profile" error={profile.error} onRetry={profile.refetch} />
      ) : (
        <div role="status" aria-live="polite" className="animate-pulse">
          <span className="sr-only">Loading your profile…</span>
          <div className="flex items-center gap-4">
            <div className="size-20 rounded-full bg-slate-200" />
            <div className="h-7 w-48 rounded bg-slate-200" />
          </div>
          <div className="mt-8 space-y-5">
            {FIELDS.map((field) => (
              <div key={field} className="h-16 rounded-xl bg-slate-100" />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
