import type { ParsedSearchQuery } from './price-query.schema';
import type { Possession, PropertyType, TransactionTag } from './project.schema';
import { MAX_BHK } from './project.schema';
import { MAX_RUPEES, unitMultiplier } from './rupees.schema';

/**
 * Reads what a buyer types into the search box the way an Indian buyer means it:
 *
 *   '2 bhk under 80 lakh in whitefield' -> bhk [2], maxPrice 80,00,000, text and place 'whitefield'
 *   '1.2 cr'                            -> around 1.2 Cr (10% either side)
 *   '50 lakh to 1 crore', 'between 60L and 90L', '60-90 lakh', 'above 2 cr', '2cr+'
 *   '3bhk', '2/3 bhk', 'villa', 'independent house', 'ready to move', 'under construction', 'resale'
 *
 * Each recognised phrase is cut out of the text; what remains drives name and place matching. It is a
 * pure function of its input (no I/O, no clock), shared by the server and the web app. A bare number
 * with no unit is a price only when it is clearly rupees (10,000 or more) or shares a range with an
 * amount that has a unit ('60-90 lakh'): 'sector 45' stays text.
 */
export function parseSearchQuery(raw: string): ParsedSearchQuery {
  const parsed: ParsedSearchQuery = {
    text: '',
    place: null,
    bhk: [],
    propertyTypes: [],
    minPrice: null,
    maxPrice: null,
    around: false,
    possession: null,
    transaction: null,
  };
  let rest = normalise(raw);

  for (const [pattern, possession] of POSSESSION_PHRASES) {
    if (parsed.possession === null && pattern.test(rest)) parsed.possession = possession;
    rest = cut(rest, pattern);
  }
  for (const [pattern, transaction] of TRANSACTION_PHRASES) {
    if (parsed.transaction === null && pattern.test(rest)) parsed.transaction = transaction;
    rest = cut(rest, pattern);
  }

  rest = rest.replace(BHK_PHRASE, (_match, list: string) => {
    for (const count of bhkCounts(list)) if (!parsed.bhk.includes(count)) parsed.bhk.push(count);
    return ' ';
  });
  parsed.bhk.sort((a, b) => a - b);

  for (const [pattern, type] of TYPE_WORDS) {
    if (pattern.test(rest) && !parsed.propertyTypes.includes(type)) parsed.propertyTypes.push(type);
    rest = cut(rest, pattern);
  }

  rest = readPrices(rest, parsed);

  const placeMatch = /(?:^|\s)(?:in|at|near)\s+(.+)$/.exec(rest);
  const place = placeMatch?.[1] ? words(placeMatch[1]) : '';
  parsed.place = place || null;
  parsed.text = words(rest);
  return parsed;
}

// ---------------------------------------------------------------------------------------------------------------
// Normalising

