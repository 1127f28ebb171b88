import {
  CHAT_ACTION_LABELS,
  CHAT_DEFAULT_ACTION_TEXT,
  CHAT_PAGE_SIZE,
  type ChatAction,
  type ChatOption,
  type ChatPropertyCard,
  parseContactMessage,
} from '@nivaas/contracts/chat.schema';
import { parseSearchQuery } from '@nivaas/contracts/price-query';
import { wordsOf } from '../modules/projects/projects.service';
import { toChatCard } from './chat-card.mapper';
import type {
  ChatEngineDeps,
  ChatEvent,
  ChatTurnContext,
  ConversationState,
  PendingContact,
  PlaceRef,
  ShownCard,
  TurnResult,
} from './chat-engine.types';
import {
  actionOf,
  isGreeting,
  isSkipAnswer,
  isThanks,
  looksLikeSearch,
  pickPlaces,
  readContactDetails,
  searchWords,
  understandSearch,
} from './chat-engine.understanding';
import { describeSearch, TYPE_CHOICES } from './chat-engine.wording';

/**
 * The help-chat assistant's conversation engine (issue 6): one visitor message and the conversation so far in,
 * the events to send and the new conversation out. This file is the turn flow (what to ask next, searching,
 * paging, taking a contact); its edges are in chat-engine.types.ts (the catalogue and leads ports, the state, the
 * events), reading free text in chat-engine.understanding.ts and the wording in chat-engine.wording.ts. It does
 * no I/O of its own, so it is unit-testable and the gateway decides where state lives.
 */

// The engine's public face, for the gateway, its adapters and the tests.
export type {
  Awaiting,
  CatalogueQuery,
  ChatCatalogue,
  ChatEngineDeps,
  ChatEvent,
  ChatIdentity,
  ChatLead,
  ChatLeads,
  ChatTurnContext,
  ContactDetails,
  ConversationState,
  PlaceRef,
  TurnResult,
} from './chat-engine.types';
export { newConversation } from './chat-engine.types';
export { pickPlaces, readContactDetails } from './chat-engine.understanding';
export { budgetWords, describeSearch } from './chat-engine.wording';

const MAX_SHOWN = 40;
const MAX_CONTACTED = 50;
/** Locality choices offered as buttons; cities are all offered (issue 17: every city with a listing). */
const AREA_CHOICES = 6;

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

  /** Asks for the city, offering every city with a listing, or only `among` (the cities an unclear place is in). */
  async function askCity(turn: Turn, text: string, among?: PlaceRef[]): Promise<TurnResult> {
    turn.state = { ...turn.state, awaiting: 'city' };
    const cities = among ?? (await catalogue.cities());
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
    const s: ConversationState = { ...turn.state, pendingPlace: null };
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
    if (isSkipAnswer(text)) {
      if (before.awaiting === 'property_type') turn.state = { ...before, typeSkipped: true };
      else if (before.awaiting === 'area') turn.state = { ...before, areaSkipped: true };
      else turn.state = { ...before, areaSkipped: before.city !== null, typeSkipped: before.awaiting === null ? true : before.typeSkipped };
      return nextStep(turn);
    }
    const parsed = parseSearchQuery(text);
    const words = searchWords(parsed);
    const hits = words.length > 0 ? await catalogue.resolve(words.join(' ')) : [];
    let places = pickPlaces(words, hits, before.city?.id ?? null);
    // The answer to 'which city?' after an unclear place: the place is read again, in the city now named.
    const pendingPlace = before.pendingPlace ?? null;
    if (pendingPlace && places.city && !places.location && !places.zone && !places.ambiguous) {
      const placeWords = wordsOf(pendingPlace);
      const inCity = pickPlaces(placeWords, await catalogue.resolve(placeWords.join(' ')), places.city.id);
      const found = inCity.location?.city.id === places.city.id ? { location: inCity.location } : inCity.zone?.city.id === places.city.id ? { zone: inCity.zone } : {};
      places = { ...places, ...found };
    }
    const { state: understoodState, city, understood } = understandSearch(before, parsed, places);
    const s: ConversationState = { ...understoodState, pendingPlace: null };
    if (places.ambiguous && !city) {
      // issue 17: a place name found in several cities is asked about, never guessed; what else was said is kept.
      const { name, cities } = places.ambiguous;
      turn.state = { ...s, page: 0, contact: null, pendingPlace: name };
      const listed = cities.map((place) => place.name);
      const where = `${listed.slice(0, -1).join(', ')} and ${listed.at(-1) ?? ''}`;
      return askCity(turn, `There is a **${name}** in ${where}. Which city do you mean?`, cities);
    }
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
      if (isGreeting(text)) return greet(turn);
      const contact = parseContactMessage(text);
      if (contact) return startContact(turn, contact.projectName, contact.type, ctx);
      if (state.awaiting === 'contact' && state.contact) {
        const details = readContactDetails(text);
        if (details.phone || details.email || (details.name && !looksLikeSearch(text))) {
          return submitContact(
            turn,
            { ...state.contact, name: details.name ?? state.contact.name, phone: details.phone ?? state.contact.phone, email: details.email ?? state.contact.email },
            ctx,
          );
        }
      }
      if (isThanks(text)) {
        turn.state = { ...state, awaiting: null, contact: null };
        turn.say("You're welcome! Ask me anytime, for example **villas in Sarjapur** or **ready to move 2 BHK under 70 lakh**.");
        return turn.finishWithDefaults(state.page > 0);
      }
      return understand(turn, text);
    },
  };
}

export type ChatEngine = ReturnType<typeof createChatEngine>;
