/**
 * A back-office form's state (issue 14), built on the SAME zod contract the API validates with:
 *
 *   const form = useRecordForm({ schema: BuilderCreateSchema, initial, draftKey: 'builder:new', toBody });
 *   <TextField form={form} name="name" label="Name" />            // record-fields.tsx
 *   const body = form.validate(); if (!body) return;                // client-side: the contract's own messages
 *   try { await save(body); form.saved(); } catch (e) { form.showApiError(e); }   // server-side: by field
 *
 * - `values` are what the inputs hold (text, mostly); `toBody(values)` turns them into the request body the
 *   contract parses (blank text -> null, lists split...). Without it the values are the body.
 * - Errors are keyed by the field's dotted path ('units.0.minPrice'), as the API names them in its 400 `issues`.
 * - `draftKey`: the values are kept in localStorage while being typed, so a closed tab loses nothing; on the next
 *   open they are restored and `draftRestored` is true (show a notice: <DraftNotice form={form} />); `saved()` and
 *   `discardDraft()` remove the draft. Without a key nothing is stored.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

export type FieldErrors = Record<string, string>;

export interface RecordFormOptions<S extends z.ZodType, V extends Record<string, unknown>> {
  schema: S;
  initial: V;
  draftKey?: string | undefined;
  toBody?: (values: V) => unknown;
}

const DRAFT_PREFIX = 'nivaas_console_draft:';

function readDraft<V>(key: string | undefined): V | null {
  if (!key) return null;
  try {
    const text = localStorage.getItem(DRAFT_PREFIX + key);
    if (!text) return null;
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as V) : null;
  } catch {
    return null;
  }
}

function writeDraft(key: string, values: unknown): void {
  try {
    localStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(values));
  } catch {
    // Storage full or private mode: the form still works, only the draft is not kept.
  }
}

function removeDraft(key: string | undefined): void {
  if (!key) return;
  try {
    localStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // As above.
  }
}

/** zod issues as field -> first message, keyed by dotted path. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

export function useRecordForm<S extends z.ZodType, V extends Record<string, unknown>>({ schema, initial, draftKey, toBody }: RecordFormOptions<S, V>) {
  // The draft is read once, when the form opens: it wins over `initial` (it is newer than what was loaded).
  const [restored] = useState(() => readDraft<V>(draftKey));
  const [values, setValues] = useState<V>(() => (restored ? { ...initial, ...restored } : initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [draftRestored, setDraftRestored] = useState(restored !== null);
  const dirty = useRef(false);

  useEffect(() => {
    if (!draftKey || !dirty.current) return;
    // A short pause so typing does not write storage on every key.
    const timer = setTimeout(() => writeDraft(draftKey, values), 300);
    return () => clearTimeout(timer);
  }, [draftKey, values]);

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    dirty.current = true;
    setValues((current) => ({ ...current, [name]: value }));
    // The field's old error no longer describes what it holds.
    setErrors((current) => {
      if (!Object.keys(current).some((key) => key === name || key.startsWith(`${name}.`))) return current;
      return Object.fromEntries(Object.entries(current).filter(([key]) => key !== name && !key.startsWith(`${name}.`)));
    });
  }, []);

  /** The body for the request, or null with every field's message shown. */
  const validate = useCallback((): z.output<S> | null => {
    const result = schema.safeParse(toBody ? toBody(values) : values);
    if (result.success) {
      setErrors({});
      setFormError(null);
      return result.data;
    }
    const byField = issuesByField(result.error.issues);
    setErrors(byField);
    setFormError('Some fields need attention: see the messages beside them.');
    return null;
  }, [schema, toBody, values]);

  /** A refused save: the API's messages beside their fields, and its summary above the form. */
  const showApiError = useCallback((error: unknown) => {
    if (error instanceof ApiError) {
      const byField: FieldErrors = {};
      for (const issue of error.issues) byField[issue.field] ??= issue.message;
      if (error.field && !(error.field in byField)) byField[error.field] = error.message;
      setErrors(byField);
      setFormError(error.message);
      return;
    }
    setFormError(error instanceof Error && error.message ? error.message : 'Something went wrong!');
  }, []);

  const discardDraft = useCallback(() => {
    removeDraft(draftKey);
    dirty.current = false;
    setDraftRestored(false);
  }, [draftKey]);

  /** After a successful save: the draft goes, and the form holds `next` (what the server answered) when given. */
  const saved = useCallback(
    (next?: V) => {
      removeDraft(draftKey);
      dirty.current = false;
      setDraftRestored(false);
      setErrors({});
      setFormError(null);
      if (next) setValues(next);
    },
    [draftKey],
  );

  /** Back to `next` (or the initial values), dropping the draft: 'Discard draft'. */
  const reset = useCallback(
    (next: V = initial) => {
      removeDraft(draftKey);
      dirty.current = false;
      setDraftRestored(false);
      setErrors({});
      setFormError(null);
      setValues(next);
    },
    [draftKey, initial],
  );

  return useMemo(
    () => ({ values, set, setValues, errors, formError, validate, showApiError, draftRestored, discardDraft, saved, reset }),
    [values, set, errors, formError, validate, showApiError, draftRestored, discardDraft, saved, reset],
  );
}

export type RecordForm<V extends Record<string, unknown>> = ReturnType<typeof useRecordForm<z.ZodType, V>>;
