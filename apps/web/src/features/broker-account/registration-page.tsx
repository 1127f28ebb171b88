import { zodResolver } from '@hookform/resolvers/zod';
import { BrokerRegisterRequestSchema, PasswordSchema } from '@nivaas/contracts/auth.schema';
import { MAX_PAGE_SIZE } from '@nivaas/contracts/common.schema';
import { useId } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useDispatch } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { serverMessage } from '../../lib/api/error-text';
import { useGetCitiesQuery } from '../../lib/api/get-cities';
import { signedIn } from '../../domain/auth/auth-slice';
import { brokerLoginFrom } from '../../domain/auth/logins';
import { showError, showSuccess } from '../../lib/toast';
import { useBrokerRegisterMutation } from './api/broker-register';
import { AuthShell } from './components/auth-shell';
import { Field, inputClasses, PasswordField } from './components/field';
import { serverFieldErrors } from './lib/server-errors';

/**
 * The contract's request plus what only the form has: the password is optional (a broker may use passcodes
 * only), so an empty one is no password, and a given one must be typed twice.
 */
const RegistrationFormSchema = BrokerRegisterRequestSchema.omit({ password: true })
  .extend({
    password: z.string().superRefine((password, ctx) => {
      if (password === '') return;
      const checked = PasswordSchema.safeParse(password);
      if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'Enter a password' });
    }),
    confirmPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.password !== '' && values.password !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The passwords do not match' });
    }
  });
type RegistrationInput = z.input<typeof RegistrationFormSchema>;
type RegistrationValues = z.output<typeof RegistrationFormSchema>;

const FIELDS = ['name', 'phone', 'email', 'company', 'reraNumber', 'cityId', 'password', 'confirmPassword'] as const;
function isField(name: string): name is (typeof FIELDS)[number] {
  return (FIELDS as readonly string[]).includes(name);
}

/** Every city the portal covers, for the broker's home city; the catalogue has far fewer than a page's cap. */
const ALL_CITIES = { page: 1, limit: MAX_PAGE_SIZE };

/** /registration (issue 4): a broker account starts with approval pending; the provider decides. */
export function RegistrationPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const cityId = useId();
  const cities = useGetCitiesQuery(ALL_CITIES);
  const [registerBroker, { isLoading }] = useBrokerRegisterMutation();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<RegistrationInput, unknown, RegistrationValues>({
    resolver: zodResolver(RegistrationFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async ({ confirmPassword: _confirm, password, ...details }) => {
    const result = await registerBroker({ ...details, ...(password ? { password } : {}) });
    if (result.data) {
      // Signed in at once; the profile page shows the approval as pending until the provider decides.
      dispatch(signedIn({ role: 'broker', login: brokerLoginFrom(result.data) }));
      showSuccess(result.data.message);
      void navigate('/broker-profile', { replace: true });
      return;
    }
    // A 409 (e-mail already registered) or a 400 names its field: the message goes under that field.
    const blamed = serverFieldErrors(result.error).filter((issue) => isField(issue.field));
    blamed.forEach((issue) => setError(issue.field as Path<RegistrationInput>, { message: issue.message }));
    const first = blamed[0];
    if (first) setFocus(first.field as Path<RegistrationInput>);
    else showError(serverMessage(result.error) ?? 'Something went wrong!');
  });

  return (
    <AuthShell
      title="Register as a broker"
      subtitle="List properties for buyers across India. The Nivaas team checks every new broker before their listings go live."
      footer={
        <p>
          Already registered?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <title>Broker registration | Nivaas</title>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="Broker registration" className="space-y-4">
        <Field label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="98450 12345"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <Field label="E-mail" type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        </div>
        <Field label="Company" autoComplete="organization" error={errors.company?.message} {...register('company')} />
        <Field
          label="RERA registration number"
          autoComplete="off"
          placeholder="PRM/KA/RERA/1251/310/AG/171016/000123"
          hint="Your agent registration with the state’s RERA authority."
          error={errors.reraNumber?.message}
          {...register('reraNumber')}
        />
        <div>
          <label htmlFor={cityId} className="block text-sm font-semibold text-slate-800">
            City
          </label>
          <select
            id={cityId}
            defaultValue=""
            aria-invalid={errors.cityId ? true : undefined}
            aria-describedby={errors.cityId ? `${cityId}-error` : undefined}
            className={`${inputClasses(Boolean(errors.cityId))} cursor-pointer`}
            {...register('cityId', { valueAsNumber: true })}
          >
            <option value="" disabled>
              {cities.isError ? 'Cities could not load' : cities.data ? 'Choose your city' : 'Loading cities…'}
            </option>
            {cities.data?.map((city) => (
              <option key={city.id} value={city.id}>
                {city.name}
              </option>
            ))}
          </select>
          {errors.cityId && (
            <p id={`${cityId}-error`} className="mt-1 text-sm font-medium text-red-700">
              {errors.cityId.message}
            </p>
          )}
          {cities.isError && (
            <button type="button" onClick={() => void cities.refetch()} className="mt-1 text-sm font-semibold text-brand-700 hover:underline">
              Try loading the cities again
            </button>
          )}
        </div>
        <fieldset className="space-y-4 rounded-2xl bg-slate-100/70 p-4">
          <legend className="sr-only">Password (optional)</legend>
          <p className="text-sm text-slate-600">
            <span className="font-semibold text-slate-800">Password (optional).</span> Without one, you log in with a
            passcode sent to your e-mail or phone.
          </p>
          <PasswordField label="Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </fieldset>
        <button type="submit" disabled={isLoading} className="btn-primary w-full py-3 text-base disabled:opacity-60">
          {isLoading ? 'Registering...' : 'Register'}
        </button>
        <p className="text-xs text-slate-500">
          By registering you agree to our{' '}
          <Link to="/terms-conditions" className="underline hover:text-brand-700">
            terms
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="underline hover:text-brand-700">
            privacy policy
          </Link>
          .
        </p>
      </form>
    </AuthShell>
  );
}
