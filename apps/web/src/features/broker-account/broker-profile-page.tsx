import { zodResolver } from '@hookform/resolvers/zod';
import { ABOUT_MAX, BrokerUpdateRequestSchema, type BrokerAccount } from '@nivaas/contracts/auth.schema';
import { MAX_PAGE_SIZE, type Approval } from '@nivaas/contracts/common.schema';
import { useId } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { z } from 'zod';
import { Breadcrumb } from '../../components/breadcrumb';
import { CheckIcon, DocumentCheckIcon } from '../../components/icons';
import { InitialsAvatar } from '../../components/initials-avatar';
import { PageError } from '../../components/page-states';
import { serverMessage } from '../../lib/api/error-text';
import { useGetCitiesQuery } from '../../lib/api/get-cities';
import { useGetMeQuery } from '../../domain/auth/api/get-me';
import { loginDisplayUpdated } from '../../domain/auth/auth-slice';
import { showError, showSuccess } from '../../lib/toast';
import { useUpdateBrokerMutation } from './api/put-broker';
import { Field, inputClasses } from './components/field';
import { serverFieldErrors } from './lib/server-errors';

const fields = BrokerUpdateRequestSchema.shape;

/** The editable fields, each required on the form except 'about'; the contract checks each one. */
const ProfileFormSchema = z.object({
  name: fields.name.unwrap(),
  phone: fields.phone.unwrap(),
  company: fields.company.unwrap(),
  reraNumber: fields.reraNumber.unwrap(),
  cityId: fields.cityId.unwrap(),
  about: z.string().trim().max(ABOUT_MAX, `About must be at most ${ABOUT_MAX} characters`),
});
type ProfileInput = z.input<typeof ProfileFormSchema>;
type ProfileValues = z.output<typeof ProfileFormSchema>;

const FIELD_NAMES = ['name', 'phone', 'company', 'reraNumber', 'cityId', 'about'] as const;
function isField(name: string): name is (typeof FIELD_NAMES)[number] {
  return (FIELD_NAMES as readonly string[]).includes(name);
}

const ALL_CITIES = { page: 1, limit: MAX_PAGE_SIZE };

/** /broker-profile (spec §2, broker only): the broker's own record, editable, with where their approval stands. */
export function BrokerProfilePage() {
  // The approval is read live: the provider may have decided since the broker signed in.
  const me = useGetMeQuery('broker', { refetchOnMountOrArgChange: true });

  let body;
  if (me.isError) {
    body = <PageError title="Something went wrong" error={me.error} onRetry={me.refetch} />;
  } else if (!me.data) {
    body = (
      <div className="mt-6 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]" aria-busy="true" aria-label="Loading your profile">
        <div className="h-72 animate-pulse rounded-3xl bg-slate-200" />
        <div className="h-[32rem] animate-pulse rounded-3xl bg-slate-200" />
      </div>
    );
  } else if (me.data.kind !== 'broker') {
    body = <PageError title="This page is for brokers" error={null} onRetry={me.refetch} />;
  } else {
    // Keyed by the record's last saved state, so the form starts from what the server holds.
    body = <Profile key={JSON.stringify(me.data)} broker={me.data} />;
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10 lg:px-8">
      <title>Broker profile | Nivaas</title>
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Broker profile' }]} />
      <h1 className="mt-3 text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl">Your broker profile</h1>
      {body}
    </div>
  );
}

const APPROVAL: Record<Approval, { label: string; badge: string; panel: string; text: string }> = {
  pending: {
    label: 'Pending approval',
    badge: 'bg-amber-100 text-amber-900 ring-amber-200',
    panel: 'bg-amber-50 ring-amber-200 text-amber-950',
    text: 'Our team is checking your details and RERA registration. Leads and uploads open once you are approved.',
  },
  approved: {
    label: 'Approved',
    badge: 'bg-brand-100 text-brand-900 ring-brand-200',
    panel: 'bg-brand-50 ring-brand-200 text-brand-950',
    text: 'You can upload properties, switch approved ones live and see the leads on them.',
  },
  rejected: {
    label: 'Not approved',
    badge: 'bg-red-100 text-red-900 ring-red-200',
    panel: 'bg-red-50 ring-red-200 text-red-950',
    text: 'Our team could not approve your profile as it stands. Check your details below, and contact us if you think this is a mistake.',
  },
};

