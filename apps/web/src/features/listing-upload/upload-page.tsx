import { PROPERTY_TYPES, TRANSACTION_TAGS, type Project } from '@nivaas/contracts/project.schema';
import { FACINGS, FURNISHINGS, ListingUploadSchema, type ListingUploadInput } from '@nivaas/contracts/upload.schema';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { serverMessage } from '../../lib/api/error-text';
import { useGetCitiesQuery } from '../../lib/api/get-cities';
import { selectBrokerLogin, selectUserLogin } from '../../domain/auth/auth-slice';
import type { LoginRole } from '../../domain/auth/stored-login';
import { showError, showSuccess } from '../../lib/toast';
import { propertyTypeLabel } from '../../lib/unit-labels';
import { useDeleteListingPhotoMutation } from './api/delete-photo';
import { useGetCityLocationsQuery } from '../../lib/api/get-city-locations';
import { useGetOwnerListingQuery } from './api/get-owner-listing';
import { useSaveListingMutation } from './api/save-listing';
import { PhotoPicker, type PickedPhoto } from './components/photo-picker';
import { EMPTY_UNIT, emptyListing, listingFromProject, pricePreview, UNIT_TYPES } from './lib/form-values';
import { clearDraft, readDraft, writeDraft } from './lib/upload-draft';
import { uploadPhoto } from './lib/upload-photo';

const STEPS = ['Basics', 'Location', 'Units', 'Photos', 'Review'] as const;
const STEP_FIELDS: FieldPath<ListingUploadInput>[][] = [['name', 'type', 'transactionTag', 'description'], ['cityId', 'zoneId', 'locationId'], ['units'], [], []];

const input = 'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none';
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

