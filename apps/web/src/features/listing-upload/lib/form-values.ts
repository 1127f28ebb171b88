import type { Project } from '@nivaas/contracts/project.schema';
import { parseRupees } from '@nivaas/contracts/rupees.schema';
import type { ListingUploadInput } from '@nivaas/contracts/upload.schema';
import { formatPrice } from '../../../lib/format-price';

/** spec §3 Unit.type: a bedroom count or a word, as the catalogue stores it. */
export const UNIT_TYPES: { value: string; label: string }[] = [
  ...['1', '2', '3', '4', '5', '6'].map((count) => ({ value: count, label: `${count} BHK` })),
  { value: 'studio', label: 'Studio' },
  { value: 'pent house', label: 'Pent house' },
  { value: 'plot', label: 'Plot' },
];

export const EMPTY_UNIT: ListingUploadInput['units'][number] = {
  type: '2',
  minPrice: '',
  maxPrice: '',
  facing: null,
  exteriorArea: null,
  floors: null,
  furnishing: null,
};

export function emptyListing(): ListingUploadInput {
  return {
    name: '',
    type: 'apartment',
    transactionTag: 'Resale',
    description: '',
    cityId: '',
    zoneId: null,
    locationId: '',
    units: [{ ...EMPTY_UNIT }],
  };
}

/** The form's values for a listing being edited (the Remarks modal's Edit carries the property). */
export function listingFromProject(project: Project): ListingUploadInput {
  return {
    name: project.name,
    type: project.type,
    transactionTag: project.transactionTag === 'New Booking' ? 'New Booking' : 'Resale',
    description: project.description ?? '',
    cityId: project.city.id,
    zoneId: project.zone?.id ?? null,
    locationId: project.location.id,
    units:
      project.units.length > 0
        ? project.units.map((unit) => ({
            type: unit.type,
            minPrice: String(unit.minPrice),
            maxPrice: String(unit.maxPrice),
            facing: (unit.facing as ListingUploadInput['units'][number]['facing']) ?? null,
            exteriorArea: unit.exteriorArea === null ? null : String(unit.exteriorArea),
            floors: unit.floors,
            furnishing: (unit.furnishing as ListingUploadInput['units'][number]['furnishing']) ?? null,
          }))
        : [{ ...EMPTY_UNIT }],
  };
}

/** The live preview under a price box: '₹ 85 L', '₹ 1.25 Cr'; null while it is empty or unreadable. */
export function pricePreview(value: unknown): string | null {
  if (typeof value === 'number') return formatPrice(value);
  if (typeof value !== 'string' || value.trim() === '') return null;
  const rupees = parseRupees(value);
  return rupees === undefined ? null : formatPrice(rupees);
}
