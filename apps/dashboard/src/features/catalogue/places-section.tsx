import type { AdminListQueryInput } from '@nivaas/contracts/admin.schema';
import { CityCreateSchema, LocationCreateSchema, ZoneCreateSchema, type AdminCity, type AdminLocation, type AdminZone } from '@nivaas/contracts/catalogue-admin.schema';
import { pathSegment } from '@nivaas/contracts/project-path';
import type { Status } from '@nivaas/contracts/common.schema';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { RecordFormFrame, TextField } from '../../components/records/record-fields';
import { RecordPicker, type PickerOption } from '../../components/records/record-picker';
import { RecordTable } from '../../components/records/record-table';
import { useRecordForm } from '../../components/records/use-record-form';
import { useToaster } from '../../components/toaster';
import { createCity, createLocation, createZone, listCities, listLocations, listZones, pickCities, pickZones, updateCity, updateLocation, updateZone, uploadPlaceBanner } from '../../lib/catalogue-admin-api';
import { messageOf } from '../../lib/use-paged';
import { useApi } from '../../lib/console-context';

/**
 * Issue 14: cities, zones and localities. Each has a table (search, pages) and a form to add one; the tables show
 * each record's id. A zone's city and a locality's city and zone are picked by name (server-side search). A new record appears in its table after a save (the table reloads).
 */

type PlaceValues = Record<string, string>;

/** A picked record's name is kept beside its id under `<field>:name`: shown in the picker, never sent. */
const NAME_SUFFIX = ':name';

interface PlaceFieldSpec {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  /** A record picked by name (its id is the value): what the server finds for the typed text, given the form. */
  pick?: (q: string, values: PlaceValues) => Promise<(PickerOption & { also?: PlaceValues })[]>;
}

function PlaceForm<S extends z.ZodType>({ label, schema, fields, initial, save, onSaved }: { label: string; schema: S; fields: PlaceFieldSpec[]; initial: PlaceValues; save: (body: z.output<S>) => Promise<{ message: string }>; onSaved: () => void }) {
  const toaster = useToaster();
  const form = useRecordForm({ schema, initial, draftKey: `place:${label}`, toBody: (values: PlaceValues) => Object.fromEntries(Object.entries(values).filter(([key, value]) => !key.endsWith(NAME_SUFFIX) && value.trim() !== '')) });
  const [busy, setBusy] = useState(false);
  return (
    <RecordFormFrame
      form={form}
      label={label}
      submitLabel={label}
      busy={busy}
      onSubmit={async () => {
        const body = form.validate();
        if (!body) return;
        setBusy(true);
        try {
          const answer = await save(body);
          form.saved(initial);
          toaster.success(answer.message);
          onSaved();
        } catch (error) {
          form.showApiError(error);
        } finally {
          setBusy(false);
        }
      }}
    >
      {fields.map((field) => {
        const pick = field.pick;
        if (!pick) return <TextField key={field.name} form={form} name={field.name} label={field.label} required={field.required} {...(field.hint ? { hint: field.hint } : {})} />;
        return (
          <RecordPicker
            key={field.name}
            label={field.label}
            required={field.required}
            {...(field.hint ? { hint: field.hint } : {})}
            value={form.values[field.name] ?? ''}
            selectedLabel={form.values[field.name + NAME_SUFFIX] ?? ''}
            error={form.errors[field.name]}
            search={(q) => pick(q, form.values)}
            onPick={(option) => {
              form.set(field.name, option ? String(option.id) : '');
              form.set(field.name + NAME_SUFFIX, option?.label ?? '');
              // What the pick implies for the other fields (a zone's city).
              for (const [name, value] of Object.entries(option?.also ?? {})) form.set(name, value);
            }}
          />
        );
      })}
    </RecordFormFrame>
  );
}

type PlaceTable = 'cities' | 'zones' | 'locations';

/**
 * A place's row actions: switch it off (hidden from the site: page, lists, search) or on, and upload its banner
 * through the listings' photo pipeline. Each answers with a notice; the tables reload.
 */
function PlaceActions({ places, place, name, onChanged }: { places: PlaceTable; place: { id: number; status: Status }; name: string; onChanged: () => void }) {
  const api = useApi();
  const toaster = useToaster();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (label: string, work: () => Promise<{ message: string }>) => {
    setBusy(label);
    try {
      toaster.success((await work()).message);
      onChanged();
    } catch (error) {
      toaster.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };
  const next: Status = place.status === 'active' ? 'inactive' : 'active';
  const update = { cities: updateCity, zones: updateZone, locations: updateLocation }[places];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className="pc-btn-secondary" disabled={busy !== null} aria-label={`${next === 'inactive' ? 'Switch off' : 'Switch on'} ${name}`} onClick={() => void run('status', () => update(api, place.id, { status: next }))}>
        {busy === 'status' ? 'Saving…' : next === 'inactive' ? 'Switch off' : 'Switch on'}
      </button>
      <label className={`pc-btn-secondary cursor-pointer ${busy ? 'opacity-60' : ''}`}>
        {busy === 'banner' ? 'Uploading…' : 'Banner'}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/avif"
          aria-label={`Banner of ${name}`}
          disabled={busy !== null}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            const form = new FormData();
            form.append('image', file, file.name);
            void run('banner', () => uploadPlaceBanner(api, places, place.id, form, () => undefined));
          }}
        />
      </label>
    </div>
  );
}

