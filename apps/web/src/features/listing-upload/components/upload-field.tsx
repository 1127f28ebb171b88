import type { ReactNode } from 'react';

/** The upload form's input look. */
export const input = 'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none';

/** An optional select or input left empty means null to the schema. */
export const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

export function Field({ label, error, children, hint }: { label: string; error?: string; children: ReactNode; hint?: ReactNode }) {
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
