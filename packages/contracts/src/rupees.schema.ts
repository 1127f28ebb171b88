import { z } from 'zod';

/**
 * Indian amount words (spec §9: Cr = 10 million, Lacs/L = 100 thousand), longest spelling first so
 * 'lakhs' is never read as 'l' + 'akhs'.
 */
export const AMOUNT_UNITS: readonly (readonly [RegExp, number])[] = [
  [/^(?:crores?|crs?|cr\.)$/, 10_000_000],
  [/^(?:lakhs?|lacs?|l)$/, 100_000],
  [/^(?:millions?|mn)$/, 1_000_000],
  [/^(?:thousands?|k)$/, 1_000],
];

/** Multiplier of an amount word ('cr', 'lakh', 'k'), or undefined when it is not one. */
export function unitMultiplier(word: string): number | undefined {
  const lower = word.toLowerCase();
  return AMOUNT_UNITS.find(([pattern]) => pattern.test(lower))?.[1];
}

/** Above this an amount is a typo, not a home: ₹1 lakh crore. */
export const MAX_RUPEES = 1_000_000_000_000;

/**
 * Reads one amount as integer rupees: '8000000', '80,00,000', '₹ 80,00,000', 'Rs. 80 lakh', '80L',
 * '1.2 cr', '1.2Cr', '750k'. A bare number is rupees. Returns undefined for anything else (a word,
 * two amounts, a negative number), so callers decide what an unreadable amount means.
 */
export function parseRupees(input: string): number | undefined {
  const text = input
    .trim()
    .toLowerCase()
    .replace(/^(?:₹|rs\.?|inr)\s*/, '')
    // Indian (80,00,000) and Western (8,000,000) grouping alike.
    .replace(/(\d),(?=\d)/g, '$1');
  const match = /^(\d+(?:\.\d+)?)\s*([a-z.]*)$/.exec(text);
  if (!match) return undefined;
  const [, digits = '', unit = ''] = match;
  const multiplier = unit === '' ? 1 : unitMultiplier(unit);
  if (multiplier === undefined) return undefined;
  const rupees = Math.round(Number(digits) * multiplier);
  return Number.isSafeInteger(rupees) && rupees <= MAX_RUPEES ? rupees : undefined;
}

/**
 * A price arriving as text (query string): normalised at the edge to integer rupees, so '₹80,00,000'
 * and '80 lakh' filter the same as 8000000. Numbers (a JSON body) pass through the same checks.
 */
export const RupeesInputSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const rupees = typeof value === 'number' ? (Number.isSafeInteger(value) && value >= 0 && value <= MAX_RUPEES ? value : undefined) : parseRupees(value);
  if (rupees === undefined) {
    ctx.addIssue({ code: 'custom', message: "must be an amount in rupees, e.g. 8000000, '80 lakh' or '1.2 cr'" });
    return z.NEVER;
  }
  return rupees;
});
