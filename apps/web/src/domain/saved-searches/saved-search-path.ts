import type { SavedSearchFilters } from '@nivaas/contracts/saved-search.schema';
import { formatPrice } from '../../lib/format-price';
import { propertyTypeLabel } from '../../lib/unit-labels';

/** The results page's own 'five or more' chip: a saved search holding 5 and up shows it as '5+'. */
const BHK_OR_MORE = 5;

/**
 * /property-detail-page with a saved search's filters. The filters carry the results page's parameter names, so
 * the address is the one the page itself writes (same order), and opening it shows the same results.
 */
export function savedSearchPath(filters: SavedSearchFilters): string {
  const params = new URLSearchParams();
  if (filters.locationId !== undefined) params.set('locationId', String(filters.locationId));
  if (filters.search) params.set('search', filters.search);
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.bhk?.length) {
    const chips = [...new Set(filters.bhk.map((n) => Math.min(n, BHK_OR_MORE)))].sort((a, b) => a - b);
    params.set('bhk', chips.join(','));
  }
  if (filters.propertyType?.length) params.set('propertyType', filters.propertyType.join(','));
  if (filters.transaction) params.set('transaction', filters.transaction);
  if (filters.possession) params.set('possession', filters.possession);
  const query = params.toString();
  return query ? `/property-detail-page?${query}` : '/property-detail-page';
}

const POSSESSION_WORDS: Record<NonNullable<SavedSearchFilters['possession']>, string> = {
  ready: 'Ready to move',
  'under-construction': 'Under construction',
  upcoming: 'Upcoming launch',
};

/** Short words for each filter of a saved search ('“lake view”', '₹ 50 L – ₹ 1 Cr', '2, 3 BHK', 'Villa'). */
export function describeSavedFilters(filters: SavedSearchFilters): string[] {
  const parts: string[] = [];
  if (filters.search) parts.push(`“${filters.search}”`);
  const { minPrice, maxPrice } = filters;
  if (minPrice !== undefined && maxPrice !== undefined) parts.push(`${formatPrice(minPrice)} – ${formatPrice(maxPrice)}`);
  else if (minPrice !== undefined) parts.push(`From ${formatPrice(minPrice)}`);
  else if (maxPrice !== undefined) parts.push(`Up to ${formatPrice(maxPrice)}`);
  if (filters.bhk?.length) {
    const chips = [...new Set(filters.bhk.map((n) => Math.min(n, BHK_OR_MORE)))].sort((a, b) => a - b);
    parts.push(`${chips.map((n) => (n === BHK_OR_MORE ? `${BHK_OR_MORE}+` : String(n))).join(', ')} BHK`);
  }
  if (filters.propertyType?.length) parts.push(filters.propertyType.map(propertyTypeLabel).join(', '));
  if (filters.transaction) parts.push(filters.transaction);
  if (filters.possession) parts.push(POSSESSION_WORDS[filters.possession]);
  return parts;
}
