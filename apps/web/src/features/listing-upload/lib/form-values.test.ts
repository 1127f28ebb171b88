import { describe, expect, it } from 'vitest';
import { ListingUploadSchema } from '@nivaas/contracts/upload.schema';
import { emptyListing, pricePreview } from './form-values';

describe('pricePreview', () => {
  it('shows rupees in lakh and crore as the owner types', () => {
    expect(pricePreview('8500000')).toBe('₹ 85 L');
    expect(pricePreview('1.25 cr')).toBe('₹ 1.25 Cr');
    expect(pricePreview('')).toBeNull();
    expect(pricePreview('a lot')).toBeNull();
  });
});

describe('emptyListing', () => {
  it('is refused by the shared schema until the required fields are filled', () => {
    const result = ListingUploadSchema.safeParse(emptyListing());
    expect(result.success).toBe(false);
    const filled = { ...emptyListing(), name: 'Sunny 2 BHK', cityId: 1, locationId: 2, units: [{ ...emptyListing().units[0], minPrice: '80 lakh', maxPrice: '85 lakh' }] };
    expect(ListingUploadSchema.safeParse(filled).success).toBe(true);
  });
});
