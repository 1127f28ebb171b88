import type { AdminListQueryInput } from '@nivaas/contracts/admin.schema';
import type { Approval, Pagination, Status } from '@nivaas/contracts/common.schema';
import type { AuditEntityKind } from '@nivaas/contracts/moderation.schema';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { PhotoUploader } from '../../components/records/photo-uploader';
import { PreviewLink } from '../../components/records/preview-link';
import { PublicationControl } from '../../components/records/publication-control';
import { RecordFormFrame, TextAreaField, TextField } from '../../components/records/record-fields';
import { RecordHistory } from '../../components/records/record-history';
import { type PickerOption, RecordPicker } from '../../components/records/record-picker';
import { type RecordColumn, RecordTable } from '../../components/records/record-table';
import { useRecordForm } from '../../components/records/use-record-form';
import { ErrorState } from '../../components/states';
import { useToaster } from '../../components/toaster';
import { useApi } from '../../lib/console-context';
import { ApiError, type ProviderApi } from '../../lib/api-client';
import { usePage } from '../../lib/use-paged';

/**
 * Issue 14 (part 2): the console's sections for banners, blogs, FAQs, construction projects and contractors. Each
 * kind is described once (content-sections.tsx: its fields, columns, photo and public page) and gets the same two
 * screens built on the shared record blocks: a searchable, paged table of every state, and one editor (the form on
 * the API's own contract with its messages by field, a draft kept while typing, the photo, the publish switch and
 * approval with remark, the preview link and the audit history).
 */

export interface ContentItem {
  id: number;
  status: Status;
  approval: Approval;
  isPublic: boolean;
  updatedAt: string;
}

export interface ContentField {
  name: string;
  label: string;
  /** text (default), a paragraph, a whole number or decimal, a comma-separated list, or another record picked by name. */
  kind?: 'text' | 'textarea' | 'number' | 'list' | 'record';
  /** kind 'record': the server-side search by name, and the name of a saved id (the records hold only the id). */
  picker?: RecordLookup;
  required?: boolean;
  hint?: string;
  /** Blank on an edit clears it (sends null); otherwise blank is simply not sent. */
  nullable?: boolean;
  wide?: boolean;
}

export interface RecordLookup {
  search: (api: ProviderApi, q: string) => Promise<PickerOption[]>;
  nameOf: (api: ProviderApi, id: number) => Promise<string | null>;
}

export interface ContentCalls<T> {
  list: (api: ProviderApi, q: AdminListQueryInput) => Promise<{ items: T[]; pagination: Pagination }>;
  get: (api: ProviderApi, id: number) => Promise<{ item: T; message: string }>;
  create: (api: ProviderApi, body: unknown) => Promise<{ item: T; message: string }>;
  update: (api: ProviderApi, id: number, body: unknown) => Promise<{ item: T; message: string }>;
  upload: (api: ProviderApi, id: number, segment: string, form: FormData, onProgress: (fraction: number) => void) => Promise<{ item: T; message: string }>;
}

export interface ContentKind<T extends ContentItem> {
  /** 'Banners': the table's title. */
  title: string;
  /** 'banner': the buttons' and messages' word. */
  noun: string;
  entityKind: AuditEntityKind;
  calls: ContentCalls<T>;
  create: z.ZodType;
  patch: z.ZodType;
  fields: ContentField[];
  columns: RecordColumn<T>[];
  searchPlaceholder: string;
  /** The editor's heading. */
  nameOf: (item: T) => string;
  /** The record's one photo: the route's last segment and the field holding its address. */
  photo?: { segment: string; label: string; urlOf: (item: T) => string | null };
  /** The public page that shows it. */
  publicPath?: (item: T) => string;
}

type Values = Record<string, string>;

/** Where a picked record's name is kept beside its id: in the values (so a restored draft shows it), never in the body. */
export const labelKey = (name: string) => `${name}Label`;

function valuesOf<T extends ContentItem>(kind: ContentKind<T>, item: T | null, labels: Values = {}): Values {
  const values: Values = {};
  for (const field of kind.fields) {
    const value = item ? (item as unknown as Record<string, unknown>)[field.name] : undefined;
    values[field.name] = Array.isArray(value) ? value.join(', ') : value === null || value === undefined ? '' : String(value);
    if (field.kind === 'record') values[labelKey(field.name)] = labels[field.name] ?? (values[field.name] ? `#${values[field.name]}` : '');
  }
  return values;
}