/** Lower-case; currency marks and digit grouping removed; '3bhk' -> '3 bhk', '1.2cr' -> '1.2 cr', '60-90' -> '60 to 90'. */
function normalise(raw: string): string {
  return (
    raw
      .toLowerCase()
      .replace(/₹|\brs\.?(?=\s*\d)|\binr\b/g, ' ')
      .replace(/(\d),(?=\d)/g, '$1')
      .replace(/(\d)([a-z])/g, '$1 $2')
      .replace(/(\d)\s*[-–—~]\s*(?=\d)/g, '$1 to ')
      // Punctuation separates words; '.' stays inside numbers ('1.2'), '+' stays as 'or more', '/' and ',' join BHK lists.
      .replace(/[^\p{L}\p{N}.+/,\s]/gu, ' ')
      .replace(/\.(?!\d)/g, ' ')
      .replace(/\+/g, ' + ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Removes every match, leaving a space so neighbouring words never fuse. */
function cut(text: string, pattern: RegExp): string {
  return text.replace(new RegExp(pattern.source, 'g'), ' ').replace(/\s+/g, ' ').trim();
}

/** Words that carry no meaning for matching ('flats for sale in ...'), dropped from the leftover text. */
const STOP_WORDS = new Set([
  'a', 'an', 'the', 'in', 'at', 'near', 'of', 'for', 'with', 'and', 'or', 'to', 'on', 'by', 'from', 'my', 'me', 'i',
  'buy', 'sale', 'sell', 'purchase', 'want', 'looking', 'need', 'show', 'find', 'search',
  'property', 'properties', 'home', 'homes', 'unit', 'units', 'project', 'projects', 'budget', 'price', 'priced',
  'cost', 'costing', 'rs', 'rupees', 'inr', 'under', 'below', 'above', 'over', 'between', 'within', 'upto', 'up',
  'around', 'about', 'approx', 'approximately', 'less', 'more', 'than', 'max', 'min', '+', ',', '/',
]);

function words(text: string): string {
  return text
    .split(/[\s,/]+/)
    .filter((word) => word !== '' && !STOP_WORDS.has(word))
    .join(' ');
}

// ---------------------------------------------------------------------------------------------------------------
// Possession, transaction, configuration and type words

const POSSESSION_PHRASES: readonly (readonly [RegExp, Possession])[] = [
  [/\b(?:ready to (?:move(?: in)?|occupy)|ready possession|immediate possession|move in ready|rtm|ready)\b/, 'ready'],
  [/\b(?:under construction|under constr|ongoing|nearing possession)\b/, 'under-construction'],
  [/\b(?:upcoming(?: launch(?:es)?)?|pre launch(?:es)?|prelaunch(?:es)?|launching soon)\b/, 'upcoming'],
];

const TRANSACTION_PHRASES: readonly (readonly [RegExp, TransactionTag])[] = [
  [/\b(?:resale|re sale|second hand|pre owned)\b/, 'Resale'],
  [/\b(?:new booking|fresh booking|direct from builder)\b/, 'New Booking'],
];

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const COUNT = '(?:\\d+|one|two|three|four|five|six)';
/** '2 bhk', '2/3 bhk', '2, 3 and 4 bhk', '2 to 4 bhk', 'two bedroom'. The list is group 1. */
const BHK_PHRASE = new RegExp(
  `\\b(${COUNT}(?:\\s*(?:,|/|&|or|and|to)\\s*${COUNT})*)\\s*(?:bhks?|b h k|bed(?:room)?s?|br)\\b`,
  'g',
);

function bhkCounts(list: string): number[] {
  const counts: number[] = [];
  const parts = list.split(/\s*(,|\/|&|\bor\b|\band\b|\bto\b)\s*/).filter((part) => part.trim() !== '');
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] as string;
    if (part === 'to') {
      const from = counts.at(-1);
      const to = toCount(parts[i + 1] ?? '');
      if (from !== undefined && to !== undefined) for (let n = from + 1; n <= Math.min(to, MAX_BHK); n += 1) counts.push(n);
      i += 1;
      continue;
    }
    const count = toCount(part);
    if (count !== undefined) counts.push(count);
  }
  return counts;
}

function toCount(word: string): number | undefined {
  const count = NUMBER_WORDS[word] ?? Number(word);
  return Number.isInteger(count) && count >= 1 && count <= MAX_BHK ? count : undefined;
}

/** Longer phrases first, so 'independent villa' is a villa and 'pent house' never leaves a stray 'house'. */
const TYPE_WORDS: readonly (readonly [RegExp, PropertyType])[] = [
  [/\b(?:pent ?houses?)\b/, 'pent house'],
  [/\b(?:studio(?: apartments?| flats?)?s?|1 ?rk)\b/, 'studio'],
  [/\b(?:independent villas?|villas?|bungalows?|row ?houses?)\b/, 'villa'],
  [/\b(?:independent (?:houses?|homes?)|individual houses?|residential ?houses?|houses?)\b/, 'residentialhouse'],
  [/\b(?:residential plots?|plots?|sites?|land)\b/, 'plot'],
  [/\b(?:apartments?|flats?|condos?)\b/, 'apartment'],
];

// ---------------------------------------------------------------------------------------------------------------
// Prices

const NUM = '(\\d+(?:\\.\\d+)?)';
const UNIT = '(crores?|crs?|cr|lakhs?|lacs?|lac|l|millions?|mn|thousands?|k)';
const AMOUNT = `${NUM}(?:\\s*${UNIT}\\b)?`;

const RANGE = new RegExp(`\\b(?:between\\s+|from\\s+)?${AMOUNT}\\s*(?:to|and|till|until)\\s*${AMOUNT}`);
const AT_MOST = new RegExp(`\\b(?:under|below|less than|upto|up to|within|max(?:imum)?|not more than|budget(?: of)?|<=?)\\s*${AMOUNT}`);
const AT_LEAST = new RegExp(`\\b(?:above|over|more than|min(?:imum)?|at least|starting(?: from| at)?|from|>=?)\\s*${AMOUNT}`);
const OR_MORE = new RegExp(`\\b${AMOUNT}\\s*(?:\\+|plus|and above|or more|onwards)`);
const AROUND = new RegExp(`\\b(?:around|about|approx(?:imately)?|near|~)?\\s*${AMOUNT}`);

/** '1.2 cr' alone means 'about 1.2 Cr': this much either side. */
const AROUND_BAND = 0.1;
/** With no unit, a number is rupees only when it could be a price on its own. */
const MIN_BARE_RUPEES = 10_000;

/** Integer rupees for a number and its unit word, or undefined when it is not a price. */
function amount(digits: string | undefined, unit: string | undefined, bare: 'rupees-only' | 'unit'): number | undefined {
  if (digits === undefined) return undefined;
  const value = Number(digits);
  const multiplier = unit ? unitMultiplier(unit) : undefined;
  if (multiplier === undefined && (bare === 'unit' || value < MIN_BARE_RUPEES)) return undefined;
  const rupees = Math.round(value * (multiplier ?? 1));
  return rupees > 0 && rupees <= MAX_RUPEES ? rupees : undefined;
}

/** Finds at most one price phrase (ranges first, 'around' last), records it and cuts it out. */
function readPrices(text: string, parsed: ParsedSearchQuery): string {
  const range = RANGE.exec(text);
  if (range) {
    const [, fromDigits, fromUnit, toDigits, toUnit] = range;
    // '60 to 90 lakh': the second amount's unit applies to the first.
    const from = amount(fromDigits, fromUnit ?? toUnit, 'rupees-only');
    const to = amount(toDigits, toUnit ?? fromUnit, 'rupees-only');
    if (from !== undefined && to !== undefined) {
      parsed.minPrice = Math.min(from, to);
      parsed.maxPrice = Math.max(from, to);
      return text.replace(range[0], ' ');
    }
  }
  const orMore = OR_MORE.exec(text);
  const atLeast = orMore ?? AT_LEAST.exec(text);
  if (atLeast) {
    const rupees = amount(atLeast[1], atLeast[2], 'rupees-only');
    if (rupees !== undefined) {
      parsed.minPrice = rupees;
      return text.replace(atLeast[0], ' ');
    }
  }
  const atMost = AT_MOST.exec(text);
  if (atMost) {
    const rupees = amount(atMost[1], atMost[2], 'rupees-only');
    if (rupees !== undefined) {
      parsed.maxPrice = rupees;
      return text.replace(atMost[0], ' ');
    }
  }
  for (const around of text.matchAll(new RegExp(AROUND.source, 'g'))) {
    const rupees = amount(around[1], around[2], 'unit');
    if (rupees !== undefined) {
      parsed.minPrice = Math.round(rupees * (1 - AROUND_BAND));
      parsed.maxPrice = Math.round(rupees * (1 + AROUND_BAND));
      parsed.around = true;
      return text.replace(around[0], ' ');
    }
  }
  return text;
}
