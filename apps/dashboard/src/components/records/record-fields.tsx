/**
 * The inputs of a back-office form (issue 14), wired to useRecordForm: each shows its label, an optional hint and
 * the field's error (the contract's message, or the API's when it refused the save), announced and linked to the
 * input with aria-describedby.
 *
 *   <RecordFormFrame form={form} onSubmit={save} submitLabel="Save builder" busy={saving}>
 *     <TextField form={form} name="name" label="Name" required />
 *     <SelectField form={form} name="type" label="Type" options={[{ value: 'villa', label: 'Villa' }]} />
 *     <TextAreaField form={form} name="description" label="Description" />
 *   </RecordFormFrame>
 *
 * Any other input: wrap it in <Field label error={form.errors['units.0.type']}> with the id it gives.
 */
import { useId, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors } from './use-record-form';

export interface FormBinding<V> {
  values: V;
  set: <K extends keyof V & string>(name: K, value: V[K]) => void;
  errors: FieldErrors;
}

export function Field({ label, error, hint, children, className = '' }: { label: string; error?: string | undefined; hint?: string; className?: string; children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface BoundProps<V> {
  form: FormBinding<V>;
  /** A text-valued field of the form's values. */
  name: keyof V & string;
  label: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

const invalidClass = (invalid: boolean) => (invalid ? 'border-red-600 ring-1 ring-red-600' : '');

export function TextField<V>({ form, name, label, hint, required, className, type = 'text', inputMode, placeholder }: BoundProps<V> & { type?: 'text' | 'date' | 'url' | 'number'; inputMode?: 'numeric' | 'decimal' | 'text'; placeholder?: string }) {
  return (
    <Field label={required ? `${label} *` : label} error={form.errors[name]} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type={type}
          inputMode={inputMode}
          placeholder={placeholder}
          value={String(form.values[name] ?? '')}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          onChange={(event) => form.set(name, event.target.value as V[typeof name])}
          className={`pc-input ${invalidClass(invalid)}`}
        />
      )}
    </Field>
  );
}

export function TextAreaField<V>({ form, name, label, hint, required, className, rows = 4 }: BoundProps<V> & { rows?: number }) {
  return (
    <Field label={required ? `${label} *` : label} error={form.errors[name]} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={rows}
          value={String(form.values[name] ?? '')}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => form.set(name, event.target.value as V[typeof name])}
          className={`pc-input ${invalidClass(invalid)}`}
        />
      )}
    </Field>
  );
}

export function SelectField<V>({ form, name, label, hint, required, className, options, blank }: BoundProps<V> & { options: readonly { value: string; label: string }[]; blank?: string }) {
  return (
    <Field label={required ? `${label} *` : label} error={form.errors[name]} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={String(form.values[name] ?? '')}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => form.set(name, event.target.value as V[typeof name])}
          className={`pc-input ${invalidClass(invalid)}`}
        >
          {blank !== undefined ? <option value="">{blank}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The restored-draft notice: says the form holds what was typed before, with a way back to the saved record. */
export function DraftNotice({ form }: { form: { draftRestored: boolean; reset: () => void } }) {
  if (!form.draftRestored) return null;
  return (
    <div role="status" className="mb-4 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
      <p>Your unsaved draft was restored. Save to keep it, or discard it.</p>
      <button type="button" className="pc-btn-secondary" onClick={() => form.reset()}>
        Discard draft
      </button>
    </div>
  );
}

/** The form element: the summary of what was refused on top, the fields, and the submit button. */
export function RecordFormFrame({ form, onSubmit, submitLabel, busy, children, label }: { form: { formError: string | null; draftRestored: boolean; reset: () => void }; onSubmit: () => void; submitLabel: string; busy: boolean; label: string; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <form aria-label={label} noValidate onSubmit={submit} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <DraftNotice form={form} />
      {form.formError ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {form.formError}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      <div className="mt-6 flex justify-end">
        <button type="submit" className="pc-btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
