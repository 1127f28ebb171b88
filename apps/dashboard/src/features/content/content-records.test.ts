import { ContractorPatchSchema } from '@nivaas/contracts/content-admin.schema';
import { describe, expect, it } from 'vitest';
import { bodyOf, type ContentField, labelKey } from './content-records';
import { CONTRACTORS } from './content-sections';

const fields: ContentField[] = CONTRACTORS.fields;

describe('the content form body', () => {
  it('sends numbers as numbers, lists split, and what an edit blanks as cleared', () => {
    const values = { companyName: ' Kaveri Builds ', slug: '', services: 'Civil work, , Interiors', phone: '', email: '', rating: '4.5', yearsInBusiness: '', cityId: '', description: '' };
    const body = bodyOf(fields, values, true);
    expect(body).toEqual({ companyName: 'Kaveri Builds', services: ['Civil work', 'Interiors'], phone: null, email: null, rating: 4.5, yearsInBusiness: null, cityId: null, description: null });
    expect(ContractorPatchSchema.safeParse(body).success).toBe(true);
  });

  it('leaves blanks out of a new record, keeps a blank required field so the contract names it, and passes text that is not a number on', () => {
    const body = bodyOf(fields, { companyName: '', rating: 'four', services: '' }, false);
    expect(body).toEqual({ companyName: '', rating: 'four' });
    const refused = ContractorPatchSchema.safeParse(body);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['companyName', 'rating']);
  });

  it('sends a picked city as its id, never the name shown beside it', () => {
    const body = bodyOf(fields, { companyName: 'Kaveri Builds', cityId: '7', [labelKey('cityId')]: 'Pune' }, false);
    expect(body).toEqual({ companyName: 'Kaveri Builds', cityId: 7 });
    expect(fields.find((field) => field.name === 'cityId')?.kind).toBe('record');
  });
});