/** The names of the records an item points at, by field (a deleted or unreadable one shows as its #id). */
async function labelsOf<T extends ContentItem>(api: ProviderApi, kind: ContentKind<T>, item: T): Promise<Values> {
  const labels: Values = {};
  await Promise.all(
    kind.fields.map(async (field) => {
      const id = (item as unknown as Record<string, unknown>)[field.name];
      if (field.kind !== 'record' || !field.picker || typeof id !== 'number') return;
      const name = await field.picker.nameOf(api, id).catch(() => null);
      if (name) labels[field.name] = name;
    }),
  );
  return labels;
}

/** The inputs' text as the contract's body: numbers as numbers (text that is not one goes as is, so the contract names it), lists split, blanks left out or cleared. */
export function bodyOf(fields: ContentField[], values: Values, editing: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const text = (values[field.name] ?? '').trim();
    if (text === '') {
      if (field.required) body[field.name] = text;
      else if (editing && field.nullable) body[field.name] = field.kind === 'list' ? [] : null;
      continue;
    }
    if (field.kind === 'number' || field.kind === 'record') body[field.name] = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    else if (field.kind === 'list')
      body[field.name] = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    else body[field.name] = text;
  }
  return body;
}

export function ContentList<T extends ContentItem>({ kind }: { kind: ContentKind<T> }) {
  const api = useApi();
  const load = useCallback((query: AdminListQueryInput) => kind.calls.list(api, query), [api, kind]);
  return (
    <RecordTable
      title={kind.title}
      load={load}
      searchPlaceholder={kind.searchPlaceholder}
      publication={(item) => item}
      rowLink={(item) => String(item.id)}
      columns={kind.columns}
      actions={
        <Link to="new" className="pc-btn-primary">
          New {kind.noun}
        </Link>
      }
    />
  );
}

function ContentForm<T extends ContentItem>({ kind, item, labels, onSaved }: { kind: ContentKind<T>; item: T | null; labels: Values; onSaved: (item: T) => void }) {
  const api = useApi();
  const toaster = useToaster();
  const editing = item !== null;
  const form = useRecordForm({
    schema: editing ? kind.patch : kind.create,
    initial: valuesOf(kind, item, labels),
    draftKey: `${kind.entityKind}:${item?.id ?? 'new'}`,
    toBody: (values: Values) => bodyOf(kind.fields, values, editing),
  });
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const body = form.validate();
    if (!body) return;
    setBusy(true);
    try {
      const answer = item ? await kind.calls.update(api, item.id, body) : await kind.calls.create(api, body);
      // The names picked stay: the answer holds only their ids.
      form.saved(valuesOf(kind, answer.item, Object.fromEntries(kind.fields.filter((field) => field.kind === 'record').map((field) => [field.name, form.values[labelKey(field.name)] ?? '']))));
      toaster.success(answer.message);
      onSaved(answer.item);
    } catch (error) {
      form.showApiError(error);
    } finally {
      setBusy(false);
    }
  };
  const noun = kind.noun.charAt(0).toUpperCase() + kind.noun.slice(1);
  return (
    <RecordFormFrame form={form} onSubmit={() => void save()} submitLabel={editing ? `Save ${kind.noun}` : `Create ${kind.noun}`} busy={busy} label={noun}>
      {kind.fields.map((field) =>
        field.kind === 'record' && field.picker ? (
          <RecordPicker
            key={field.name}
            label={field.label}
            hint={field.hint}
            value={form.values[field.name] ?? ''}
            selectedLabel={form.values[labelKey(field.name)] ?? ''}
            error={form.errors[field.name]}
            search={(q) => field.picker?.search(api, q) ?? Promise.resolve([])}
            onPick={(option) => {
              form.set(field.name, option ? String(option.id) : '');
              form.set(labelKey(field.name), option?.label ?? '');
            }}
          />
        ) : field.kind === 'textarea' ? (
          <TextAreaField key={field.name} form={form} name={field.name} label={field.label} hint={field.hint} required={field.required} className="sm:col-span-2" rows={field.wide ? 10 : 4} />
        ) : (
          <TextField
            key={field.name}
            form={form}
            name={field.name}
            label={field.label}
            hint={field.hint}
            required={field.required}
            inputMode={field.kind === 'number' ? 'decimal' : undefined}
            className={field.wide ? 'sm:col-span-2' : undefined}
          />
        ),
      )}
    </RecordFormFrame>
  );
}

