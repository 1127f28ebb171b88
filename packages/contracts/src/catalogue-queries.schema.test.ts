import { describe, expect, it } from 'vitest';
import { BlogListQuerySchema } from './blog.schema';
import { BrokerListQuerySchema } from './broker.schema';
import { ConstructionProjectListQuerySchema, ContractorListQuerySchema } from './construction.schema';
import { FaqListQuerySchema } from './faq.schema';
import { CityReviewsQuerySchema } from './review.schema';

describe('list defaults (spec §9)', () => {
  it('page from 1 with each list its own page size', () => {
    expect(BlogListQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(ConstructionProjectListQuerySchema.parse({ tag: '' })).toEqual({ page: 1, limit: 6, tag: '' });
    expect(ContractorListQuerySchema.parse({})).toEqual({ page: 1, limit: 12 });
    expect(BrokerListQuerySchema.parse({})).toEqual({ page: 1, limit: 30 });
    expect(CityReviewsQuerySchema.parse({ cityId: '4' })).toEqual({ page: 1, limit: 20, cityId: 4 });
    expect(FaqListQuerySchema.parse({})).toEqual({ associatedWith: 'contact_faqs' });
  });

  it('every list caps limit at 100', () => {
    for (const schema of [BlogListQuerySchema, ConstructionProjectListQuerySchema, ContractorListQuerySchema, BrokerListQuerySchema]) {
      expect(schema.safeParse({ limit: '100' }).success).toBe(true);
      expect(schema.safeParse({ limit: '101' }).success).toBe(false);
    }
    expect(CityReviewsQuerySchema.safeParse({ cityId: '1', limit: '101' }).success).toBe(false);
  });
});

describe('public-only filters', () => {
  it('accept only the public values the spec sends', () => {
    expect(BlogListQuerySchema.parse({ status: 'active', approval: 'approved' })).toMatchObject({ status: 'active', approval: 'approved' });
    expect(BlogListQuerySchema.safeParse({ status: 'inactive' }).success).toBe(false);
    expect(BlogListQuerySchema.safeParse({ approval: 'pending' }).success).toBe(false);
    expect(FaqListQuerySchema.safeParse({ approval: 'rejected' }).success).toBe(false);
  });
});
