import { describe, expect, it } from 'vitest';
import { LeadStageUpdateSchema } from './lead.schema';
import { RejectBodySchema } from './moderation.schema';
import { ListingUploadSchema, PublishBodySchema } from './upload.schema';

const valid = {
  name: 'Sunny 2 BHK near the lake',
  type: 'apartment',
  transactionTag: 'Resale',
  cityId: 1,
  locationId: 2,
  units: [{ type: '2', minPrice: '₹ 85,00,000', maxPrice: '90 lakh', facing: 'East', exteriorArea: '1,250 sq ft', floors: '7 of 14', furnishing: 'Semi-Furnished' }],
};

describe('ListingUploadSchema', () => {
  it('reads rupees and areas typed the Indian way', () => {
    const parsed = ListingUploadSchema.parse(valid);
    expect(parsed.units[0]).toMatchObject({ minPrice: 8_500_000, maxPrice: 9_000_000, exteriorArea: 1250 });
  });

  it('never takes approval, status or ownership from the body', () => {
    for (const field of ['approval', 'status', 'ownerId', 'brokerId', 'builderId', 'item']) {
      const result = ListingUploadSchema.safeParse({ ...valid, [field]: field === 'approval' ? 'approved' : 1 });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: [field] });
    }
  });

  it('names the field at fault', () => {
    const result = ListingUploadSchema.safeParse({ ...valid, units: [{ ...valid.units[0], minPrice: '95 lakh' }] });
    expect(result.error?.issues[0]?.path).toEqual(['units', 0, 'maxPrice']);
    expect(ListingUploadSchema.safeParse({ ...valid, units: [] }).error?.issues[0]?.path).toEqual(['units']);
    expect(ListingUploadSchema.safeParse({ ...valid, units: [{ ...valid.units[0], furnishing: 'Palatial' }] }).success).toBe(false);
  });
});

describe('moderation and owner bodies', () => {
  it('require a remark to reject, and only the three stages and two statuses', () => {
    expect(RejectBodySchema.safeParse({}).success).toBe(false);
    expect(RejectBodySchema.safeParse({ remark: '  ' }).success).toBe(false);
    expect(RejectBodySchema.parse({ remark: ' Photos are blurry ' })).toEqual({ remark: 'Photos are blurry' });
    expect(LeadStageUpdateSchema.safeParse({ stage: 'new' }).success).toBe(false);
    expect(LeadStageUpdateSchema.safeParse({ stage: 'crm' }).success).toBe(true);
    expect(PublishBodySchema.safeParse({ status: 'active', approval: 'approved' }).success).toBe(false);
  });
});
