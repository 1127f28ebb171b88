import { describe, expect, it } from 'vitest';
import { BuilderListQuerySchema } from './builder.schema';
import { ProjectListQuerySchema } from './project.schema';
import { SearchQuerySchema } from './search.schema';

function issuePaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
}

describe('ProjectListQuerySchema', () => {
  it('defaults to page 1, 30 a page, cheapest first', () => {
    expect(ProjectListQuerySchema.parse({})).toEqual({ page: 1, limit: 30, sort: 'price_asc' });
  });

  it('accepts only the public status and approval', () => {
    expect(ProjectListQuerySchema.parse({ status: 'active', approval: 'approved' })).toMatchObject({ status: 'active', approval: 'approved' });
    expect(issuePaths(ProjectListQuerySchema.safeParse({ status: 'inactive' }))).toEqual(['status']);
    expect(issuePaths(ProjectListQuerySchema.safeParse({ approval: 'pending' }))).toEqual(['approval']);
  });

  it('reads comma lists and repeated keys, dropping blanks and duplicates', () => {
    expect(ProjectListQuerySchema.parse({ bhk: '2,3, 3,' }).bhk).toEqual([2, 3]);
    expect(ProjectListQuerySchema.parse({ bhk: ['2', '4'] }).bhk).toEqual([2, 4]);
    expect(ProjectListQuerySchema.parse({ propertyType: 'villa,pent house' }).propertyType).toEqual(['villa', 'pent house']);
    expect(issuePaths(ProjectListQuerySchema.safeParse({ bhk: '2,x' }))).toEqual(['bhk']);
    expect(issuePaths(ProjectListQuerySchema.safeParse({ bhk: '11' }))).toEqual(['bhk']);
    expect(issuePaths(ProjectListQuerySchema.safeParse({ bhk: ',' }))).toEqual(['bhk']);
    expect(issuePaths(ProjectListQuerySchema.safeParse({ propertyType: 'castle' }))).toEqual(['propertyType']);
  });

  it('normalises prices and refuses an upside-down range', () => {
    expect(ProjectListQuerySchema.parse({ minPrice: '50 lakh', maxPrice: '₹1,00,00,000' })).toMatchObject({ minPrice: 5_000_000, maxPrice: 10_000_000 });
    expect(issuePaths(ProjectListQuerySchema.safeParse({ minPrice: '2 cr', maxPrice: '1 cr' }))).toEqual(['maxPrice']);
    expect(issuePaths(ProjectListQuerySchema.safeParse({ minPrice: 'lots' }))).toEqual(['minPrice']);
  });

  it('takes the generic type/id pair only whole', () => {
    expect(ProjectListQuerySchema.parse({ type: 'cityId', id: '4' })).toMatchObject({ type: 'cityId', id: 4 });
    expect(issuePaths(ProjectListQuerySchema.safeParse({ type: 'cityId' }))).toEqual(['id']);
    expect(issuePaths(ProjectListQuerySchema.safeParse({ type: 'villa', id: '4' }))).toEqual(['type']);
  });

  it('caps limit and text', () => {
    expect(issuePaths(ProjectListQuerySchema.safeParse({ limit: '101' }))).toEqual(['limit']);
    expect(issuePaths(ProjectListQuerySchema.safeParse({ search: 'x'.repeat(101) }))).toEqual(['search']);
  });
});

describe('BuilderListQuerySchema', () => {
  it('defaults to the most public projects first and refuses hidden states', () => {
    expect(BuilderListQuerySchema.parse({})).toEqual({ page: 1, limit: 30, sort: 'projects_desc' });
    expect(issuePaths(BuilderListQuerySchema.safeParse({ approval: 'rejected' }))).toEqual(['approval']);
    expect(issuePaths(BuilderListQuerySchema.safeParse({ type: 'brokerId', id: '1' }))).toEqual(['type']);
  });
});

describe('SearchQuerySchema', () => {
  it('trims, and refuses blank and overlong queries', () => {
    expect(SearchQuerySchema.parse({ query: '  whitefield ' })).toEqual({ query: 'whitefield' });
    expect(issuePaths(SearchQuerySchema.safeParse({ query: '   ' }))).toEqual(['query']);
    expect(issuePaths(SearchQuerySchema.safeParse({}))).toEqual(['query']);
    expect(issuePaths(SearchQuerySchema.safeParse({ query: 'a'.repeat(101) }))).toEqual(['query']);
  });
});
