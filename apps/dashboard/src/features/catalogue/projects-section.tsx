import type { AdminListQueryInput } from '@nivaas/contracts/admin.schema';
import { ProjectCreateSchema, ProjectPatchSchema, PROJECT_PHOTO_ROLES, type AdminProject } from '@nivaas/contracts/catalogue-admin.schema';
import { projectPath } from '@nivaas/contracts/project-path';
import { PROPERTY_TYPES, TRANSACTION_TAGS } from '@nivaas/contracts/project.schema';
import { FACINGS, FURNISHINGS } from '@nivaas/contracts/upload.schema';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PhotoUploader } from '../../components/records/photo-uploader';
import { PreviewLink } from '../../components/records/preview-link';
import { PublicationControl } from '../../components/records/publication-control';
import { Field, RecordFormFrame, SelectField, TextAreaField, TextField, type FormBinding } from '../../components/records/record-fields';
import { RecordPicker } from '../../components/records/record-picker';
import { RecordHistory } from '../../components/records/record-history';
import { RecordTable } from '../../components/records/record-table';
import { useRecordForm } from '../../components/records/use-record-form';
import { ErrorState } from '../../components/states';
import { useToaster } from '../../components/toaster';
import { createProject, deleteProjectPhoto, getProject, listProjects, pickBuilders, pickCities, pickLocations, pickZones, updateProject, uploadProjectPhotos } from '../../lib/catalogue-admin-api';
import { useApi } from '../../lib/console-context';
import { formatDashboardPrice } from '../../lib/format';
import { usePage } from '../../lib/use-paged';

/** Issue 14: the provider's builder projects: a searchable table, and one form (with units) plus photos and publication. */
export function ProjectsList() {
  const api = useApi();
  const load = useCallback((query: AdminListQueryInput) => listProjects(api, query), [api]);
  return (
    <RecordTable
      title="Projects"
      load={load}
      searchPlaceholder="Name or id"
      publication={(project) => project}
      rowLink={(project) => String(project.id)}
      columns={[
        { header: 'Name', cell: (project: AdminProject) => project.name, primary: true },
        { header: 'Place', cell: (project) => `${project.location.name}, ${project.city.name}`, wide: true },
        { header: 'Builder', cell: (project) => project.builder?.name ?? '—', wide: true },
      ]}
      actions={
        <Link to="new" className="pc-btn-primary">
          New project
        </Link>
      }
    />
  );
}

interface UnitValues {
  type: string;
  minPrice: string;
  maxPrice: string;
  facing: string;
  exteriorArea: string;
  floors: string;
  furnishing: string;
}

interface ProjectValues extends Record<string, unknown> {
  name: string;
  type: string;
  builderId: string;
  cityId: string;
  zoneId: string;
  locationId: string;
  /** The pickers' names for the ids above: shown in the form and kept in the draft, never sent. */
  builderName: string;
  cityName: string;
  zoneName: string;
  locationName: string;
  description: string;
  tags: string;
  transactionTag: string;
  possessionDate: string;
  reraNumber: string;
  amenities: string;
  units: UnitValues[];
}

const blankUnit: UnitValues = { type: '', minPrice: '', maxPrice: '', facing: '', exteriorArea: '', floors: '', furnishing: '' };
const blank: ProjectValues = { name: '', type: 'apartment', builderId: '', cityId: '', zoneId: '', locationId: '', builderName: '', cityName: '', zoneName: '', locationName: '', description: '', tags: '', transactionTag: '', possessionDate: '', reraNumber: '', amenities: '', units: [blankUnit] };

