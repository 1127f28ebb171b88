import type { Project } from '@nivaas/contracts/project.schema';
import { formatPriceRange, formatRupees } from '../../../lib/format-price';
import { formatArea } from '../../../lib/project-facts';
import { unitLabel } from '../../../lib/unit-labels';

/** spec §5: a missing floor reads 'N/A', any other missing field '-'. */
const orDash = (value: string | null | undefined) => (value && value.trim() ? value : '-');
const floorText = (value: string | null) => (value && value.trim() ? value : 'N/A');

function fullPrice(min: number, max: number): string {
  if (min <= 0 && max <= 0) return '';
  if (min === max || max <= 0) return formatRupees(min);
  return `${formatRupees(min)} – ${formatRupees(max)}`;
}

/** Every unit with its price: a table on a wide screen, one card per unit on a phone. */
export function UnitsTable({ project }: { project: Pick<Project, 'units' | 'type' | 'name'> }) {
  const units = [...project.units].sort((a, b) => a.minPrice - b.minPrice);
  if (units.length === 0) {
    return <p className="text-slate-600">The builder has not published unit prices yet. Send an enquiry for the price list.</p>;
  }

  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl ring-1 ring-slate-200 md:block">
        <table className="w-full min-w-[40rem] bg-white text-left text-sm">
          <caption className="sr-only">Units and prices of {project.name}</caption>
          <thead className="bg-slate-50 text-xs font-bold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">Configuration</th>
              <th scope="col" className="px-4 py-3">Area</th>
              <th scope="col" className="px-4 py-3">Price</th>
              <th scope="col" className="px-4 py-3">Facing</th>
              <th scope="col" className="px-4 py-3">Floor</th>
              <th scope="col" className="px-4 py-3">Furnishing</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {units.map((unit) => (
              <tr key={unit.id} className="align-top">
                <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                  {unitLabel(unit.type, project.type)}
                </th>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  {unit.exteriorArea ? formatArea(unit.exteriorArea) : '-'}
                </td>
                <td className="px-4 py-3">
                  <span className="font-bold whitespace-nowrap text-brand-800">{formatPriceRange(unit.minPrice, unit.maxPrice)}</span>
                  <span className="block text-xs whitespace-nowrap text-slate-500">{fullPrice(unit.minPrice, unit.maxPrice)}</span>
                </td>
                <td className="px-4 py-3 text-slate-700">{orDash(unit.facing)}</td>
                <td className="px-4 py-3 text-slate-700">{floorText(unit.floors)}</td>
                <td className="px-4 py-3 text-slate-700">{orDash(unit.furnishing)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label={`Units and prices of ${project.name}`}>
        {units.map((unit) => (
          <li key={unit.id} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <div className="flex items-baseline justify-between gap-3">
              <p className="font-bold text-slate-900">{unitLabel(unit.type, project.type)}</p>
              <p className="font-extrabold whitespace-nowrap text-brand-800">{formatPriceRange(unit.minPrice, unit.maxPrice)}</p>
            </div>
            <p className="mt-0.5 text-right text-xs text-slate-500">{fullPrice(unit.minPrice, unit.maxPrice)}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
              {(
                [
                  ['Area', unit.exteriorArea ? formatArea(unit.exteriorArea) : '-'],
                  ['Facing', orDash(unit.facing)],
                  ['Floor', floorText(unit.floors)],
                  ['Furnishing', orDash(unit.furnishing)],
                ] as const
              ).map(([term, value]) => (
                <div key={term} className="min-w-0">
                  <dt className="text-xs text-slate-500">{term}</dt>
                  <dd className="truncate font-medium text-slate-800">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
