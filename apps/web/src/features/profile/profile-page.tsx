import type { ErrorResponse } from '@nivaas/contracts/common.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import { UserProfileUpdateSchema, type UserProfile, type UserProfileUpdateInput } from '@nivaas/contracts/user.schema';
import { useId, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { PageError } from '../../components/page-states';
import { AccountAvatar } from '../../app/layout/account-avatar';
import { loginDisplayUpdated } from '../../lib/auth/auth-slice';
import { showError, showSuccess } from '../../lib/toast';
import { useGetUserProfileQuery } from './api/get-user-profile';
import { useUpdateUserProfileMutation } from './api/update-user-profile';

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

function ProfileForm({ profile }: ProfileFormProps) {
  const dispatch = useDispatch();
  const ids = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    name: profile.name ?? '',
    phone: profile.phone ?? '',
    email: profile.email ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [update, { isLoading }] = useUpdateUserProfileMutation();

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    // The contact the account signs in with is shown, never sent: it cannot change here (user.schema.ts).
    const body: UserProfileUpdateInput = {};
    if (values.name.trim() !== '' || profile.name !== null) body.name = values.name;
    if (profile.signInWith !== 'phone') body.phone = values.phone.trim() === '' ? null : values.phone;
    if (profile.signInWith !== 'email') body.email = values.email.trim() === '' ? null : values.email;

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

    const result = await update(body);
    if (result.error) {
      const problem = errorBody(result.error);
      if (problem && isField(problem.field)) setErrors({ [problem.field]: problem.message });
      else showError(problem?.message ?? 'Something went wrong!');
      return;
    }
    const saved = result.data.user;
    setValues({ name: saved.name ?? '', phone: saved.phone ?? '', email: saved.email ?? '' });
    // The side menu shows the name and phone from the stored login: keep it in step.
    dispatch(loginDisplayUpdated({ role: 'user', fields: { name: saved.name, phone: saved.phone, photo: saved.photo } }));
    showSuccess(result.data.message);
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

  return (
    <form noValidate onSubmit={save} className="mt-8 space-y-5">
      {input('name', 'Name', { type: 'text', autoComplete: 'name' })}
      {input('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {input('email', 'E-mail', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
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
