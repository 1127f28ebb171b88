import { FACINGS, FURNISHINGS } from '@nivaas/contracts/upload.schema';
import { EMPTY_UNIT, pricePreview, UNIT_TYPES } from '../lib/form-values';
import type { UploadWizard } from '../lib/use-upload-wizard';
import { emptyToNull, Field, input } from './upload-field';

/** Step 3: one or more units, each with its type, price range and details. */
export function UnitsStep({ wizard }: { wizard: UploadWizard }) {
  const { register, errors, units, values } = wizard;
  return (
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
  );
}
