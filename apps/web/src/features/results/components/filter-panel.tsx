import { POSSESSIONS, PROPERTY_TYPES, TRANSACTION_TAGS } from '@nivaas/contracts/values';
import { useId, type ReactNode } from 'react';
import { formatPrice } from '../../../lib/format-price';
import { propertyTypeLabel } from '../../../lib/unit-labels';
import {
  BHK_CHOICES,
  BUDGET_STEPS,
  POSSESSION_LABELS,
  type ResultsFilters,
} from '../lib/results-filters';

interface FilterPanelProps {
  filters: ResultsFilters;
  onChange: (next: ResultsFilters) => void;
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <legend className="mb-2.5 text-sm font-bold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 transition-colors ${pressed ? 'bg-brand-700 text-white ring-brand-700 hover:bg-brand-800' : 'bg-white text-slate-700 ring-slate-300 hover:bg-brand-50 hover:ring-brand-400'}`}
    >
      {children}
    </button>
  );
}

const selectClasses =
  'h-10 w-full cursor-pointer rounded-xl border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:border-brand-400';

/** Budget, BHK, property type, transaction and possession: what a buyer narrows a search by. */
export function FilterPanel({ filters, onChange }: FilterPanelProps) {
  const id = useId();
  const set = (patch: Partial<ResultsFilters>) => onChange({ ...filters, ...patch });

  return (
    <div className="space-y-5">
      <Group legend="Budget">
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor={`${id}-min`} className="mb-1 block text-xs font-medium text-slate-600">
              Min
            </label>
            <select
              id={`${id}-min`}
              value={filters.minPrice ?? ''}
              onChange={(event) => {
                const minPrice = event.target.value ? Number(event.target.value) : null;
                // A minimum above the maximum would find nothing: the maximum gives way.
                const maxPrice = minPrice !== null && filters.maxPrice !== null && filters.maxPrice < minPrice ? null : filters.maxPrice;
                set({ minPrice, maxPrice });
              }}
              className={selectClasses}
            >
              <option value="">No min</option>
              {BUDGET_STEPS.slice(0, -1).map((step) => (
                <option key={step} value={step}>
                  {formatPrice(step)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-max`} className="mb-1 block text-xs font-medium text-slate-600">
              Max
            </label>
            <select
              id={`${id}-max`}
              value={filters.maxPrice ?? ''}
              onChange={(event) => set({ maxPrice: event.target.value ? Number(event.target.value) : null })}
              className={selectClasses}
            >
              <option value="">No max</option>
              {BUDGET_STEPS.filter((step) => filters.minPrice === null || step >= filters.minPrice).map((step) => (
                <option key={step} value={step}>
                  {formatPrice(step)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </Group>

      <Group legend="Bedrooms">
        <div className="flex flex-wrap gap-2">
          {BHK_CHOICES.map((count) => (
            <Chip key={count} pressed={filters.bhk.includes(count)} onClick={() => set({ bhk: toggle(filters.bhk, count) })}>
              {count === 5 ? '5+ BHK' : `${count} BHK`}
            </Chip>
          ))}
        </div>
      </Group>

      <Group legend="Property type">
        <div className="flex flex-wrap gap-2">
          {PROPERTY_TYPES.map((type) => (
            <Chip
              key={type}
              pressed={filters.propertyTypes.includes(type)}
              onClick={() => set({ propertyTypes: PROPERTY_TYPES.filter((t) => toggle(filters.propertyTypes, type).includes(t)) })}
            >
              {propertyTypeLabel(type)}
            </Chip>
          ))}
        </div>
      </Group>

      <Group legend="Transaction">
        <div className="flex flex-wrap gap-2">
          {TRANSACTION_TAGS.map((tag) => (
            <Chip
              key={tag}
              pressed={filters.transaction === tag}
              onClick={() => set({ transaction: filters.transaction === tag ? null : tag })}
            >
              {tag}
            </Chip>
          ))}
        </div>
      </Group>

      <Group legend="Possession">
        <div className="flex flex-wrap gap-2">
          {POSSESSIONS.map((possession) => (
            <Chip
              key={possession}
              pressed={filters.possession === possession}
              onClick={() => set({ possession: filters.possession === possession ? null : possession })}
            >
              {POSSESSION_LABELS[possession]}
            </Chip>
          ))}
        </div>
      </Group>
    </div>
  );
}