function Profile({ broker }: { broker: BrokerAccount & { kind: 'broker' } }) {
  const dispatch = useDispatch();
  const cityId = useId();
  const aboutId = useId();
  const cities = useGetCitiesQuery(ALL_CITIES);
  const [update, { isLoading }] = useUpdateBrokerMutation();
  const approval = APPROVAL[broker.approval];
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: {
      name: broker.name,
      phone: broker.phone ?? '',
      company: broker.company ?? '',
      reraNumber: broker.reraNumber ?? '',
      cityId: broker.cityId ?? Number.NaN,
      about: broker.about ?? '',
    },
  });

  const submit = handleSubmit(async (values) => {
    // spec §3: 'profile fields edited by full-record update'; the server keeps only the editable ones.
    const result = await update({
      id: broker.id,
      record: { ...values, about: values.about || null, profilePhoto: broker.profilePhoto },
    });
    if (result.data) {
      const saved = result.data.broker;
      dispatch(loginDisplayUpdated({ role: 'broker', fields: { name: saved.name, phone: saved.phone, photo: saved.profilePhoto } }));
      // What the server kept (trimmed, the phone normalised) becomes the form's saved state.
      reset({
        name: saved.name,
        phone: saved.phone ?? '',
        company: saved.company ?? '',
        reraNumber: saved.reraNumber ?? '',
        cityId: saved.cityId ?? Number.NaN,
        about: saved.about ?? '',
      });
      showSuccess(result.data.message);
      return;
    }
    const blamed = serverFieldErrors(result.error).filter((issue) => isField(issue.field));
    blamed.forEach((issue) => setError(issue.field as Path<ProfileInput>, { message: issue.message }));
    if (blamed.length === 0) showError(serverMessage(result.error) ?? 'Something went wrong!');
  });

  return (
    <div className="mt-6 grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <aside className="min-w-0 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <div className="flex min-w-0 items-center gap-4 lg:flex-col lg:text-center">
          <InitialsAvatar name={broker.name} src={broker.profilePhoto} className="size-16 lg:size-24 lg:text-3xl" />
          <div className="w-full min-w-0">
            <p className="truncate text-lg font-bold text-slate-900">{broker.name}</p>
            <p className="truncate text-sm text-slate-600">{broker.email}</p>
            <span className={`mt-2 inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${approval.badge}`}>
              {broker.approval === 'approved' ? <CheckIcon width={12} height={12} /> : <DocumentCheckIcon width={12} height={12} />}
              {approval.label}
            </span>
          </div>
        </div>
        <div role="status" className={`mt-5 rounded-2xl px-4 py-3 text-sm ring-1 ${approval.panel}`}>
          <p className="font-semibold">Approval: {approval.label.toLowerCase()}</p>
          <p className="mt-1">{approval.text}</p>
          {broker.approval === 'approved' && (
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 font-semibold">
              <Link to="/leads" className="underline underline-offset-2">
                See your leads
              </Link>
              <Link to="/ViewallUploads" className="underline underline-offset-2">
                Your uploads
              </Link>
            </p>
          )}
        </div>
      </aside>

      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label="Edit your broker profile"
        className="min-w-0 space-y-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8"
      >
        <Field label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Mobile number" type="tel" inputMode="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
          <Field
            label="E-mail"
            type="email"
            value={broker.email}
            readOnly
            disabled
            hint="Your sign-in e-mail. Contact us to change it."
          />
        </div>
        <Field label="Company" autoComplete="organization" error={errors.company?.message} {...register('company')} />
        <Field label="RERA registration number" autoComplete="off" error={errors.reraNumber?.message} {...register('reraNumber')} />
        <div>
          <label htmlFor={cityId} className="block text-sm font-semibold text-slate-800">
            City
          </label>
          {/* Controlled: the cities arrive after the form, and an uncontrolled select would lose its value meanwhile. */}
          <Controller
            control={control}
            name="cityId"
            render={({ field }) => (
              <select
                id={cityId}
                ref={field.ref}
                name={field.name}
                value={Number.isNaN(field.value) ? '' : String(field.value)}
                onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
                onBlur={field.onBlur}
                aria-invalid={errors.cityId ? true : undefined}
                aria-describedby={errors.cityId ? `${cityId}-error` : undefined}
                className={`${inputClasses(Boolean(errors.cityId))} cursor-pointer`}
              >
                <option value="" disabled>
                  {cities.data ? 'Choose your city' : 'Loading cities…'}
                </option>
                {cities.data?.map((city) => (
                  <option key={city.id} value={city.id}>
                    {city.name}
                  </option>
                ))}
              </select>
            )}
          />
          {errors.cityId && (
            <p id={`${cityId}-error`} className="mt-1 text-sm font-medium text-red-700">
              {errors.cityId.message}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={aboutId} className="block text-sm font-semibold text-slate-800">
            About <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={aboutId}
            rows={4}
            aria-invalid={errors.about ? true : undefined}
            aria-describedby={errors.about ? `${aboutId}-error` : undefined}
            placeholder="The areas you know best, the kinds of homes you sell, the languages you speak."
            className={inputClasses(Boolean(errors.about))}
            {...register('about')}
          />
          {errors.about && (
            <p id={`${aboutId}-error`} className="mt-1 text-sm font-medium text-red-700">
              {errors.about.message}
            </p>
          )}
        </div>
        <div className="flex items-center justify-end gap-3 pt-2">
          <button type="submit" disabled={isLoading} className="btn-primary px-6 py-3 disabled:opacity-60">
            {isLoading ? 'Saving...' : 'Save changes'}
          </button>
        </div>
      </form>
    </div>
  );
}