export function ContentEditor<T extends ContentItem>({ kind }: { kind: ContentKind<T> }) {
  const api = useApi();
  const navigate = useNavigate();
  const { id } = useParams();
  const itemId = id === 'new' ? null : Number(id);
  const [loaded, setLoaded] = useState<T | null>(null);
  const empty = useMemo(() => ({ items: [] as { id: number; item: T; labels: Values }[], pagination: { page: 1, limit: 1, total: 0, hasMore: false } }), []);
  const fetchOne = useCallback(async () => {
    if (itemId === null || !Number.isInteger(itemId)) return empty;
    let found: T;
    try {
      found = (await kind.calls.get(api, itemId)).item;
    } catch (error) {
      // An unknown id is said as such below, not as a failed load.
      if (error instanceof ApiError && error.status === 404) return empty;
      throw error;
    }
    // The names of its city and contractor come with it, so the form opens with them shown.
    const items = [{ id: found.id, item: found, labels: await labelsOf(api, kind, found) }];
    return { items, pagination: { page: 1, limit: 1, total: 1, hasMore: false } };
  }, [api, itemId, kind, empty]);
  const { state, reload } = usePage(fetchOne, `${kind.entityKind}:${String(itemId)}`);
  const fetched = state.status === 'ready' ? state.items[0] : undefined;
  const item = loaded?.id === itemId ? loaded : (fetched?.item ?? null);
  const headingId = `${kind.entityKind}-heading`;

  if (itemId !== null && state.status === 'error') return <ErrorState title={`This ${kind.noun} could not be loaded.`} message={state.message} onRetry={reload} />;
  if (itemId !== null && state.status === 'ready' && !item) return <ErrorState title={`There is no ${kind.noun} ${itemId}.`} message="It may have been mistyped." onRetry={reload} />;
  if (itemId !== null && !item) return <p role="status">Loading the {kind.noun}…</p>;
  const photoUrl = item && kind.photo ? kind.photo.urlOf(item) : null;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <p>
        <Link to=".." relative="path" className="text-sm font-semibold text-brand-700 hover:underline">
          ← {kind.title}
        </Link>
      </p>
      <h2 id={headingId} className="break-words text-xl font-bold text-slate-900">
        {item ? kind.nameOf(item) : `New ${kind.noun}`}
      </h2>
      <ContentForm key={item?.id ?? 'new'} kind={kind} item={item} labels={fetched?.labels ?? {}} onSaved={(saved) => (item ? setLoaded(saved) : navigate(`../${saved.id}`, { relative: 'path', replace: true }))} />
      {item ? (
        <>
          {kind.photo ? (
            <PhotoUploader
              single
              label={kind.photo.label}
              photos={photoUrl ? [{ id: 1, url: photoUrl }] : []}
              upload={async (form, onProgress) => {
                const answer = await kind.calls.upload(api, item.id, kind.photo?.segment ?? '', form, onProgress);
                setLoaded(answer.item);
                const url = kind.photo?.urlOf(answer.item);
                return { photos: url ? [{ id: 1, url }] : [], rejected: [] };
              }}
              onChanged={() => undefined}
            />
          ) : null}
          {kind.publicPath ? <PreviewLink href={kind.publicPath(item)} isPublic={item.isPublic} /> : null}
          <PublicationControl status={item.status} approval={item.approval} onSave={(change) => kind.calls.update(api, item.id, change)} onSaved={(answer) => setLoaded(answer.item)} />
          <RecordHistory entityKind={kind.entityKind} entityId={item.id} refreshKey={item.updatedAt} />
        </>
      ) : null}
    </section>
  );
}
