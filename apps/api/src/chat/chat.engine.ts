import {
  type ActionButtonsEvent,
  CHAT_ACTION_LABELS,
  CHAT_ACTION_TEXTS,
  CHAT_ACTIONS,
  CHAT_DEFAULT_ACTION_TEXT,
  CHAT_PAGE_SIZE,
  type ChatAction,
  type ChatOption,
  type ChatPropertyCard,
  type ChatReply,
  parseContactMessage,
  type PropertyCardEvent,
} from '@nivaas/contracts/chat.schema';
import { normaliseIndianMobile } from '@nivaas/contracts/lead.schema';
import { parseSearchQuery } from '@nivaas/contracts/price-query';
import type { Possession, Project, PropertyType } from '@nivaas/contracts/project.schema';
import type { WordHit } from '../modules/projects/projects.repository';
import { wordsOf } from '../modules/projects/projects.service';
import { rupeeText, toChatCard } from './chat-card.mapper';

/**
 * The help-chat assistant's conversation engine (issue 6): one visitor message and the conversation so far in,
 * the events to send and the new conversation out. It does no I/O of its own: the catalogue and the leads are
 * behind the two small interfaces below, so it is unit-testable and the gateway decides where state lives.
 */

// ---------------------------------------------------------------------------------------------------------------
// What the engine needs from the outside

export interface PlaceRef {
  id: number;
  name: string;
}

export interface CatalogueQuery {
  cityId: number;
  zoneId: number | undefined;
  locationId: number | undefined;
  builderId: number | undefined;
  bhk: number[];
  propertyTypes: PropertyType[];
  minPrice: number | null;
  maxPrice: number | null;
  possession: Possession | null;
  /** From 1. */
  page: number;
  limit: number;
}

/** The live catalogue (public = active and approved only), as the chat reads it. */
export interface ChatCatalogue {
  /** Cities in display order (Bengaluru first). */
  cities(): Promise<PlaceRef[]>;
  /** A city's localities, busiest first. */
  localities(cityId: number, limit: number): Promise<PlaceRef[]>;
  /** What the words name among localities, zones, cities and public builders (typos forgiven). */
  resolve(text: string): Promise<WordHit[]>;
  search(query: CatalogueQuery): Promise<{ projects: Project[]; total: number; hasMore: boolean }>;
  /** Public projects and listings whose names match `name`, best first. */
  findByName(name: string): Promise<Project[]>;
}

/** Who the handshake's token named, if anyone. */
export interface ChatIdentity {
  kind: 'user' | 'broker';
  id: number;
}

export interface ContactDetails {
  name: string | null;
  phone: string | null;
  email: string | null;
}

export interface ChatLead {
  projectId: number;
  name: string;
  phone: string | null;
  email: string | null;
  userId: number | null;
  message: string;
}

export interface ChatLeads {
  /** The signed-in person's name, phone and e-mail as stored; null when the account is gone. */
  contactOf(identity: ChatIdentity): Promise<ContactDetails | null>;
  /** 'created' or 'repeat' (a repeat within the leads module's dedupe window stores nothing); 'not_found' when the listing is no longer public. */
  submit(lead: ChatLead): Promise<'created' | 'repeat' | 'not_found'>;
}

// ---------------------------------------------------------------------------------------------------------------
// Conversation state (serialisable: it may live in Redis)

export type Awaiting = 'city' | 'area' | 'property_type' | 'contact';

interface ShownCard {
  id: number;
  name: string;
  type: string;
}

interface PendingContact extends ContactDetails {
  projectId: number;
  projectName: string;
  type: string;
}

