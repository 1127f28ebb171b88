import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BrokerRegisterRequestSchema, BrokerUpdateRequestSchema, OutboxQuerySchema, PasswordSchema } from './auth.schema';
import { BuilderListQuerySchema } from './builder.schema';
import { SendMessageSchema } from './chat.schema';
import { multiLineText, singleLineText } from './common.schema';
import { ConstructionProjectListQuerySchema } from './construction.schema';
import { LeadFormSchema } from './lead.schema';
import { RejectBodySchema } from './moderation.schema';
import { ProjectListQuerySchema, RandomProjectsQuerySchema } from './project.schema';
import { RateLocationRequestSchema } from './review.schema';
import { SavedSearchCreateSchema } from './saved-search.schema';
import { SearchQuerySchema } from './search.schema';
import { ListingUploadSchema } from './upload.schema';
import { UserProfileUpdateSchema } from './user.schema';

/** Issue 10: one rule for request text. */

const NUL = '\u0000';
/** One of each kind the rule refuses everywhere: C0 (NUL, BEL, ESC, unit separator), DEL, C1 (NEL, CSI, APC), a lone surrogate. */
const ALWAYS_REFUSED = [NUL, '\u0007', '\u001b', '\u001f', '\u007f', '\u0085', '\u009b', '\u009f', '\ud800', '\udfff'];
const LINE_BREAKS = ['\n', '\t', '\r\n'];
/** Real text that must keep working: Devanagari with a zero-width joiner, Tamil, an emoji with joiners, the rupee sign. */
const REAL_TEXT = ['क्‍ष', 'சென்னை', '👩‍👩‍👧', '₹ 85,00,000', 'Prestige Lakeside Habitat'];

function fieldsRefused(schema: z.ZodType, input: unknown): string[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
}

describe('singleLineText', () => {
  const schema = singleLineText({ label: 'Name' });

  it('refuses control characters, DEL, C1 and lone surrogates anywhere, with the label in the message', () => {
    for (const bad of [...ALWAYS_REFUSED, ...LINE_BREAKS]) {
      const parsed = schema.safeParse(`Ra${bad}vi`);
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Name has characters that are not allowed');
    }
  });

  it('keeps real text in any script, and trims surrounding whitespace (line breaks included) before checking', () => {
    for (const good of REAL_TEXT) expect(schema.parse(good)).toBe(good);
    expect(schema.parse('  Ravi Kumar\n')).toBe('Ravi Kumar');
  });

  it('takes passwords as sent: no trim, and still no control characters', () => {
    expect(PasswordSchema.parse(' spaced out ')).toBe(' spaced out ');
    expect(PasswordSchema.safeParse(`abcdefgh${NUL}`).success).toBe(false);
  });

  it('chains: length and pattern checks still apply', () => {
    expect(singleLineText().min(2).max(4).safeParse('abcde').success).toBe(false);
    expect(singleLineText().regex(/^\d+$/).safeParse('12a').success).toBe(false);
    expect(singleLineText({ error: 'Enter it' }).safeParse(undefined).error?.issues[0]?.message).toBe('Enter it');
  });
});

describe('multiLineText', () => {
  const schema = multiLineText({ label: 'Message' });

  it('allows line breaks and tabs inside', () => {
    expect(schema.parse('First line\nsecond\tcolumn\r\nthird')).toBe('First line\nsecond\tcolumn\r\nthird');
  });

  it('refuses every other control character, DEL, C1 and lone surrogates', () => {
    for (const bad of ALWAYS_REFUSED) {
      const parsed = schema.safeParse(`a${bad}b`);
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Message has characters that are not allowed');
    }
  });

  it('checks a long text in one pass (no backtracking blow-up on 1 MB)', () => {
    expect(schema.safeParse(`${'a\n'.repeat(500_000)}${NUL}`).success).toBe(false);
    expect(schema.safeParse('a\n'.repeat(500_000)).success).toBe(true);
  });
});

describe('request schemas refuse NUL naming the field', () => {
  // The issue's reproductions first (each answered 500 before), then one field of each kind of request.
  const cases: [string, z.ZodType, unknown, string][] = [
    ['GET /project/random tag', RandomProjectsQuerySchema, { tag: NUL }, 'tag'],
    ['GET /builder search', BuilderListQuerySchema, { search: NUL }, 'search'],
    ['GET /construction/project tag', ConstructionProjectListQuerySchema, { tag: NUL }, 'tag'],
    ['GET /dev/outbox recipient', OutboxQuerySchema, { recipient: NUL }, 'recipient'],
    ['PUT /broker/{id} about', BrokerUpdateRequestSchema, { about: NUL }, 'about'],
    ['GET /project search', ProjectListQuerySchema, { search: `2 bhk${NUL}` }, 'search'],
    ['GET /project/search query', SearchQuerySchema, { query: `whitefield${NUL}` }, 'query'],
    ['broker register company', BrokerRegisterRequestSchema, { name: 'Ravi', phone: '9845012345', email: 'r@example.com', company: `A${NUL}B`, reraNumber: 'PRM/KA/1', cityId: 1 }, 'company'],
    ['enquiry message', LeadFormSchema, { name: 'Ravi', phone: '9845012345', email: 'r@example.com', message: `hi${NUL}` }, 'message'],
    ['enquiry e-mail', LeadFormSchema, { name: 'Ravi', phone: '9845012345', email: `r${NUL}@example.com` }, 'email'],
    ['listing tag', ListingUploadSchema, { tags: [`Ready${NUL}`] }, 'tags.0'],
    ['reject remark', RejectBodySchema, { remark: `Blurry${NUL} photos` }, 'remark'],
    ['rating comment', RateLocationRequestSchema, { ratingValue: 4, locationId: 1, comment: `ok${NUL}` }, 'comment'],
    ['saved search name', SavedSearchCreateSchema, { name: `Mine${NUL}`, filters: { locationId: 1 } }, 'name'],
    ['profile name', UserProfileUpdateSchema, { name: `Ravi${NUL}` }, 'name'],
    ['chat message', SendMessageSchema, { message: `hello${NUL}`, clientId: 'c-1' }, 'message'],
  ];
  for (const [label, schema, input, field] of cases) {
    it(label, () => {
      expect(fieldsRefused(schema, input)).toContain(field);
    });
  }

  it('multi-line fields keep their line breaks; single-line ones refuse them', () => {
    expect(fieldsRefused(RejectBodySchema, { remark: 'Photos:\n- blurry\n- dark' })).toEqual([]);
    expect(fieldsRefused(BrokerUpdateRequestSchema, { about: 'Twenty years\n\tin Whitefield' })).toEqual([]);
    expect(fieldsRefused(UserProfileUpdateSchema, { name: 'Ravi\tKumar' })).toEqual(['name']);
    expect(fieldsRefused(RandomProjectsQuerySchema, { tag: 'Ready\u0085to Move' })).toEqual(['tag']);
  });
});