const stateOf = (place: { status: Status }) => (place.status === 'active' ? 'On the site' : 'Switched off');

export function PlacesSection() {
  const api = useApi();
  const [generation, setGeneration] = useState(0);
  const bump = () => setGeneration((value) => value + 1);
  // The generation is part of each loader, so a table reloads after a place is added.
  const loadCities = useCallback((query: AdminListQueryInput) => (void generation, listCities(api, query)), [api, generation]);
  const loadZones = useCallback((query: AdminListQueryInput) => (void generation, listZones(api, query)), [api, generation]);
  const loadLocations = useCallback((query: AdminListQueryInput) => (void generation, listLocations(api, query)), [api, generation]);
  const pickCity = (q: string) => pickCities(api, q);
  const pickZone = async (q: string, values: PlaceValues) =>
    (await pickZones(api, q, { cityId: values.cityId })).map((zone) => ({ ...zone, also: { cityId: String(zone.city.id), [`cityId${NAME_SUFFIX}`]: zone.city.name } }));
  return (
    <div className="space-y-8">
      <h2 className="text-xl font-bold text-slate-900">Places</h2>
      <section aria-label="Add a place" className="grid gap-4 2xl:grid-cols-3">
        <PlaceForm label="Add city" schema={CityCreateSchema} initial={{ name: '', state: '' }} fields={[{ name: 'name', label: 'City name', required: true }, { name: 'state', label: 'State', required: true }]} save={(body) => createCity(api, body)} onSaved={bump} />
        <PlaceForm label="Add zone" schema={ZoneCreateSchema} initial={{ cityId: '', name: '' }} fields={[{ name: 'cityId', label: 'City', required: true, pick: pickCity }, { name: 'name', label: 'Zone name', required: true }]} save={(body) => createZone(api, body)} onSaved={bump} />
        <PlaceForm
          label="Add locality"
          schema={LocationCreateSchema}
          initial={{ cityId: '', zoneId: '', name: '' }}
          fields={[
            { name: 'cityId', label: 'Locality city', required: true, pick: pickCity },
            { name: 'zoneId', label: 'Locality zone', hint: 'Blank: outside every zone', pick: pickZone },
            { name: 'name', label: 'Locality name', required: true },
          ]}
          save={(body) => createLocation(api, body)}
          onSaved={bump}
        />
      </section>
      <RecordTable title="Cities" paramPrefix="cities." load={loadCities} searchPlaceholder="City name or id" rowLink={(city) => `/city/${pathSegment(city.name)}`} columns={[{ header: 'Id', cell: (city: AdminCity) => city.id, wide: true }, { header: 'City', cell: (city) => `${city.name}, ${city.state}` }, { header: 'Zones', cell: (city) => city.zoneCount, wide: true }, { header: 'Localities', cell: (city) => city.locationCount, wide: true }, { header: 'State', cell: stateOf, wide: true }, { header: 'Actions', cell: (city) => <PlaceActions places="cities" place={city} name={city.name} onChanged={bump} /> }]} />
      <RecordTable title="Zones" paramPrefix="zones." load={loadZones} searchPlaceholder="Zone name or id" rowLink={(zone) => String(zone.id)} columns={[{ header: 'Id', cell: (zone: AdminZone) => zone.id, wide: true }, { header: 'Zone', cell: (zone) => zone.name }, { header: 'City', cell: (zone) => zone.city.name, wide: true }, { header: 'Localities', cell: (zone) => zone.locationCount, wide: true }, { header: 'State', cell: stateOf, wide: true }, { header: 'Actions', cell: (zone) => <PlaceActions places="zones" place={zone} name={zone.name} onChanged={bump} /> }]} />
      <RecordTable
        title="Localities"
        paramPrefix="localities."
        load={loadLocations}
        searchPlaceholder="Locality name or id"
        rowLink={(location) => String(location.id)}
        columns={[
          { header: 'Id', cell: (location: AdminLocation) => location.id, wide: true },
          { header: 'Locality', cell: (location) => location.name },
          { header: 'Zone, city', cell: (location) => `${location.zone?.name ?? 'No zone'}, ${location.city.name}`, wide: true },
          {
            header: 'State',
            cell: stateOf,
            wide: true,
          },
          { header: 'Actions', cell: (location) => <PlaceActions places="locations" place={location} name={location.name} onChanged={bump} /> },
          {
            header: 'Public page',
            wide: true,
            cell: (location) => (
              <a className="text-brand-700 hover:underline" target="_blank" rel="noopener" href={`/actual-location/${pathSegment(location.city.name)}/${pathSegment(location.zone?.name)}/${pathSegment(location.name)}/${location.id}`}>
                View
              </a>
            ),
          },
        ]}
      />
    </div>
  );
}
