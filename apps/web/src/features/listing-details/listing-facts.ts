import type { Project } from '@nivaas/contracts/project.schema';

/** A listing's unit-level facts; the first unit describes a single home (a listing is usually one). */
export interface ListingFact {
  label: string;
  value: string;
}

const area = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

function distinct(values: readonly (string | number | null)[]): string[] {
  return [...new Set(values.filter((value): value is string | number => value !== null && String(value).trim() !== '').map(String))];
}

/**
 * Area, facing, floor, furnishing and transaction, across the listing's units. A missing floor shows
 * 'N/A' and other missing facts '-', as the spec's uploads dashboard words them (spec §5).
 */
export function listingFacts(project: Pick<Project, 'units' | 'transactionTag'>): ListingFact[] {
  const areas = project.units.map((unit) => unit.exteriorArea).filter((value): value is number => value !== null && value > 0);
  const areaText =
    areas.length === 0
      ? '-'
      : Math.min(...areas) === Math.max(...areas)
        ? `${area.format(areas[0] ?? 0)} sq ft`
        : `${area.format(Math.min(...areas))} – ${area.format(Math.max(...areas))} sq ft`;
  return [
    { label: 'Area', value: areaText },
    { label: 'Facing', value: distinct(project.units.map((unit) => unit.facing)).join(', ') || '-' },
    { label: 'Floor', value: distinct(project.units.map((unit) => unit.floors)).join(', ') || 'N/A' },
    { label: 'Furnishing', value: distinct(project.units.map((unit) => unit.furnishing)).join(', ') || '-' },
    { label: 'Transaction', value: project.transactionTag ?? '-' },
  ];
}