function Field({ label, error, children, hint }: { label: string; error?: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div>
      <label className="block text-sm font-medium text-slate-800">
        {label}
        {children}
      </label>
      {hint}
      {error && (
        <span role="alert" className="mt-1 block text-xs text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}

interface UploadFormProps {
  role: LoginRole;
  /** Where the owner's uploads list is (after submitting). */
  uploadsPath: string;
  editing: Project | null;
}

type Phase = 'form' | 'uploading' | 'done';

/**
 * Issue 5 upload form: basics, location from the catalogue (city -> zone -> locality), units, photos, review. The
 * shared ListingUploadSchema validates each step; a new upload's draft is kept in local storage until submitted.
 * An edit (the Remarks modal's Edit) sends PUT, which resubmits the listing for review.
 */
function UploadForm({ role, uploadsPath, editing }: UploadFormProps) {
  const login = useSelector(role === 'broker' ? selectBrokerLogin : selectUserLogin);
  const [restoredDraft] = useState(() => (editing ? null : readDraft(role)));
  const [draftNotice, setDraftNotice] = useState(restoredDraft !== null);
  const [step, setStep] = useState(restoredDraft?.step ?? 0);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [phase, setPhase] = useState<Phase>('form');
  const [savedId, setSavedId] = useState<number | null>(editing?.id ?? null);
  const [resultMessage, setResultMessage] = useState('');
  const [saveListing, saving] = useSaveListingMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  const busy = phase === 'uploading' || saving.isLoading;

  const [initialValues] = useState(() => (editing ? listingFromProject(editing) : (restoredDraft?.values ?? emptyListing())));
  const form = useForm<ListingUploadInput>({ defaultValues: initialValues });
  const { register, control, formState, getValues, setError, clearErrors, setValue, reset, setFocus } = form;
  const units = useFieldArray({ control, name: 'units' });
  const values = useWatch({ control }) as ListingUploadInput;
  // The step whose fields were checked: from then on they are re-checked as they change, so a fixed field stops shouting.
  const [checkedStep, setCheckedStep] = useState<number | null>(null);

  /**
   * The shared ListingUploadSchema, run on the whole form; only the issues of `steps` are shown. (The zod resolver
   * of @hookform/resolvers 7 kept a fixed field's old error on re-validation here, so the schema is run directly.)
   */
  const check = useCallback(
    (steps: number[], focus: boolean) => {
      const names = steps.flatMap((index) => STEP_FIELDS[index] ?? []);
      clearErrors(names);
      const parsed = ListingUploadSchema.safeParse(getValues());
      if (parsed.success) return parsed.data;
      let first: string | null = null;
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        if (!names.some((name) => path === name || path.startsWith(`${name}.`))) continue;
        setError(path as FieldPath<ListingUploadInput>, { type: 'schema', message: issue.message });
        first ??= path;
      }
      if (first === null) return parsed.error.issues.length === 0 ? null : 'other-steps';
      if (focus) setFocus(first as FieldPath<ListingUploadInput>);
      return null;
    },
    [clearErrors, getValues, setError, setFocus],
  );

  useEffect(() => {
    if (checkedStep !== null && checkedStep === step) check([step], false);
  }, [values, checkedStep, step, check]);

  // Keep the draft of a new upload as it is typed (spec-less; issue 5 'a draft kept if the tab is closed').
  useEffect(() => {
    if (editing || phase !== 'form') return;
    const timer = window.setTimeout(() => writeDraft(role, values, step), 400);
    return () => window.clearTimeout(timer);
  }, [editing, phase, role, values, step]);

  useEffect(() => {
    heading.current?.focus();
  }, [step, phase]);

  const cityId = Number(values.cityId) || 0;
  const zoneId = Number(values.zoneId) || 0;
  const cities = useGetCitiesQuery({ page: 1, limit: 100 });
  const locations = useGetCityLocationsQuery(cityId, { skip: cityId === 0 });
  const zones = useMemo(() => {
    const found = new Map<number, string>();
    for (const location of locations.data ?? []) if (location.zone) found.set(location.zone.id, location.zone.name);
    return [...found].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [locations.data]);
  const localities = useMemo(
    () => (locations.data ?? []).filter((location) => zoneId === 0 || location.zone?.id === zoneId).sort((a, b) => a.name.localeCompare(b.name)),
    [locations.data, zoneId],
  );

  const existing = useGetOwnerListingQuery({ id: savedId ?? 0, role }, { skip: savedId === null });
  const [deletePhoto] = useDeleteListingPhotoMutation();

  const errors = formState.errors;
  const next = () => {
    const result = check([step], true);
    if (result === null) {
      setCheckedStep(step);
      return;
    }
    setCheckedStep(null);
    setStep((current) => Math.min(current + 1, STEPS.length - 1));
  };

  const startOver = () => {
    clearDraft(role);
    reset(emptyListing());
    setStep(0);
    setCheckedStep(null);
    setDraftNotice(false);
  };

  const sendPhotos = async (listingId: number) => {
    const token = login?.token ?? '';
    let rejected = 0;
    const queue = photos.filter((photo) => photo.state === 'waiting');
    for (const photo of queue) {
      setPhotos((current) => current.map((other) => (other.key === photo.key ? { ...other, state: 'uploading', progress: 0 } : other)));
      const result = await uploadPhoto(listingId, photo.file, token, (progress) =>
        setPhotos((current) => current.map((other) => (other.key === photo.key ? { ...other, progress } : other))),
      );
      const refusal = result.ok ? result.response.rejected[0]?.reason : result.message;
      if (refusal) rejected += 1;
      setPhotos((current) =>
        current.map((other) => (other.key === photo.key ? { ...other, progress: 1, state: refusal ? 'rejected' : 'done', message: refusal } : other)),
      );
    }
    return rejected;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = check([0, 1, 2], false);
    if (body === null || body === 'other-steps') {
      const broken = [0, 1, 2].find((index) => STEP_FIELDS[index]?.some((name) => name in form.formState.errors));
      if (broken !== undefined) setStep(broken);
      showError('Some details need a fix: check the steps marked in red.');
      return;
    }
    const result = await saveListing({ body, role, id: savedId ?? undefined });
    if (!('data' in result) || !result.data) {
      showError(serverMessage(result.error) ?? 'Something went wrong');
      return;
    }
    const listingId = result.data.project.id;
    setSavedId(listingId);
    clearDraft(role);
    setPhase('uploading');
    const rejected = await sendPhotos(listingId);
    if (!editing || photos.length > 0) void existing.refetch();
    setResultMessage(result.data.message);
    setPhase('done');
    if (rejected === 0) showSuccess(result.data.message);
  };

  const stepHasError = (index: number) => STEP_FIELDS[index]?.some((name) => name in errors) ?? false;
  const rejectedPhotos = photos.filter((photo) => photo.state === 'rejected');

  if (phase === 'done') {
    return (
      <section className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="upload-done">
        <h2 id="upload-done" ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
          {editing ? 'Your changes are sent for review' : 'Your property is sent for review'}
        </h2>
        <p className="mt-2 text-slate-700">{resultMessage}</p>
        {rejectedPhotos.length > 0 && (
          <div className="mt-4 rounded-xl bg-red-50 p-4" role="alert">
            <p className="font-semibold text-red-900">Some photos were not accepted:</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800">
              {rejectedPhotos.map((photo) => (
                <li key={photo.key}>{photo.message}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={uploadsPath} className="btn-primary">
            See your uploads
          </Link>
          {rejectedPhotos.length > 0 && (
            <button
              type="button"
              className="rounded-full px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300"
              onClick={() => {
                setPhotos((current) => current.filter((photo) => photo.state !== 'rejected'));
                setStep(3);
                setPhase('form');
              }}
            >
              Add other photos
            </button>
          )}
        </div>
      </section>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={editing ? 'Edit your property' : 'Upload a property'} className="mt-6">
      {draftNotice && (
        <div role="status" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <span>We restored the draft you left unfinished. Photos are not kept in a draft; choose them again.</span>
          <span className="flex gap-3">
            <button type="button" className="font-semibold underline" onClick={() => setDraftNotice(false)}>
              Keep it
            </button>
            <button type="button" className="font-semibold underline" onClick={startOver}>
              Start over
            </button>
          </span>
        </div>
      )}
      <ol className="flex gap-2 overflow-x-auto pb-1 text-xs font-semibold sm:text-sm" aria-label="Steps">
        {STEPS.map((name, index) => (
          <li key={name} className="shrink-0">
            <button
              type="button"
              aria-current={step === index ? 'step' : undefined}
              disabled={index > step || busy}
              onClick={() => setStep(index)}
              className={`rounded-full px-3 py-1.5 ring-1 ${step === index ? 'bg-brand-700 text-white ring-brand-700' : stepHasError(index) ? 'bg-red-50 text-red-800 ring-red-300' : index < step ? 'bg-brand-50 text-brand-800 ring-brand-200' : 'bg-white text-slate-500 ring-slate-200'}`}
            >
              {index + 1}. {name}
            </button>
          </li>
        ))}
      </ol>

      <section className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
          {STEPS[step]}
        </h2>

        {step === 0 && (
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Field label="Property name" error={errors.name?.message}>
                <input {...register('name')} className={input} placeholder="e.g. Sunny 2 BHK near Metro" autoComplete="off" />
              </Field>
            </div>
            <Field label="Property type" error={errors.type?.message}>
              <select {...register('type')} className={input}>
                {PROPERTY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {propertyTypeLabel(type)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Transaction" error={errors.transactionTag?.message}>
              <select {...register('transactionTag')} className={input}>
                {TRANSACTION_TAGS.map((tag) => (
                  <option key={tag} value={tag}>
                    {tag}
                  </option>
                ))}
              </select>
            </Field>
            <div className="sm:col-span-2">
              <Field label="Description (optional)" error={errors.description?.message}>
                <textarea {...register('description')} rows={4} className={input} />
              </Field>
            </div>
          </div>
        )}

        {step === 1 && (
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            <Field label="City" error={errors.cityId?.message}>
              <select
                {...register('cityId', {
                  onChange: () => {
                    setValue('zoneId', null);
                    setValue('locationId', '');
                  },
                })}
                className={input}
              >
                <option value="">Select a city</option>
                {(cities.data ?? []).map((city) => (
                  <option key={city.id} value={city.id}>
                    {city.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Zone (optional)" error={errors.zoneId?.message}>
              <select {...register('zoneId', { setValueAs: emptyToNull, onChange: () => setValue('locationId', '') })} className={input} disabled={cityId === 0}>
                <option value="">Any zone</option>
                {zones.map((zone) => (
                  <option key={zone.id} value={zone.id}>
                    {zone.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Locality" error={errors.locationId?.message}>
              <select {...register('locationId')} className={input} disabled={cityId === 0 || locations.isFetching}>
                <option value="">{locations.isFetching ? 'Loading…' : 'Select a locality'}</option>
                {localities.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        )}

        {step === 2 && (
          <div className="mt-4 space-y-4">
            {errors.units?.message && (
              <p role="alert" className="text-sm text-red-700">
                {errors.units.message}
              </p>
            )}
            {units.fields.map((unit, index) => {
              const unitErrors = errors.units?.[index];
              const current = values.units?.[index];
              return (
                <fieldset key={unit.id} className="rounded-xl border border-slate-200 p-4">
                  <legend className="px-1 text-sm font-semibold text-slate-900">Unit {index + 1}</legend>
                  <div className="grid gap-3 sm:grid-cols-3">
                    <Field label="Unit type" error={unitErrors?.type?.message}>
                      <select {...register(`units.${index}.type`)} className={input}>
                        {UNIT_TYPES.map((type) => (
                          <option key={type.value} value={type.value}>
                            {type.label}
                          </option>
                        ))}
                      </select>
                    </Field>
                    <Field
                      label="Minimum price (₹)"
                      error={unitErrors?.minPrice?.message}
                      hint={<span className="mt-1 block text-xs text-slate-600" aria-live="polite">{pricePreview(current?.minPrice) ?? 'e.g. 8500000 or 85 lakh'}</span>}
                    >
                      <input {...register(`units.${index}.minPrice`)} inputMode="decimal" className={input} autoComplete="off" />
                    </Field>
                    <Field
                      label="Maximum price (₹)"
                      error={unitErrors?.maxPrice?.message}
                      hint={<span className="mt-1 block text-xs text-slate-600" aria-live="polite">{pricePreview(current?.maxPrice) ?? 'e.g. 90 lakh or 1.2 cr'}</span>}
                    >
                      <input {...register(`units.${index}.maxPrice`)} inputMode="decimal" className={input} autoComplete="off" />
                    </Field>
                    <Field label="Facing" error={unitErrors?.facing?.message}>
                      <select {...register(`units.${index}.facing`, { setValueAs: emptyToNull })} className={input}>
                        <option value="">Not specified</option>
                        {FACINGS.map((facing) => (
                          <option key={facing} value={facing}>
                            {facing}
                          </option>
                        ))}
                      </select>
                    </Field>
                    <Field label="Area (sq ft)" error={unitErrors?.exteriorArea?.message}>
                      <input {...register(`units.${index}.exteriorArea`, { setValueAs: emptyToNull })} inputMode="numeric" className={input} autoComplete="off" />
                    </Field>
                    <Field label="Floor" error={unitErrors?.floors?.message}>
                      <input {...register(`units.${index}.floors`, { setValueAs: emptyToNull })} className={input} placeholder="e.g. 3 of 12" autoComplete="off" />
                    </Field>
                    <Field label="Furnishing" error={unitErrors?.furnishing?.message}>
                      <select {...register(`units.${index}.furnishing`, { setValueAs: emptyToNull })} className={input}>
                        <option value="">Not specified</option>
                        {FURNISHINGS.map((furnishing) => (
                          <option key={furnishing} value={furnishing}>
                            {furnishing}
                          </option>
                        ))}
                      </select>
                    </Field>
                  </div>
                  {units.fields.length > 1 && (
                    <button type="button" className="mt-3 text-sm font-semibold text-red-700 underline" onClick={() => units.remove(index)}>
                      Remove unit {index + 1}
                    </button>
                  )}
                </fieldset>
              );
            })}
            <button type="button" className="rounded-full px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200" onClick={() => units.append({ ...EMPTY_UNIT })}>
              Add another unit
            </button>
          </div>
        )}

        {step === 3 && (
          <div className="mt-4 space-y-4">
            {existing.data && existing.data.photos.length > 0 && (
              <div>
                <p className="text-sm font-medium text-slate-800">Photos already on this listing</p>
                <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
                  {existing.data.photos.map((photo) => (
                    <li key={photo.id} className="overflow-hidden rounded-lg ring-1 ring-slate-200">
                      <img src={photo.cardUrl} alt="" className="aspect-[4/3] w-full object-cover" />
                      <button
                        type="button"
                        className="w-full py-1 text-xs font-semibold text-red-700"
                        onClick={() =>
                          void deletePhoto({ id: savedId ?? 0, mediaId: photo.id, role }).then((result) => {
                            if ('error' in result) showError(serverMessage(result.error) ?? 'Something went wrong');
                            void existing.refetch();
                          })
                        }
                      >
                        Remove
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <PhotoPicker photos={photos} onChange={setPhotos} existingCount={existing.data?.photos.length ?? 0} disabled={busy} />
          </div>
        )}

        {step === 4 && (
          <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">Name</dt>
              <dd className="font-medium text-slate-900">{values.name || '-'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Type and transaction</dt>
              <dd className="font-medium text-slate-900">
                {propertyTypeLabel(String(values.type))} · {values.transactionTag}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Location</dt>
              <dd className="font-medium text-slate-900">
                {[localities.find((l) => l.id === Number(values.locationId))?.name, zones.find((z) => z.id === zoneId)?.name, cities.data?.find((c) => c.id === cityId)?.name]
                  .filter(Boolean)
                  .join(', ') || '-'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Photos</dt>
              <dd className="font-medium text-slate-900">
                {photos.filter((photo) => photo.state !== 'rejected').length} new{existing.data ? `, ${existing.data.photos.length} already uploaded` : ''}
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-slate-500">Units</dt>
              <dd>
                <ul className="mt-1 space-y-1">
                  {(values.units ?? []).map((unit, index) => (
                    <li key={index} className="font-medium text-slate-900">
                      {UNIT_TYPES.find((type) => type.value === unit.type)?.label ?? unit.type}: {pricePreview(unit.minPrice) ?? '?'} – {pricePreview(unit.maxPrice) ?? '?'}
                      {unit.exteriorArea ? `, ${String(unit.exteriorArea)} sq ft` : ''}
                      {unit.facing ? `, ${unit.facing}` : ''}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
            {editing && <p className="text-amber-800 sm:col-span-2">Submitting sends your changes back to our team for review; the listing stays off the site until it is approved and you switch it live.</p>}
          </dl>
        )}

        <div className="mt-6 flex flex-wrap justify-between gap-3">
          <button
            type="button"
            onClick={() => setStep((current) => Math.max(0, current - 1))}
            disabled={step === 0 || busy}
            className="rounded-full px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 disabled:opacity-50"
          >
            Back
          </button>
          {step < STEPS.length - 1 ? (
            // Distinct keys: React must not turn this very button into the submit button during its own click,
            // or the browser's default action would submit the form from the Photos step.
            <button key="next" type="button" onClick={next} className="btn-primary">
              Next
            </button>
          ) : (
            <button key="submit" type="submit" disabled={busy} className="btn-primary disabled:opacity-60">
              {busy ? (phase === 'uploading' ? 'Uploading photos…' : 'Submitting…') : editing ? 'Resubmit for review' : 'Submit for review'}
            </button>
          )}
        </div>
      </section>
    </form>
  );
}

interface UploadPageProps {
  role: LoginRole;
}

function UploadPage({ role }: UploadPageProps) {
  const location = useLocation();
  // The Remarks modal's Edit carries the listing in the router state (spec §2).
  const editing = (location.state as { property?: Project } | null)?.property ?? null;
  const uploadsPath = role === 'broker' ? '/ViewallUploads' : '/uploded-properties';
  const title = editing ? `Edit ${editing.name}` : 'Upload a property';
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <title>{`${title} | Nivaas`}</title>
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: location.pathname.split('/').filter(Boolean)[0] ?? '' }]} />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">Our team reviews every property before it can go live.</p>
      <UploadForm key={editing?.id ?? 'new'} role={role} uploadsPath={uploadsPath} editing={editing} />
    </div>
  );
}

/** /upload-property (spec §2, broker). */
export function BrokerUploadPage() {
  return <UploadPage role="broker" />;
}

/** /list-your-properties (spec §2, user). */
export function UserUploadPage() {
  return <UploadPage role="user" />;
}

/** /upload-a-property: a signed-in user's form (a user login takes precedence, spec §6), else the approved broker's. */
export function UploadAPropertyPage() {
  const user = useSelector(selectUserLogin);
  return <UploadPage role={user ? 'user' : 'broker'} />;
}
