import { describe, expect, it } from 'vitest';
import { INDIAN_MOBILE_MESSAGE, LeadFormSchema, normaliseIndianMobile } from './lead.schema';

describe('normaliseIndianMobile', () => {
  it('reduces the ways people write an Indian mobile to its 10 digits', () => {
    for (const input of ['9845012345', '98450 12345', '98450-12345', '+91 98450 12345', '+919845012345', '919845012345', '09845012345', '+91 (984) 501.2345', ' 9845012345 ']) {
      expect(normaliseIndianMobile(input), input).toBe('9845012345');
    }
    expect(normaliseIndianMobile('6000000000')).toBe('6000000000');
  });

  it('refuses what is not a 10-digit number starting 6 to 9', () => {
    for (const input of ['', '5845012345', '1845012345', '984501234', '98450123456', '+1 415 555 0100', '+92 98450 12345', '040 234 5678', '98450abcde', '++919845012345', '9845012345x']) {
      expect(normaliseIndianMobile(input), input).toBeNull();
    }
  });
});

describe('LeadFormSchema', () => {
  const valid = { name: 'Asha Rao', phone: '+91 98450 12345', email: 'Asha@Example.com' };

  it('trims, lower-cases the e-mail, normalises the phone and defaults the source', () => {
    expect(LeadFormSchema.parse({ ...valid, name: '  Asha Rao ', message: ' Hello\nthere ', projectId: 7 })).toEqual({
      name: 'Asha Rao',
      phone: '9845012345',
      email: 'asha@example.com',
      message: 'Hello\nthere',
      projectId: 7,
      source: 'form',
    });
  });

  it('names the field at fault', () => {
    const fieldOf = (input: Record<string, unknown>) => LeadFormSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.'));
    expect(fieldOf({ ...valid, name: 'A' })).toEqual(['name']);
    expect(fieldOf({ ...valid, phone: '12345' })).toEqual(['phone']);
    expect(fieldOf({ ...valid, email: 'nope' })).toEqual(['email']);
    expect(fieldOf({ ...valid, message: 'x'.repeat(1001) })).toEqual(['message']);
    expect(fieldOf({ ...valid, message: 'bell \u0007' })).toEqual(['message']);
    expect(fieldOf({ ...valid, name: 'Tab\tname' })).toEqual(['name']);
    expect(fieldOf({ ...valid, projectId: '7' })).toEqual(['projectId']);
    expect(LeadFormSchema.safeParse({ ...valid, phone: '5845012345' }).error?.issues[0]?.message).toBe(INDIAN_MOBILE_MESSAGE);
  });

  it('rejects fields it does not know, so a client cannot set stage or user', () => {
    const result = LeadFormSchema.safeParse({ ...valid, stage: 'crm', userId: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['stage', 'userId'] });
  });

  it('allows an enquiry with no project (the contact page) and a null project', () => {
    expect(LeadFormSchema.parse({ ...valid, projectId: null }).projectId).toBeNull();
    expect(LeadFormSchema.parse(valid).projectId).toBeUndefined();
  });
});
