import { propertyTypeLabel } from '../../../lib/unit-labels';
import { pricePreview, UNIT_TYPES } from '../lib/form-values';
import type { UploadWizard } from '../lib/use-upload-wizard';

/** Step 5: everything entered, read back before submitting. */
export function ReviewStep({ wizard }: { wizard: UploadWizard }) {
  const { values, localities, zones, cities, cityId, zoneId, photos, existing, editing } = wizard;
  return (
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
  );
}
