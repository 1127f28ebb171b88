import type { AdminListQueryInput } from '@nivaas/contracts/admin.schema';
import { BuilderCreateSchema, BuilderPatchSchema, type AdminBuilder } from '@nivaas/contracts/catalogue-admin.schema';
import { pathSegment } from '@nivaas/contracts/project-path';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PreviewLink } from '../../components/records/preview-link';
import { PublicationControl } from '../../components/records/publication-control';
import { RecordFormFrame, TextAreaField, TextField } from '../../components/records/record-fields';
import { RecordHistory } from '../../components/records/record-history';
import { RecordTable } from '../../components/records/record-table';
import { useRecordForm } from '../../components/records/use-record-form';
import { ErrorState } from '../../components/states';
import { useToaster } from '../../components/toaster';
import { createBuilder, getBuilder, listBuilders, updateBuilder } from '../../lib/catalogue-admin-api';
import { useApi } from '../../lib/console-context';
import { usePage } from '../../lib/use-paged';

/** Issue 14: the provider's builders: a searchable table, and one form for a new builder or an existing one. */
export function BuildersList() {
  const api = useApi();
  const load = useCallback((query: AdminListQueryInput) => listBuilders(api, query), [api]);
  return (
    <RecordTable
      title="Builders"
      load={load}
      searchPlaceholder="Name, slug or id"
      publication={(builder) => builder}
      rowLink={(builder) => String(builder.id)}
      columns={[
        { header: 'Name', cell: (builder: AdminBuilder) => builder.name, primary: true },
        { header: 'Projects', cell: (builder) => builder.projectCount.toLocaleString('en-IN'), wide: true },
        { header: 'Slug', cell: (builder) => builder.slug, wide: true },
      ]}
      actions={
        <Link to="new" className="pc-btn-primary">
          New builder
        </Link>
      }
    />
  );
}

interface BuilderValues extends Record<string, unknown> {
  name: string;
  slug: string;
  logo: string;
  description: string;
  establishedYear: string;
}

const blank: BuilderValues = { name: '', slug: '', logo: '', description: '', establishedYear: '' };

function valuesOf(builder: AdminBuilder): BuilderValues {
  return { name: builder.name, slug: builder.slug, logo: builder.logo ?? '', description: builder.description ?? '', establishedYear: builder.establishedYear === null ? '' : String(builder.establishedYear) };
}

/** Blank text is 'not given' (create) or 'cleared' (edit). */
function bodyOf(values: BuilderValues, editing: boolean) {
  const clear = editing ? null : undefined;
  return {
    name: values.name,
    ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
    logo: values.logo.trim() || clear,
    description: values.description.trim() || clear,
    establishedYear: values.establishedYear.trim() || clear,
  };
}

function BuilderForm({ builder, onSaved }: { builder: AdminBuilder | null; onSaved: (builder: AdminBuilder) => void }) {
  const api = useApi();
  const toaster = useToaster();
  const editing = builder !== null;
  const form = useRecordForm({
    schema: editing ? BuilderPatchSchema : BuilderCreateSchema,
    initial: builder ? valuesOf(builder) : blank,
    draftKey: `builder:${builder?.id ?? 'new'}`,
    toBody: (values: BuilderValues) => bodyOf(values, editing),
  });
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const body = form.validate();
    if (!body) return;
    setBusy(true);
    try {
      const answer = builder ? await updateBuilder(api, builder.id, body) : await createBuilder(api, BuilderCreateSchema.parse(body));
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
    <RecordFormFrame form={form} onSubmit={() => void save()} submitLabel={editing ? 'Save builder' : 'Create builder'} busy={busy} label="Builder">
      <TextField form={form} name="name" label="Name" required />
      <TextField form={form} name="slug" label="Slug" hint="Made from the name when left blank" />
      <TextField form={form} name="logo" label="Logo address" type="url" placeholder="https://…" />
      <TextField form={form} name="establishedYear" label="Established" inputMode="numeric" />
      <TextAreaField form={form} name="description" label="Description" className="sm:col-span-2" />
    </RecordFormFrame>
  );
}

export function BuilderEditor() {
  const api = useApi();
  const navigate = useNavigate();
  const { id } = useParams();
  const builderId = id === 'new' ? null : Number(id);
  const [loaded, setLoaded] = useState<AdminBuilder | null>(null);
  const fetchOne = useCallback(async () => {
    if (builderId === null) return { items: [], pagination: { page: 1, limit: 1, total: 0, hasMore: false } };
    const answer = await getBuilder(api, builderId);
    return { items: [answer.item], pagination: { page: 1, limit: 1, total: 1, hasMore: false } };
  }, [api, builderId]);
  const { state, reload } = usePage(fetchOne, String(builderId));
  const builder = loaded?.id === builderId ? loaded : state.status === 'ready' ? (state.items[0] ?? null) : null;

  if (builderId !== null && state.status === 'error') return <ErrorState title="This builder could not be loaded." message={state.message} onRetry={reload} />;
  if (builderId !== null && !builder) return <p role="status">Loading the builder…</p>;
  return (
    <section aria-labelledby="builder-heading" className="space-y-4">
      <p>
        <Link to=".." relative="path" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Builders
        </Link>
      </p>
      <h2 id="builder-heading" className="text-xl font-bold text-slate-900">
        {builder ? builder.name : 'New builder'}
      </h2>
      <BuilderForm key={builder?.id ?? 'new'} builder={builder} onSaved={(saved) => (builder ? setLoaded(saved) : navigate(`../${saved.id}`, { relative: 'path', replace: true }))} />
      {builder ? (
        <>
          <PreviewLink href={`/developer/${pathSegment(builder.name)}/${builder.id}`} isPublic={builder.isPublic} />
          <PublicationControl status={builder.status} approval={builder.approval} onSave={(change) => updateBuilder(api, builder.id, change)} onSaved={(answer) => setLoaded(answer.item)} />
          <RecordHistory entityKind="builder" entityId={builder.id} refreshKey={builder.updatedAt} />
        </>
      ) : null}
    </section>
  );
}
