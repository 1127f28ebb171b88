import { PROPERTY_TYPES, TRANSACTION_TAGS } from '@nivaas/contracts/values';
import { propertyTypeLabel } from '../../../lib/unit-labels';
import type { UploadWizard } from '../lib/use-upload-wizard';
import { Field, input } from './upload-field';

/** Step 1: name, property type, transaction and description. */
export function BasicsStep({ wizard }: { wizard: UploadWizard }) {
  const { register, errors } = wizard;
  return (
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
  );
}
