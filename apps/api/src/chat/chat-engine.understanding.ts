import { CHAT_ACTION_LABELS, CHAT_ACTION_TEXTS, CHAT_ACTIONS, type ChatAction } from '@nivaas/contracts/chat.schema';
import { normaliseIndianMobile } from '@nivaas/contracts/lead.schema';
import { parseSearchQuery } from '@nivaas/contracts/price-query';
import type { ParsedSearchQuery } from '@nivaas/contracts/price-query.schema';
import type { WordHit } from '../modules/projects/projects.repository';
import { wordsOf } from '../modules/projects/projects.service';
import type { ContactDetails, ConversationState, PlaceRef } from './chat-engine.types';

/**
 * Reading the visitor (issue 6): buttons, greetings, thanks and skips, the city, locality, zone and builder the
 * words name, what a free-text message adds to the search (BHK, property type, budget, possession: the shared
 * parseSearchQuery), and contact details typed into a message. Pure functions: the catalogue lookup the place
 * names need is the turn flow's (chat.engine.ts), which hands the hits in.
 */

const GREETING = /^(?:hi+|hii+|hey+|hello+|helo|hola|namaste|namaskar|yo|start|good (?:morning|afternoon|evening))\b[\s!.,?]*(?:there|nivaas|bot)?[\s!.,?]*$/i;
const THANKS = /^(?:thanks?|thank you|thx|ty|ok(?:ay)?|great|cool|bye|goodbye)\b[\s!.,a-z]*$/i;
/** 'Any area will do', 'any type', 'show all'. */
const SKIP = /^(?:any|anything|anywhere|all|any ?where|any (?:area|place|locality|location|type|property|property type|kind)|all (?:areas|types|properties)|anywhere in [\p{L} ]+|no preference|doesn'?t matter|does not matter|show all|skip|any type is fine|any area is fine)[\s!.]*$/iu;

export function isGreeting(text: string): boolean {
  return GREETING.test(text);
}

export function isThanks(text: string): boolean {
  return THANKS.test(text);
}

/** 'Any area will do': skip answers are short; the long Unicode pattern is not worth running on a sentence. */
export function isSkipAnswer(text: string): boolean {
  return text.length <= 40 && SKIP.test(text);
}

/** Chatter that names no place or builder, dropped before the words are resolved. */
const CHAT_WORDS = new Set([
  'please', 'pls', 'plz', 'kindly', 'can', 'could', 'would', 'will', 'you', 'u', 'do', 'does', 'have', 'has', 'got', 'any',
  'some', 'what', 'which', 'where', 'is', 'are', 'there', 'good', 'nice', 'best', 'cheap', 'cheapest', 'luxury', 'option',
  'options', 'something', 'tell', 'about', 'give', 'get', 'list', 'let', 'lets', "let's", 'us', 'we', 'our', 'ok', 'okay',
  'yes', 'no', 'also', 'only', 'just', 'like', 'am', 'im', "i'm", 'it', 'this', 'that', 'these', 'those', 'them', 'new',
  'available', 'listing', 'listings', 'looking', 'located', 'location', 'area', 'locality', 'place', 'zone', 'want', 'wanna',
  'need', 'interested', 'see', 'more', 'other', 'another', 'else', 'instead', 'change', 'switch', 'now', 'too', 'very',
  'much', 'how', 'many', 'all', 'was', 'be', 'sir', 'madam', 'ji', 'bro', 'hi', 'hello', 'hey', 'thanks', 'thank',
  'bhk', 'bedroom', 'bedrooms', 'type', 'kind', 'budget', 'lakh', 'lakhs', 'crore', 'crores', 'cr', 'move', 'possession',
  'construction', 'ready', 'builder', 'builders', 'developer', 'by', 'ones', 'one',
]);
/** Words that alone do not name a place ('city' is in many names): a place must answer some other word too. */
const WEAK_WORDS = new Set(['city', 'road', 'nagar', 'layout', 'phase', 'town', 'park', 'east', 'west', 'north', 'south', 'new', 'old', 'main', 'cross', 'sector', 'block', 'stage', 'colony', 'extension', 'halli', 'pura', 'puram']);
/** Near misses (typos) are trusted only on words this long. */
const MIN_FUZZY_WORD = 5;

export function actionOf(text: string): ChatAction | null {
  const lower = text.trim().toLowerCase();
  for (const action of CHAT_ACTIONS) {
    if (lower === action || lower === CHAT_ACTION_TEXTS[action].toLowerCase() || lower === CHAT_ACTION_LABELS[action].toLowerCase()) return action;
  }
  return null;
}

interface Candidate {
  hit: WordHit;
  words: Set<number>;
  exact: boolean;
  contains: boolean;
}

export interface Places {
  city: PlaceRef | null;
  zone: (PlaceRef & { city: PlaceRef }) | null;
  location: (PlaceRef & { city: PlaceRef; zone: PlaceRef | null }) | null;
  builder: PlaceRef | null;
  /**
   * A locality or zone name found in more than one city, none of them named or already chosen ('Malviya Nagar' is
   * in Delhi and in Jaipur): the engine asks which city rather than guess (issue 17). Null when the place is clear.
   */
  ambiguous: { name: string; cities: PlaceRef[] } | null;
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * What the words name: at most one city, one locality or zone, one builder. Candidates answering more of the words
 * win ('electronic city' is Electronic City, not the city), then exact names, then containing ones, then (with no
 * city named in the message) those in the conversation's city, then similarity. Each pick uses up its words.
 */
export function pickPlaces(words: string[], hits: WordHit[], currentCityId: number | null): Places {
  const byKey = new Map<string, Candidate>();
  for (const hit of hits) {
    const word = words[hit.index];
    if (word === undefined) continue;
    if (!hit.contains && !hit.exact && word.length < MIN_FUZZY_WORD) continue;
    const key = `${hit.kind}:${hit.id}`;
    const candidate = byKey.get(key) ?? { hit, words: new Set<number>(), exact: false, contains: false };
    candidate.words.add(hit.index);
    candidate.exact ||= hit.exact;
    candidate.contains ||= hit.contains;
    byKey.set(key, candidate);
  }
  const strong = (candidate: Candidate, used: Set<number>) => [...candidate.words].some((index) => !used.has(index) && !WEAK_WORDS.has(words[index] ?? ''));
  const rank = (cityId: number | null) => (a: Candidate, b: Candidate) =>
    b.words.size - a.words.size ||
    Number(b.exact) - Number(a.exact) ||
    Number(b.contains) - Number(a.contains) ||
    Number(b.hit.cityId === cityId && cityId !== null) - Number(a.hit.cityId === cityId && cityId !== null) ||
    b.hit.score - a.hit.score ||
    a.hit.id - b.hit.id;
  const candidates = [...byKey.values()];
  const used = new Set<number>();
  const take = (candidate: Candidate) => candidate.words.forEach((index) => used.add(index));

  const places: Places = { city: null, zone: null, location: null, builder: null, ambiguous: null };
  const city = candidates.filter((c) => c.hit.kind === 'city' && (c.exact || c.contains) && strong(c, used)).sort(rank(null))[0];
  if (city) {
    places.city = { id: city.hit.id, name: city.hit.name };
    take(city);
  }
  const cityId = places.city?.id ?? currentCityId;
  const placeOrBuilder = candidates
    .filter((c) => c.hit.kind !== 'city' && (places.city === null || c.hit.kind === 'builder' || c.hit.cityId === places.city.id))
    .sort(rank(cityId));
  for (const candidate of placeOrBuilder) {
    if (!strong(candidate, used)) continue;
    const { hit } = candidate;
    if (hit.kind === 'builder') {
      if (places.builder) continue;
      places.builder = { id: hit.id, name: hit.name };
    } else {
      if (places.location || places.zone || places.ambiguous || hit.cityId === null || hit.cityName === null) continue;
      const hitCity = { id: hit.cityId, name: hit.cityName };
      // The same name answering as many words in other cities: unless the city is known, it is not clear which.
      const twins = placeOrBuilder.filter(
        (other) => other !== candidate && other.hit.kind !== 'builder' && other.hit.cityId !== hit.cityId &&
          sameName(other.hit.name, hit.name) && other.words.size === candidate.words.size,
      );
      const cities = new Map<number, PlaceRef>([[hitCity.id, hitCity]]);
      for (const { hit: twin } of twins) {
        if (twin.cityId !== null && twin.cityName !== null) cities.set(twin.cityId, { id: twin.cityId, name: twin.cityName });
      }
      if (cities.size > 1 && hit.cityId !== cityId) {
        places.ambiguous = { name: hit.name, cities: [...cities.values()].sort((a, b) => a.name.localeCompare(b.name)) };
        take(candidate);
        twins.forEach(take);
        continue;
      }
      if (hit.kind === 'location') {
        places.location = { id: hit.id, name: hit.name, city: hitCity, zone: hit.zoneId !== null && hit.zoneName !== null ? { id: hit.zoneId, name: hit.zoneName } : null };
      } else {
        places.zone = { id: hit.id, name: hit.name, city: hitCity };
      }
    }
    take(candidate);
  }
  return places;
}

const EMAIL = /[^\s@,;<>]+@[^\s@,;<>]+\.[a-z]{2,}/i;
const PHONE = /(?:\+?91[\s-]?|0)?[6-9](?:[\s-]?\d){9}/;
const NAME_FILLER = /\b(?:my|name|names|is|i|am|i'm|im|this|here|phone|mobile|number|no|num|email|e-mail|mail|id|and|contact|me|on|at|call|whatsapp|it's|its|details|hi|hello)\b/gi;

/** Name, Indian mobile and e-mail as typed in one message ('Ravi Kumar, 98450 12345'). */
export function readContactDetails(text: string): ContactDetails {
  const email = EMAIL.exec(text)?.[0] ?? null;
  let rest = email ? text.replace(email, ' ') : text;
  const phoneText = PHONE.exec(rest)?.[0];
  const phone = phoneText ? normaliseIndianMobile(phoneText) : null;
  if (phoneText) rest = rest.replace(phoneText, ' ');
  const name = rest
    .replace(NAME_FILLER, ' ')
    .replace(/[^\p{L}\s.'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const words = name.split(' ').filter(Boolean);
  const isName = name.length >= 2 && name.length <= 80 && words.length <= 5;
  return { name: isName ? name : null, phone, email: email?.toLowerCase() ?? null };
}

/** The message names search filters (BHK, type, budget): typed while a contact is awaited, it is a new search. */
export function looksLikeSearch(text: string): boolean {
  const filters = parseSearchQuery(text);
  return filters.bhk.length > 0 || filters.propertyTypes.length > 0 || filters.maxPrice !== null || filters.minPrice !== null;
}

/** The words left to resolve as place and builder names once the filters' phrases, chatter and bare numbers are out. */
export function searchWords(parsed: ParsedSearchQuery): string[] {
  return wordsOf(parsed.text.split(' ').filter((word) => word && !CHAT_WORDS.has(word) && !/^\d+$/.test(word)).join(' '));
}

export interface Understood {
  /** The conversation with what the message said merged in (the caller settles awaiting, page and contact). */
  state: ConversationState;
  /** The city the message named, itself or through a locality or zone. */
  city: PlaceRef | null;
  /** Whether the message said anything the search uses. */
  understood: boolean;
}

/**
 * What a free-text message adds to the search: a new city clears the area; a locality or zone replaces the area; a
 * BHK without a type drops a plot type kept from before; a plot or studio type alone drops the BHK.
 */
export function understandSearch(before: ConversationState, parsed: ParsedSearchQuery, places: Places): Understood {
  let s: ConversationState = { ...before };
  const placeCity = places.location?.city ?? places.zone?.city ?? null;
  const city = places.city ?? placeCity;
  if (city && city.id !== s.city?.id) s = { ...s, city, zone: null, location: null, areaSkipped: false };
  if (places.location) s = { ...s, location: { id: places.location.id, name: places.location.name }, zone: places.location.zone, areaSkipped: false };
  else if (places.zone) s = { ...s, zone: { id: places.zone.id, name: places.zone.name }, location: null, areaSkipped: false };
  if (places.builder) s = { ...s, builder: places.builder };
  if (parsed.bhk.length > 0) s = { ...s, bhk: parsed.bhk, propertyTypes: parsed.propertyTypes.length > 0 ? parsed.propertyTypes : s.propertyTypes.filter((type) => type !== 'plot') };
  else if (parsed.propertyTypes.length > 0) s = { ...s, propertyTypes: parsed.propertyTypes, bhk: parsed.propertyTypes.every((type) => type === 'plot' || type === 'studio') ? [] : s.bhk };
  if (parsed.minPrice !== null || parsed.maxPrice !== null) s = { ...s, minPrice: parsed.minPrice, maxPrice: parsed.maxPrice, budgetAround: parsed.around };
  if (parsed.possession !== null) s = { ...s, possession: parsed.possession };

  const understood = city !== null || places.ambiguous !== null || places.location !== null || places.zone !== null || places.builder !== null || parsed.bhk.length > 0 || parsed.propertyTypes.length > 0 || parsed.minPrice !== null || parsed.maxPrice !== null || parsed.possession !== null;
  return { state: s, city, understood };
}
