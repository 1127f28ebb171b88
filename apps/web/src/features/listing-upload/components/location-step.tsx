import type { UploadWizard } from '../lib/use-upload-wizard';
import { emptyToNull, Field, input } from './upload-field';

/** Step 2: city, then zone (optional), then locality, from the catalogue. */
export function LocationStep({ wizard }: { wizard: UploadWizard }) {
  const { register, setValue, errors, cities, locations, zones, localities, cityId } = wizard;
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-3">
      <Field label="City" error={errors.cityId?.message}>
        <select
          {...register('cityId', {
            onChange: () => {
              setValue('zoneId', null);
              setValue('locationId', '');
            },
          })}
          className={input}
        >
          <option value="">Select a city</option>
          {(cities.data ?? []).map((city) => (
            <option key={city.id} value={city.id}>
              {city.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Zone (optional)" error={errors.zoneId?.message}>
        <select {...register('zoneId', { setValueAs: emptyToNull, onChange: () => setValue('locationId', '') })} className={input} disabled={cityId === 0}>
          <option value="">Any zone</option>
          {zones.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Locality" error={errors.locationId?.message}>
        <select {...register('locationId')} className={input} disabled={cityId === 0 || locations.isFetching}>
          <option value="">{locations.isFetching ? 'Loading…' : 'Select a locality'}</option>
          {localities.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