export interface ConversationState {
  v: 1;
  city: PlaceRef | null;
  zone: PlaceRef | null;
  location: PlaceRef | null;
  builder: PlaceRef | null;
  propertyTypes: PropertyType[];
  bhk: number[];
  minPrice: number | null;
  maxPrice: number | null;
  /** The budget was one amount ('around 1.2 cr'): min and max are 10% either side of it. */
  budgetAround: boolean;
  possession: Possession | null;
  /** The visitor said any area / any type will do, so the engine stops asking. */
  areaSkipped: boolean;
  typeSkipped: boolean;
  awaiting: Awaiting | null;
  /** Pages of the current search shown so far; 0 before the first. */
  page: number;
  /** Recent cards, so a Contact message finds the very listing it came from. */
  shown: ShownCard[];
  contact: PendingContact | null;
  /** Listings this visitor has already enquired about in this conversation (no second lead). */
  contacted: number[];
}

export function newConversation(): ConversationState {
  return {
    v: 1,
    city: null,
    zone: null,
    location: null,
    builder: null,
    propertyTypes: [],
    bhk: [],
    minPrice: null,
    maxPrice: null,
    budgetAround: false,
    possession: null,
    areaSkipped: false,
    typeSkipped: false,
    awaiting: null,
    page: 0,
    shown: [],
    contact: null,
    contacted: [],
  };
}

const MAX_SHOWN = 40;
const MAX_CONTACTED = 50;
/** City and locality choices offered as buttons. */
const CITY_CHOICES = 8;
const AREA_CHOICES = 6;

// ---------------------------------------------------------------------------------------------------------------
// Events

export type ChatEvent =
  | { event: 'reply'; payload: ChatReply }
  | { event: 'property_card'; payload: PropertyCardEvent }
  | { event: 'action_buttons'; payload: ActionButtonsEvent };

