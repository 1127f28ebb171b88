import type { Project } from '@nivaas/contracts/project.schema';
import { ListingUploadSchema, type ListingUploadInput } from '@nivaas/contracts/upload.schema';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useSelector } from 'react-redux';
import { selectBrokerLogin, selectUserLogin } from '../../../domain/auth/auth-slice';
import type { LoginRole } from '../../../domain/auth/stored-login';
import { serverMessage } from '../../../lib/api/error-text';
import { useGetCitiesQuery } from '../../../lib/api/get-cities';
import { useGetCityLocationsQuery } from '../../../lib/api/get-city-locations';
import { showError, showSuccess } from '../../../lib/toast';
import { useDeleteListingPhotoMutation } from '../api/delete-photo';
import { useGetOwnerListingQuery } from '../api/get-owner-listing';
import { useSaveListingMutation } from '../api/save-listing';
import type { PickedPhoto } from '../components/photo-picker';
import { emptyListing, listingFromProject } from './form-values';
import { clearDraft, readDraft, writeDraft } from './upload-draft';
import { uploadPhoto } from './upload-photo';
import { track } from '../../../lib/tracking/track';

export const STEPS = ['Basics', 'Location', 'Units', 'Photos', 'Review'] as const;
const STEP_FIELDS: FieldPath<ListingUploadInput>[][] = [['name', 'type', 'transactionTag', 'description'], ['cityId', 'zoneId', 'locationId'], ['units'], [], []];

type Phase = 'form' | 'uploading' | 'done';

/**
 * Issue 5 upload form's state and rules, apart from its screens: the steps and their checks (the shared
 * ListingUploadSchema, run on the whole form), the draft of a new upload kept in local storage until submitted, the
 * catalogue's cities, zones and localities, the photos and their upload after the listing is saved. An edit (the
 * Remarks modal's Edit) sends PUT, which resubmits the listing for review.
 */
export function useUploadWizard(role: LoginRole, editing: Project | null) {
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
    track('LISTING_UPLOADED', { projectId: listingId, role, edit: editing !== null, photos: photos.length });
    if (rejected === 0) showSuccess(result.data.message);
  };

  const stepHasError = (index: number) => STEP_FIELDS[index]?.some((name) => name in errors) ?? false;
  const rejectedPhotos = photos.filter((photo) => photo.state === 'rejected');

  return {
    role,
    editing,
    form,
    register,
    setValue,
    errors,
    units,
    values,
    step,
    setStep,
    phase,
    setPhase,
    busy,
    heading,
    draftNotice,
    setDraftNotice,
    startOver,
    next,
    submit,
    stepHasError,
    photos,
    setPhotos,
    rejectedPhotos,
    resultMessage,
    cities,
    locations,
    zones,
    localities,
    cityId,
    zoneId,
    existing,
    deletePhoto,
    savedId,
  };
}

export type UploadWizard = ReturnType<typeof useUploadWizard>;