function valuesOf(project: AdminProject): ProjectValues {
  return {
    name: project.name,
    type: project.type,
    builderId: project.builderId === null ? '' : String(project.builderId),
    cityId: String(project.city.id),
    zoneId: project.zone ? String(project.zone.id) : '',
    locationId: String(project.location.id),
    builderName: project.builder?.name ?? '',
    cityName: project.city.name,
    zoneName: project.zone?.name ?? '',
    locationName: project.location.name,
    description: project.description ?? '',
    tags: project.tags.join(', '),
    transactionTag: project.transactionTag ?? '',
    possessionDate: project.possessionDate ?? '',
    reraNumber: project.reraNumber ?? '',
    amenities: project.amenities.join(', '),
    units: project.units.map((unit) => ({
      type: unit.type,
      // Indian grouping (85,00,000), as the hint shows and the contract reads.
      minPrice: unit.minPrice.toLocaleString('en-IN'),
      maxPrice: unit.maxPrice.toLocaleString('en-IN'),
      facing: unit.facing ?? '',
      exteriorArea: unit.exteriorArea === null ? '' : String(unit.exteriorArea),
      floors: unit.floors ?? '',
      furnishing: unit.furnishing ?? '',
    })),
  };
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const orNull = (text: string) => text.trim() || null;

function bodyOf(values: ProjectValues) {
  return {
    name: values.name,
    type: values.type,
    builderId: orNull(values.builderId),
    cityId: values.cityId,
    zoneId: orNull(values.zoneId),
    locationId: values.locationId,
    description: orNull(values.description),
    tags: list(values.tags),
    transactionTag: orNull(values.transactionTag),
    possessionDate: orNull(values.possessionDate),
    reraNumber: orNull(values.reraNumber),
    amenities: list(values.amenities),
    units: values.units.map((unit) => ({
      type: unit.type,
      minPrice: unit.minPrice,
      maxPrice: unit.maxPrice,
      facing: orNull(unit.facing),
      exteriorArea: orNull(unit.exteriorArea),
      floors: orNull(unit.floors),
      furnishing: orNull(unit.furnishing),
    })),
  };
}

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

function UnitsEditor({ units, errors, onChange }: { units: UnitValues[]; errors: Record<string, string>; onChange: (units: UnitValues[]) => void }) {
  const setUnit = (index: number, key: keyof UnitValues, value: string) => onChange(units.map((unit, i) => (i === index ? { ...unit, [key]: value } : unit)));
  const input = (index: number, key: keyof UnitValues, label: string, hint?: string) => (
    <Field label={label} error={errors[`units.${index}.${key}`]} {...(hint ? { hint } : {})}>
      {({ id, describedBy, invalid }) => <input id={id} value={units[index]?.[key] ?? ''} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => setUnit(index, key, event.target.value)} className="pc-input" />}
    </Field>
  );
  const select = (index: number, key: keyof UnitValues, label: string, values: readonly string[]) => (
    <Field label={label} error={errors[`units.${index}.${key}`]}>
      {({ id, describedBy }) => (
        <select id={id} value={units[index]?.[key] ?? ''} aria-describedby={describedBy} onChange={(event) => setUnit(index, key, event.target.value)} className="pc-input">
          <option value="">—</option>
          {values.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-semibold text-slate-800">Units *</legend>
      {errors.units ? <p className="text-sm font-medium text-red-700">{errors.units}</p> : null}
      <ol className="mt-2 space-y-3">
        {units.map((_unit, index) => (
          <li key={index} aria-label={`Unit ${index + 1}`} className="grid gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-4">
            {input(index, 'type', `Unit ${index + 1} type`, 'Bedrooms (2) or a word (studio)')}
            {input(index, 'minPrice', `Unit ${index + 1} min price (₹)`, 'e.g. 85,00,000 or 85 lakh')}
            {input(index, 'maxPrice', `Unit ${index + 1} max price (₹)`)}
            {input(index, 'exteriorArea', `Unit ${index + 1} area (sq ft)`)}
            {select(index, 'facing', `Unit ${index + 1} facing`, FACINGS)}
            {input(index, 'floors', `Unit ${index + 1} floors`)}
            {select(index, 'furnishing', `Unit ${index + 1} furnishing`, FURNISHINGS)}
            <div className="flex items-end">
              <button type="button" className="pc-btn-secondary w-full" disabled={units.length <= 1} onClick={() => onChange(units.filter((_, i) => i !== index))}>
                Remove unit {index + 1}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="pc-btn-secondary mt-3" onClick={() => onChange([...units, blankUnit])}>
        Add a unit
      </button>
    </fieldset>
  );
}

/**
 * Builder, city, zone and locality, each picked by name from the admin list reads. Narrower picks follow wider ones:
 * a zone is searched in the chosen city, a locality in the chosen zone; picking a locality fills its zone and city.
 */
function PlacePickers({ form }: { form: FormBinding<ProjectValues> }) {
  const api = useApi();
  const { values, set, errors } = form;
  type PlaceKey = 'builderId' | 'builderName' | 'cityId' | 'cityName' | 'zoneId' | 'zoneName' | 'locationId' | 'locationName';
  const choose = (pairs: [PlaceKey, string][]) => {
    for (const [name, value] of pairs) set(name, value);
  };
  return (
    <>
      <RecordPicker
        label="Builder"
        value={values.builderId}
        selectedLabel={values.builderName}
        error={errors.builderId}
        hint="Blank: a project without a listed builder"
        search={(q) => pickBuilders(api, q)}
        onPick={(builder) => choose([['builderId', builder ? String(builder.id) : ''], ['builderName', builder?.label ?? '']])}
      />
      <RecordPicker
        label="City"
        required
        value={values.cityId}
        selectedLabel={values.cityName}
        error={errors.cityId}
        search={(q) => pickCities(api, q)}
        onPick={(city) => {
          const changed = String(city?.id ?? '') !== values.cityId;
          choose([['cityId', city ? String(city.id) : ''], ['cityName', city?.label ?? '']]);
          // Another city: the zone and locality picked in the old one no longer fit.
          if (changed) choose([['zoneId', ''], ['zoneName', ''], ['locationId', ''], ['locationName', '']]);
        }}
      />
      <RecordPicker
        label="Zone"
        value={values.zoneId}
        selectedLabel={values.zoneName}
        error={errors.zoneId}
        hint="Taken from the locality when blank"
        search={(q) => pickZones(api, q, { cityId: values.cityId })}
        onPick={(zone) => {
          const changed = String(zone?.id ?? '') !== values.zoneId;
          choose([['zoneId', zone ? String(zone.id) : ''], ['zoneName', zone?.label ?? '']]);
          if (zone) choose([['cityId', String(zone.city.id)], ['cityName', zone.city.name]]);
          if (changed && zone) choose([['locationId', ''], ['locationName', '']]);
        }}
      />
      <RecordPicker
        label="Locality"
        required
        value={values.locationId}
        selectedLabel={values.locationName}
        error={errors.locationId}
        hint={values.zoneId ? `Searched in ${values.zoneName}` : values.cityId ? `Searched in ${values.cityName}` : 'Searched in every city'}
        search={(q) => pickLocations(api, q, { cityId: values.cityId, zoneId: values.zoneId })}
        onPick={(location) => {
          choose([['locationId', location ? String(location.id) : ''], ['locationName', location?.label ?? '']]);
          // A locality knows its zone and city: the provider need not pick them too.
          if (location) choose([['cityId', String(location.city.id)], ['cityName', location.city.name], ['zoneId', location.zone ? String(location.zone.id) : ''], ['zoneName', location.zone?.name ?? '']]);
        }}
      />
    </>
  );
}

function ProjectForm({ project, onSaved }: { project: AdminProject | null; onSaved: (project: AdminProject) => void }) {
  const api = useApi();
  const toaster = useToaster();
  const form = useRecordForm({ schema: project ? ProjectPatchSchema : ProjectCreateSchema, initial: project ? valuesOf(project) : blank, draftKey: `project:${project?.id ?? 'new'}`, toBody: bodyOf });
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!form.validate()) return;
    setBusy(true);
    try {
      const body = bodyOf(form.values);
      const answer = project ? await updateProject(api, project.id, ProjectPatchSchema.parse(body)) : await createProject(api, ProjectCreateSchema.parse(body));
      form.saved(valuesOf(answer.item));
      toaster.success(answer.message);
      onSaved(answer.item);
    } catch (error) {
      form.showApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <RecordFormFrame form={form} onSubmit={() => void save()} submitLabel={project ? 'Save project' : 'Create project'} busy={busy} label="Project">
      <TextField form={form} name="name" label="Name" required />
      <SelectField form={form} name="type" label="Type" options={options(PROPERTY_TYPES)} required />
      <PlacePickers form={form} />
      <SelectField form={form} name="transactionTag" label="Transaction" options={options(TRANSACTION_TAGS)} blank="—" />
      <TextField form={form} name="possessionDate" label="Possession date" type="date" />
      <TextField form={form} name="reraNumber" label="RERA number" />
      <TextField form={form} name="tags" label="Tags" hint="Comma-separated: New Launch, Luxury" />
      <TextField form={form} name="amenities" label="Amenities" hint="Comma-separated" className="sm:col-span-2" />
      <TextAreaField form={form} name="description" label="Description" className="sm:col-span-2" />
      <UnitsEditor units={form.values.units} errors={form.errors} onChange={(units) => form.set('units', units)} />
    </RecordFormFrame>
  );
}

export function ProjectEditor() {
  const api = useApi();
  const navigate = useNavigate();
  const { id } = useParams();
  const projectId = id === 'new' ? null : Number(id);
  const [loaded, setLoaded] = useState<AdminProject | null>(null);
  const fetchOne = useCallback(async () => {
    if (projectId === null) return { items: [], pagination: { page: 1, limit: 1, total: 0, hasMore: false } };
    return { items: [(await getProject(api, projectId)).item], pagination: { page: 1, limit: 1, total: 1, hasMore: false } };
  }, [api, projectId]);
  const { state, reload } = usePage(fetchOne, String(projectId));
  const project = loaded?.id === projectId ? loaded : state.status === 'ready' ? (state.items[0] ?? null) : null;
  const refresh = async () => setLoaded((await getProject(api, projectId ?? 0)).item);

  if (projectId !== null && state.status === 'error') return <ErrorState title="This project could not be loaded." message={state.message} onRetry={reload} />;
  if (projectId !== null && !project) return <p role="status">Loading the project…</p>;
  const prices = project?.units.map((unit) => unit.minPrice) ?? [];
  return (
    <section aria-labelledby="project-heading" className="space-y-4">
      <p>
        <Link to=".." relative="path" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Projects
        </Link>
      </p>
      <h2 id="project-heading" className="text-xl font-bold break-words text-slate-900">
        {project ? project.name : 'New project'}
        {prices.length > 0 ? <span className="ml-2 text-base font-normal text-slate-600">from ₹{formatDashboardPrice(Math.min(...prices))}</span> : null}
      </h2>
      <ProjectForm key={`${project?.id ?? 'new'}:${project?.updatedAt ?? ''}`} project={project} onSaved={(saved) => (project ? setLoaded(saved) : navigate(`../${saved.id}`, { relative: 'path', replace: true }))} />
      {project ? (
        <>
          <PreviewLink href={projectPath(project)} isPublic={project.isPublic} />
          <PublicationControl status={project.status} approval={project.approval} onSave={(change) => updateProject(api, project.id, change)} onSaved={(answer) => setLoaded(answer.item)} />
          <PhotoUploader
            label="Project photos"
            photos={project.photos.map((photo, index) => ({ ...photo, title: project.medias[index]?.title }))}
            roles={PROJECT_PHOTO_ROLES}
            upload={(form, onProgress) => uploadProjectPhotos(api, project.id, form, onProgress)}
            remove={(photo) => deleteProjectPhoto(api, project.id, photo.id)}
            onChanged={() => void refresh()}
          />
          <RecordHistory entityKind="project" entityId={project.id} refreshKey={project.updatedAt + project.photos.length} />
        </>
      ) : null}
    </section>
  );
}
