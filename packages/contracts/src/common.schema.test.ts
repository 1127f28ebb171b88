import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, IdParamSchema, MAX_ID, MAX_PAGE_SIZE, PageQuerySchema } from './common.schema';
import { RandomProjectsQuerySchema } from './project.schema';

describe('PageQuerySchema', () => {
  it('defaults to page 1 of 30 and coerces query-string text', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, limit: DEFAULT_PAGE_SIZE });
    expect(PageQuerySchema.parse({ page: '3', limit: '10' })).toEqual({ page: 3, limit: 10 });
  });

  it('rejects what is not a positive whole number, and limits over the cap', () => {
    for (const query of [{ page: '0' }, { page: '-1' }, { page: '1.5' }, { limit: 'abc' }, { limit: String(MAX_PAGE_SIZE + 1) }]) {
      expect(PageQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it('drops fields it does not know', () => {
    expect(PageQuerySchema.parse({ page: '2', approval: 'pending' })).toEqual({ page: 2, limit: DEFAULT_PAGE_SIZE });
  });
});

describe('ids', () => {
  it('accept 1 to the largest PostgreSQL integer only', () => {
    expect(IdParamSchema.parse({ id: '42' })).toEqual({ id: 42 });
    expect(IdParamSchema.safeParse({ id: String(MAX_ID + 1) }).success).toBe(false);
    expect(IdParamSchema.safeParse({ id: '0' }).success).toBe(false);
    expect(RandomProjectsQuerySchema.safeParse({ cityId: String(MAX_ID + 1) }).success).toBe(false);
  });
});