export interface TurnResult {
  state: ConversationState;
  events: ChatEvent[];
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the visitor

const GREETING = /^(?:hi+|hii+|hey+|hello+|helo|hola|namaste|namaskar|yo|start|good (?:morning|afternoon|evening))\b[\s!.,?]*(?:there|nivaas|bot)?[\s!.,?]*$/i;
const THANKS = /^(?:thanks?|thank you|thx|ty|ok(?:ay)?|great|cool|bye|goodbye)\b[\s!.,a-z]*$/i;
/** 'Any area will do', 'any type', 'show all'. */
const SKIP = /^(?:any|anything|anywhere|all|any ?where|any (?:area|place|locality|location|type|property|property type|kind)|all (?:areas|types|properties)|anywhere in [\p{L} ]+|no preference|doesn'?t matter|does not matter|show all|skip|any type is fine|any area is fine)[\s!.]*$/iu;

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

function actionOf(text: string): ChatAction | null {
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

interface Places {
  city: PlaceRef | null;
  zone: (PlaceRef & { city: PlaceRef }) | null;
  location: (PlaceRef & { city: PlaceRef; zone: PlaceRef | null }) | null;
  builder: PlaceRef | null;
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

  const places: Places = { city: null, zone: null, location: null, builder: null };
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
      if (places.location || places.zone || hit.cityId === null || hit.cityName === null) continue;
      const hitCity = { id: hit.cityId, name: hit.cityName };
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

// ---------------------------------------------------------------------------------------------------------------
// Writing to the visitor

/** '₹1.5 Cr', '₹80 Lakh', '₹75,000': a budget as a buyer says it. */
export function budgetWords(rupees: number): string {
  const trim = (value: number) => String(Number(value.toFixed(2)));
  if (rupees >= 10_000_000) return `₹${trim(rupees / 10_000_000)} Cr`;
  if (rupees >= 100_000) return `₹${trim(rupees / 100_000)} Lakh`;
  return rupeeText(rupees);
}

const TYPE_PLURALS: Record<PropertyType, string> = {
  apartment: 'apartments',
  villa: 'villas',
  plot: 'plots',
  residentialhouse: 'independent houses',
  'pent house': 'penthouses',
  studio: 'studios',
};

const TYPE_CHOICES: ChatOption[] = [
  { label: 'Apartment', value: 'apartment' },
  { label: 'Villa', value: 'villa' },
  { label: 'Plot', value: 'plot' },
  { label: 'Independent House', value: 'independent house' },
  { label: 'Penthouse', value: 'penthouse' },
  { label: 'Studio', value: 'studio' },
  { label: 'Any type', value: 'any type' },
];

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** '**3 BHK apartments** in **Whitefield, Bengaluru** under **₹1.5 Cr**, ready to move, by **Prestige**'. */
export function describeSearch(state: ConversationState): string {
  const what = [
    state.bhk.length > 0 ? `${state.bhk.join(', ')} BHK` : '',
    state.propertyTypes.length > 0 ? listWords(state.propertyTypes.map((type) => TYPE_PLURALS[type])) : state.bhk.length > 0 ? 'homes' : 'properties',
  ]
    .filter(Boolean)
    .join(' ');
  const place = state.location ?? state.zone;
  const where = state.city ? ` in **${place ? `${place.name}, ` : ''}${state.city.name}**` : '';
  let budget = '';
  if (state.budgetAround && state.minPrice !== null && state.maxPrice !== null) budget = ` around **${budgetWords(Math.round((state.minPrice + state.maxPrice) / 2))}**`;
  else if (state.minPrice !== null && state.maxPrice !== null) budget = ` between **${budgetWords(state.minPrice)}** and **${budgetWords(state.maxPrice)}**`;
  else if (state.maxPrice !== null) budget = ` under **${budgetWords(state.maxPrice)}**`;
  else if (state.minPrice !== null) budget = ` above **${budgetWords(state.minPrice)}**`;
  const possession = state.possession === 'ready' ? ', ready to move' : state.possession === 'under-construction' ? ', under construction' : state.possession === 'upcoming' ? ', upcoming launches' : '';
  const builder = state.builder ? `, by **${state.builder.name}**` : '';
  return `**${what}**${where}${budget}${possession}${builder}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The engine

export interface ChatTurnContext {
  identity: ChatIdentity | null;
}

export interface ChatEngineDeps {
  catalogue: ChatCatalogue;
  leads: ChatLeads;
}

export function createChatEngine({ catalogue, leads }: ChatEngineDeps) {
  /** One turn's events; every answered turn ends with exactly one action_buttons (see chat.schema.ts). */
  class Turn {
    readonly events: ChatEvent[] = [];
    constructor(public state: ConversationState) {}
    say(text: string) {
      this.events.push({ event: 'reply', payload: text });
    }
    cards(cards: ChatPropertyCard[]) {
      this.events.push({ event: 'property_card', payload: { data: cards } });
    }
    finish(text: string, options: ChatOption[]): TurnResult {
      this.events.push({ event: 'action_buttons', payload: { data: { text, options } } });
      return { state: this.state, events: this.events };
    }
    /** spec §7: the default buttons, plus 'Next properties' when more of the current search exist. */
    finishWithDefaults(hasMore = false): TurnResult {
      const actions: ChatAction[] = ['trigger_switch_area', 'trigger_switch_property_type', 'trigger_switch_city'];
      if (hasMore) actions.unshift('trigger_next_properties');
      return this.finish(
        CHAT_DEFAULT_ACTION_TEXT,
        actions.map((value) => ({ label: CHAT_ACTION_LABELS[value], value })),
      );
    }
  }

  async function askCity(turn: Turn, text: string): Promise<TurnResult> {
    turn.state = { ...turn.state, awaiting: 'city' };
    const cities = (await catalogue.cities()).slice(0, CITY_CHOICES);
    turn.say(text);
    return turn.finish(CHAT_DEFAULT_ACTION_TEXT, cities.map((city) => ({ label: city.name, value: city.name })));
  }

  async function askArea(turn: Turn, text: string): Promise<TurnResult> {
    const city = turn.state.city;
    if (!city) return askCity(turn, 'Which city are you looking in?');
    turn.state = { ...turn.state, awaiting: 'area' };
    const localities = await catalogue.localities(city.id, AREA_CHOICES);
    turn.say(text);
    return turn.finish(CHAT_DEFAULT_ACTION_TEXT, [
      ...localities.map((place) => ({ label: place.name, value: place.name })),
      { label: `Anywhere in ${city.name}`, value: 'anywhere' },
    ]);
  }

  function askType(turn: Turn, text: string): TurnResult {
    turn.state = { ...turn.state, awaiting: 'property_type' };
    turn.say(text);
    return turn.finish(CHAT_DEFAULT_ACTION_TEXT, TYPE_CHOICES);
  }

  /** The next page of the current search (page 1 for a new one), as cards with the buttons. */
  async function showResults(turn: Turn, page: number): Promise<TurnResult> {
    const state = turn.state;
    if (!state.city) return askCity(turn, 'Which city are you looking in?');
    const { projects, total, hasMore } = await catalogue.search({
      cityId: state.city.id,
      zoneId: state.location ? undefined : state.zone?.id,
      locationId: state.location?.id,
      builderId: state.builder?.id,
      bhk: state.bhk,
      propertyTypes: state.propertyTypes,
      minPrice: state.minPrice,
      maxPrice: state.maxPrice,
      possession: state.possession,
      page,
      limit: CHAT_PAGE_SIZE,
    });
    const description = describeSearch(state);
    if (projects.length === 0) {
      turn.state = { ...state, awaiting: null, page: page === 1 ? 0 : state.page };
      turn.say(
        page === 1
          ? `Sorry, I couldn't find any ${description} right now. Try another area, property type or budget.`
          : `That's all I have for ${description}. Try another area, property type or budget.`,
      );
      return turn.finishWithDefaults(false);
    }
    const cards = projects.map((project) => toChatCard(project, state));
    const from = (page - 1) * CHAT_PAGE_SIZE + 1;
    const to = from + cards.length - 1;
    const found = Math.max(total, to);
    turn.say(
      page === 1
        ? `${found === 1 ? 'I found 1 match' : `I found ${found} matches`} for ${description}.${found > cards.length ? ` Here are the first ${cards.length}:` : ''}`
        : `Here are more: ${from} to ${to} of ${found}.`,
    );
    turn.cards(cards);
    const shown = [...state.shown, ...cards.map((card) => ({ id: card.projectId, name: card.projectName, type: card.propertyType }))].slice(-MAX_SHOWN);
    turn.state = { ...state, awaiting: null, page, shown };
    return turn.finishWithDefaults(hasMore);
  }

  /** Asks for what is still missing (city, then area, then type) or shows the first page. */
  async function nextStep(turn: Turn, lead = ''): Promise<TurnResult> {
    const s = turn.state;
    const prefix = lead ? `${lead} ` : '';
    if (!s.city) return askCity(turn, `${prefix}Which city are you looking in?`);
    const hasOther = s.bhk.length > 0 || s.propertyTypes.length > 0 || s.minPrice !== null || s.maxPrice !== null || s.builder !== null || s.possession !== null;
    if (!s.location && !s.zone && !s.areaSkipped && !hasOther) return askArea(turn, `${prefix}Which area of **${s.city.name}** would you like?`);
    const hasType = s.bhk.length > 0 || s.propertyTypes.length > 0;
    if (!hasType && !s.typeSkipped && s.minPrice === null && s.maxPrice === null && s.builder === null) {
      return askType(turn, `${prefix}What kind of property are you looking for?`);
    }
    return showResults(turn, 1);
  }

  function greet(turn: Turn): Promise<TurnResult> | TurnResult {
    const hello = "Hi! I'm the Nivaas property assistant. Tell me what you're looking for, for example **3 BHK in Whitefield under 1.5 Cr**.";
    if (!turn.state.city) return askCity(turn, `${hello}\nWhich city are you looking in?`);
    turn.say(`${hello}\nWe were looking at ${describeSearch(turn.state)}.`);
    turn.state = { ...turn.state, awaiting: null };
    return turn.finishWithDefaults(turn.state.page > 0);
  }

  async function handleAction(turn: Turn, action: ChatAction): Promise<TurnResult> {
    const s = turn.state;
    switch (action) {
      case 'trigger_switch_area':
        turn.state = { ...s, location: null, zone: null, areaSkipped: false, page: 0, contact: null };
        return askArea(turn, turn.state.city ? `Sure. Which area of **${turn.state.city.name}**?` : 'Sure. Which city are you looking in first?');
      case 'trigger_switch_property_type':
        turn.state = { ...s, propertyTypes: [], bhk: [], typeSkipped: false, page: 0, contact: null };
        return askType(turn, 'Sure. What kind of property are you looking for? You can also say a size, like **2 BHK**.');
      case 'trigger_switch_city':
        turn.state = { ...s, city: null, zone: null, location: null, areaSkipped: false, page: 0, contact: null };
        return askCity(turn, 'Sure. Which city would you like to look in?');
      case 'trigger_next_properties':
        turn.state = { ...s, contact: null };
        return s.page > 0 ? showResults(turn, s.page + 1) : nextStep(turn);
    }
  }

  async function findListing(state: ConversationState, name: string, type: string): Promise<ShownCard | null> {
    const sameName = (candidate: { name: string }) => candidate.name.trim().toLowerCase() === name.toLowerCase();
    const sameType = (candidate: { type: string }) => type === '' || candidate.type.toLowerCase() === type.toLowerCase();
    const shown = [...state.shown].reverse();
    const fromCards = shown.find((card) => sameName(card) && sameType(card)) ?? shown.find(sameName);
    if (fromCards) return fromCards;
    const found = await catalogue.findByName(name);
    const match = found.find((project) => sameName(project) && sameType(project)) ?? found.find(sameName);
    return match ? { id: match.id, name: match.name, type: match.type } : null;
  }

  async function submitContact(turn: Turn, contact: PendingContact, ctx: ChatTurnContext): Promise<TurnResult> {
    const name = contact.name;
    if (name === null || (contact.phone === null && contact.email === null)) {
      turn.state = { ...turn.state, awaiting: 'contact', contact };
      const missing = name === null && contact.phone === null ? 'your name and 10-digit mobile number' : name === null ? 'your name' : 'your 10-digit mobile number';
      turn.say(`Happy to connect you with the team for **${contact.projectName}**. Please share ${missing} (for example: Ravi Kumar, 98450 12345).`);
      return turn.finishWithDefaults(false);
    }
    const outcome = await leads.submit({
      projectId: contact.projectId,
      name,
      phone: contact.phone,
      email: contact.email,
      userId: ctx.identity?.kind === 'user' ? ctx.identity.id : null,
      message: `Interested in ${contact.projectName} (${contact.type}), from the help chat`,
    });
    if (outcome === 'not_found') {
      turn.state = { ...turn.state, awaiting: null, contact: null };
      turn.say(`Sorry, **${contact.projectName}** is no longer available. Shall we look at something similar?`);
      return turn.finishWithDefaults(false);
    }
    turn.state = { ...turn.state, awaiting: null, contact: null, contacted: [...turn.state.contacted, contact.projectId].slice(-MAX_CONTACTED) };
    const via = contact.phone ? 'call you' : 'write to you';
    turn.say(`Thank you, ${name}! I've shared your interest in **${contact.projectName}** with the team. They will ${via} shortly.`);
    return turn.finishWithDefaults(turn.state.page > 0);
  }

  async function startContact(turn: Turn, projectName: string, type: string, ctx: ChatTurnContext): Promise<TurnResult> {
    const listing = await findListing(turn.state, projectName, type);
    if (!listing) {
      turn.say(`Sorry, I couldn't find **${projectName}** among the live listings.`);
      return turn.finishWithDefaults(turn.state.page > 0);
    }
    if (turn.state.contacted.includes(listing.id)) {
      turn.say(`You've already shown interest in **${listing.name}**. Our team will get in touch with you shortly.`);
      return turn.finishWithDefaults(turn.state.page > 0);
    }
    const known = ctx.identity ? await leads.contactOf(ctx.identity) : null;
    return submitContact(
      turn,
      { projectId: listing.id, projectName: listing.name, type: listing.type, name: known?.name ?? null, phone: known?.phone ?? null, email: known?.email ?? null },
      ctx,
    );
  }

  /** Free text: what it adds to the search, then the next question or the results. */
  async function understand(turn: Turn, text: string): Promise<TurnResult> {
    const before = turn.state;
    // Skip answers are short; the long Unicode pattern is not worth running on a sentence.
    if (text.length <= 40 && SKIP.test(text)) {
      if (before.awaiting === 'property_type') turn.state = { ...before, typeSkipped: true };
      else if (before.awaiting === 'area') turn.state = { ...before, areaSkipped: true };
      else turn.state = { ...before, areaSkipped: before.city !== null, typeSkipped: before.awaiting === null ? true : before.typeSkipped };
      return nextStep(turn);
    }
    const parsed = parseSearchQuery(text);
    const words = wordsOf(parsed.text.split(' ').filter((word) => word && !CHAT_WORDS.has(word) && !/^\d+$/.test(word)).join(' '));
    const hits = words.length > 0 ? await catalogue.resolve(words.join(' ')) : [];
    const places = pickPlaces(words, hits, before.city?.id ?? null);

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

    const understood = city !== null || places.location !== null || places.zone !== null || places.builder !== null || parsed.bhk.length > 0 || parsed.propertyTypes.length > 0 || parsed.minPrice !== null || parsed.maxPrice !== null || parsed.possession !== null;
    if (!understood) {
      turn.state = before;
      const quoted = text.length > 40 ? `${text.slice(0, 40)}…` : text;
      if (before.awaiting === 'city') return askCity(turn, `Sorry, I don't have listings in "${quoted}" yet. Please pick a city:`);
      if (before.awaiting === 'area') return askArea(turn, `Sorry, I couldn't find an area called "${quoted}" in **${before.city?.name ?? 'that city'}**. Try one of these:`);
      if (before.awaiting === 'property_type') return askType(turn, 'Sorry, I didn\'t catch the property type. Pick one of these, or say a size like **2 BHK**:');
      turn.say("Sorry, I didn't understand that. You can ask me something like **2 BHK in Whitefield under 80 lakh**, or pick an option below.");
      return before.city ? turn.finishWithDefaults(before.page > 0) : askCity(turn, 'Which city are you looking in?');
    }
    turn.state = { ...s, awaiting: null, page: 0, contact: null };
    return nextStep(turn, city && !before.city && !places.location && !places.zone ? `Great, **${city.name}**.` : '');
  }

  return {
    /** One visitor message; `state` is the conversation so far (newConversation() for a new visitor). */
    async handle(state: ConversationState, message: string, ctx: ChatTurnContext): Promise<TurnResult> {
      const turn = new Turn(state);
      const text = message.trim().replace(/\s+/g, ' ');
      const action = actionOf(text);
      if (action) return handleAction(turn, action);
      if (GREETING.test(text)) return greet(turn);
      const contact = parseContactMessage(text);
      if (contact) return startContact(turn, contact.projectName, contact.type, ctx);
      if (state.awaiting === 'contact' && state.contact) {
        const details = readContactDetails(text);
        const filters = parseSearchQuery(text);
        const looksLikeSearch = filters.bhk.length > 0 || filters.propertyTypes.length > 0 || filters.maxPrice !== null || filters.minPrice !== null;
        if (details.phone || details.email || (details.name && !looksLikeSearch)) {
          return submitContact(
            turn,
            { ...state.contact, name: details.name ?? state.contact.name, phone: details.phone ?? state.contact.phone, email: details.email ?? state.contact.email },
            ctx,
          );
        }
      }
      if (THANKS.test(text)) {
        turn.state = { ...state, awaiting: null, contact: null };
        turn.say("You're welcome! Ask me anytime, for example **villas in Sarjapur** or **ready to move 2 BHK under 70 lakh**.");
        return turn.finishWithDefaults(state.page > 0);
      }
      return understand(turn, text);
    },
  };
}

export type ChatEngine = ReturnType<typeof createChatEngine>;
