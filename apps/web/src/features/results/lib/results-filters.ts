import { MAX_BHK, MAX_SEARCH_TEXT, POSSESSIONS, PROPERTY_TYPES, TRANSACTION_TAGS } from '@nivaas/contracts/values';
import type { ProjectListQuerySchema, Possession, ProjectSort, PropertyType, TransactionTag } from '@nivaas/contracts/project.schema';
import type { z } from 'zod';
import { CRORE, LAKH } from '../../../lib/format-price';
import { parseRouteId } from '../../../lib/route-id';

/**
 * The results page's state lives in the URL (shareable, reload-safe, the back button undoes a change).
 * Parameter names are the API's own (GET /project), so a shared link reads like the call it makes.
 */
export interface ResultsFilters {
  locationId: number | null;
  search: string;
  minPrice: number | null;
  maxPrice: number | null;
  /** 1-5, where 5 means '5 or more' (spec-less, as 99acres and MagicBricks show it). */
  bhk: number[];
  propertyTypes: PropertyType[];
  transaction: TransactionTag | null;
  possession: Possession | null;
  sort: ProjectSort;
}

export const EMPTY_FILTERS: ResultsFilters = {
  locationId: null,
  search: '',
  minPrice: null,
  maxPrice: null,
  bhk: [],
  propertyTypes: [],
  transaction: null,
  possession: null,
  sort: 'price_asc',
};

/** spec §4 Sort: exactly these two, 'Price L - H' first and default. */
export const SORT_OPTIONS: { value: ProjectSort; label: string }[] = [
  { value: 'price_asc', label: 'Price L - H' },
  { value: 'price_desc', label: 'Price H - L' },
];

/** The BHK chips; the last one stands for five bedrooms and more. */
export const BHK_CHOICES = [1, 2, 3, 4, 5] as const;
const BHK_OR_MORE = 5;

/** Budget steps a buyer thinks in: lakh up to a crore, then crore. */
export const BUDGET_STEPS: number[] = [
  20 * LAKH,
  30 * LAKH,
  40 * LAKH,
  50 * LAKH,
  60 * LAKH,
  75 * LAKH,
  90 * LAKH,
  1 * CRORE,
  1.5 * CRORE,
  2 * CRORE,
  3 * CRORE,
  5 * CRORE,
  10 * CRORE,
];

export const POSSESSION_LABELS: Record<Possession, string> = {
  ready: 'Ready to move',
  'under-construction': 'Under construction',
  upcoming: 'Upcoming launch',
};

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

function rupees(raw: string | null): number | null {
  if (raw === null || !/^\d{1,12}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return value > 0 ? value : null;
}

function list(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

/**
 * Reads filters from the address. A hand-edited or old link never breaks the page: anything not
 * understood is left out rather than sent to the server to be refused.
 */
export function filtersFromParams(params: URLSearchParams): ResultsFilters {
  const bhk = [...new Set(list(params, 'bhk').map(Number))]
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= BHK_OR_MORE)
    .sort((a, b) => a - b);
  const propertyTypes = [...new Set(list(params, 'propertyType'))].filter((type): type is PropertyType =>
    (PROPERTY_TYPES as readonly string[]).includes(type),
  );
  let minPrice = rupees(params.get('minPrice'));
  let maxPrice = rupees(params.get('maxPrice'));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    locationId: parseRouteId(params.get('locationId') ?? undefined),
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_TEXT),
    minPrice,
    maxPrice,
    bhk,
    propertyTypes: PROPERTY_TYPES.filter((type) => propertyTypes.includes(type)),
    transaction: oneOf(TRANSACTION_TAGS, params.get('transaction')),
    possession: oneOf(POSSESSIONS, params.get('possession')),
    sort: params.get('sort') === 'price_desc' ? 'price_desc' : 'price_asc',
  };
}

/** Writes filters back in a fixed order, leaving out defaults, so equal searches have equal links. */
export function filtersToParams(filters: ResultsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.locationId !== null) params.set('locationId', String(filters.locationId));
  if (filters.search) params.set('search', filters.search);
  if (filters.minPrice !== null) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('maxPrice', String(filters.maxPrice));
  if (filters.bhk.length > 0) params.set('bhk', [...filters.bhk].sort((a, b) => a - b).join(','));
  if (filters.propertyTypes.length > 0) params.set('propertyType', filters.propertyTypes.join(','));
  if (filters.transaction) params.set('transaction', filters.transaction);
  if (filters.possession) params.set('possession', filters.possession);
  if (filters.sort !== 'price_asc') params.set('sort', filters.sort);
  return params;
}

/** The refinements a buyer chose, beyond where or what they searched; the mobile button shows it. */
export function countRefinements(filters: ResultsFilters): number {
  return (
    (filters.minPrice !== null || filters.maxPrice !== null ? 1 : 0) +
    filters.bhk.length +
    filters.propertyTypes.length +
    (filters.transaction ? 1 : 0) +
    (filters.possession ? 1 : 0)
  );
}

/** Keeps the place and the words searched, and the sort; drops every refinement. */
export function clearRefinements(filters: ResultsFilters): ResultsFilters {
  return { ...EMPTY_FILTERS, locationId: filters.locationId, search: filters.search, sort: filters.sort };
}

/** GET /project's query, typed by the schema the server parses it with. */
export type ResultsQuery = z.input<typeof ProjectListQuerySchema>;

/** GET /project's query for these filters (spec §7: status=active, approval=approved always). */
export function toApiQuery(filters: ResultsFilters): ResultsQuery {
  const query: ResultsQuery = { status: 'active', approval: 'approved', sort: filters.sort };
  if (filters.locationId !== null) query.locationId = filters.locationId;
  if (filters.search) query.search = filters.search;
  if (filters.minPrice !== null) query.minPrice = filters.minPrice;
  if (filters.maxPrice !== null) query.maxPrice = filters.maxPrice;
  if (filters.bhk.length > 0) {
    // '5+' asks for every count from five up to the most the API knows.
    const counts = filters.bhk.flatMap((n) =>
      n === BHK_OR_MORE ? Array.from({ length: MAX_BHK - BHK_OR_MORE + 1 }, (_, i) => BHK_OR_MORE + i) : [n],
    );
    query.bhk = [...new Set(counts)].join(',');
  }
  if (filters.propertyTypes.length > 0) query.propertyType = filters.propertyTypes.join(',');
  if (filters.transaction) query.transaction = filters.transaction;
  if (filters.possession) query.possession = filters.possession;
  return query;
}
