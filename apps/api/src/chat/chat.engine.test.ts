import type { Project } from '@nivaas/contracts/project.schema';
import { describe, expect, it } from 'vitest';
import type { WordHit } from '../modules/projects/projects.repository';
import { cardPath, indianDigits, matchingUnits, toChatCard } from './chat-card.mapper';
import {
  budgetWords,
  type CatalogueQuery,
  type ChatCatalogue,
  type ChatLead,
  type ChatLeads,
  createChatEngine,
  newConversation,
  pickPlaces,
  readContactDetails,
} from './chat.engine';

/**
 * The engine on its own: what it understands from free text and buttons, and what it asks next. The catalogue here
 * is a small in-memory stand-in that records the queries the engine makes; what those queries return from the real
 * database is the gateway tests' business (chat.gateway.test.ts).
 */

const hit = (overrides: Partial<WordHit> & Pick<WordHit, 'index' | 'kind' | 'id' | 'name'>): WordHit => ({
  exact: false,
  contains: true,
  score: 0.5,
  logo: null,
  cityId: null,
  cityName: null,
  zoneId: null,
  zoneName: null,
  ...overrides,
});

const BENGALURU = { id: 1, name: 'Bengaluru' };
const PUNE = { id: 2, name: 'Pune' };
const DELHI = { id: 6, name: 'Delhi' };
const JAIPUR = { id: 11, name: 'Jaipur' };
/** Twelve cities with listings, as seeded: more than the eight the chat used to offer. */
const CITIES = [BENGALURU, { id: 3, name: 'Mumbai' }, PUNE, { id: 4, name: 'Hyderabad' }, { id: 5, name: 'Chennai' }, DELHI, { id: 7, name: 'Gurugram' }, { id: 8, name: 'Noida' }, { id: 9, name: 'Kolkata' }, { id: 10, name: 'Ahmedabad' }, JAIPUR, { id: 12, name: 'Kochi' }];
/** One locality name in two cities (the seed has Malviya Nagar in Delhi and in Jaipur). */
const malviyaDelhi = hit({ index: 0, kind: 'location', id: 40, name: 'Malviya Nagar', cityId: DELHI.id, cityName: 'Delhi', zoneId: 41, zoneName: 'South Delhi' });
const malviyaJaipur = hit({ index: 0, kind: 'location', id: 50, name: 'Malviya Nagar', cityId: JAIPUR.id, cityName: 'Jaipur', zoneId: 51, zoneName: 'Central Jaipur' });
const vaishaliNagar = hit({ index: 0, kind: 'location', id: 52, name: 'Vaishali Nagar', cityId: JAIPUR.id, cityName: 'Jaipur' });
const electronicCity = hit({ index: 0, kind: 'location', id: 11, name: 'Electronic City', cityId: 1, cityName: 'Bengaluru' });
const vidyaCity = hit({ index: 0, kind: 'location', id: 12, name: 'Vidya City', cityId: 1, cityName: 'Bengaluru' });
/** What each word names, as the real resolve answers it (per word, `index` set by position). */
const WORDS: Record<string, WordHit[]> = {
  bengaluru: [hit({ index: 0, kind: 'city', id: 1, name: 'Bengaluru', exact: true })],
  pune: [hit({ index: 0, kind: 'city', id: 2, name: 'Pune', exact: true })],
  whitefield: [hit({ index: 0, kind: 'location', id: 10, name: 'Whitefield', exact: true, cityId: 1, cityName: 'Bengaluru', zoneId: 5, zoneName: 'East Bengaluru' })],
  prestige: [hit({ index: 0, kind: 'builder', id: 30, name: 'Prestige Group' })],
  electronic: [electronicCity],
  city: [electronicCity, vidyaCity],
  delhi: [hit({ index: 0, kind: 'city', id: DELHI.id, name: 'Delhi', exact: true })],
  jaipur: [hit({ index: 0, kind: 'city', id: JAIPUR.id, name: 'Jaipur', exact: true })],
  malviya: [malviyaDelhi, malviyaJaipur],
  nagar: [malviyaDelhi, malviyaJaipur, vaishaliNagar],
};
const resolveWords = (text: string): WordHit[] => text.split(' ').flatMap((word, index) => (WORDS[word] ?? []).map((found) => ({ ...found, index })));

function engineWith() {
  const queries: CatalogueQuery[] = [];
  const leads: ChatLead[] = [];
  const catalogue: ChatCatalogue = {
    cities: async () => CITIES,
    localities: async () => [{ id: 10, name: 'Whitefield' }],
    resolve: async (text) => resolveWords(text),
    search: async (query) => {
      queries.push(query);
      return { projects: [], total: 0, hasMore: false };
    },
    findByName: async () => [],
  };
  const leadsPort: ChatLeads = {
    contactOf: async () => null,
    submit: async (lead) => {
      leads.push(lead);
      return 'created';
    },
  };
  return { engine: createChatEngine({ catalogue, leads: leadsPort }), queries, leads };
}

const guest = { identity: null };

describe('chat engine: reading the visitor', () => {
  it('reads BHK, place, zone and a crore budget from one sentence', async () => {
    const { engine, queries } = engineWith();
    const { state } = await engine.handle(newConversation(), '3 bhk in whitefield under 1.5 cr', guest);
    expect(queries.at(-1)).toMatchObject({ cityId: 1, locationId: 10, zoneId: undefined, bhk: [3], maxPrice: 15_000_000, minPrice: null, page: 1, limit: 5 });
    expect(state).toMatchObject({ city: BENGALURU, location: { id: 10 }, zone: { id: 5, name: 'East Bengaluru' } });
  });

  it.each([
    ['2 bhk flats in whitefield between 50 lakh and 1 crore', { minPrice: 5_000_000, maxPrice: 10_000_000, bhk: [2], propertyTypes: ['apartment'] }],
    ['villa in whitefield around 2 cr', { minPrice: 18_000_000, maxPrice: 22_000_000, propertyTypes: ['villa'] }],
    ['ready to move homes in whitefield above 80 lakh', { minPrice: 8_000_000, maxPrice: null, possession: 'ready' }],
    ['under construction apartments in whitefield', { possession: 'under-construction', propertyTypes: ['apartment'] }],
    ['prestige projects in bengaluru', { builderId: 30, cityId: 1, locationId: undefined }],
  ])('%s', async (text, expected) => {
    const { engine, queries } = engineWith();
    await engine.handle(newConversation(), text, guest);
    expect(queries.at(-1)).toMatchObject(expected);
  });

  it('asks for the city first when the text names none, and keeps what it did understand', async () => {
    const { engine, queries } = engineWith();
    const turn = await engine.handle(newConversation(), '2 bhk under 80 lakh', guest);
    expect(queries).toHaveLength(0);
    expect(turn.events[0]).toEqual({ event: 'reply', payload: 'Which city are you looking in?' });
    expect(turn.state).toMatchObject({ awaiting: 'city', bhk: [2], maxPrice: 8_000_000 });
    await engine.handle(turn.state, 'Pune', guest);
    expect(queries.at(-1)).toMatchObject({ cityId: 2, bhk: [2], maxPrice: 8_000_000 });
  });

  it("takes 'anywhere' and 'any type' as answers, so it stops asking", async () => {
    const { engine, queries } = engineWith();
    let { state } = await engine.handle(newConversation(), 'bengaluru', guest);
    expect(state.awaiting).toBe('area');
    ({ state } = await engine.handle(state, 'anywhere', guest));
    expect(state.awaiting).toBe('property_type');
    await engine.handle(state, 'any type', guest);
    expect(queries.at(-1)).toMatchObject({ cityId: 1, locationId: undefined, zoneId: undefined, bhk: [], propertyTypes: [] });
  });

  it('says what it did not understand and re-asks the open question', async () => {
    const { engine } = engineWith();
    const { state } = await engine.handle(newConversation(), 'hello', guest);
    const turn = await engine.handle(state, 'atlantis', guest);
    expect(turn.events[0]).toEqual({ event: 'reply', payload: 'Sorry, I don\'t have listings in "atlantis" yet. Please pick a city:' });
    expect(turn.state.awaiting).toBe('city');
  });

  it('ends every turn with exactly one action_buttons event', async () => {
    const { engine } = engineWith();
    let state = newConversation();
    for (const text of ['hi', 'bengaluru', 'whitefield', 'villa', 'trigger_switch_city', 'pune', 'trigger_next_properties', 'thanks', '???']) {
      const turn = await engine.handle(state, text, guest);
      expect(turn.events.filter((event) => event.event === 'action_buttons'), text).toHaveLength(1);
      expect(turn.events.at(-1)?.event, text).toBe('action_buttons');
      state = turn.state;
    }
  });
});

describe('chat engine: places that are clear and places that are not (issue 17)', () => {
  const replyOf = (turn: { events: { event: string; payload: unknown }[] }) => turn.events.find((event) => event.event === 'reply')?.payload;
  const buttonsOf = (turn: { events: { event: string; payload: unknown }[] }) =>
    (turn.events.at(-1)?.payload as { data: { options: { label: string; value: string }[] } }).data.options.map((option) => option.value);

  it("searches at once for '2 bhk in whitefield': the locality is in one city only, so no city question comes first", async () => {
    const { engine, queries } = engineWith();
    const turn = await engine.handle(newConversation(), '2 bhk in whitefield', guest);
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({ cityId: BENGALURU.id, locationId: 10, bhk: [2], page: 1 });
    expect(turn.state).toMatchObject({ awaiting: null, city: BENGALURU, location: { id: 10, name: 'Whitefield' } });
    expect(String(replyOf(turn))).not.toMatch(/Which city/);
    expect(buttonsOf(turn)).toEqual(['trigger_switch_area', 'trigger_switch_property_type', 'trigger_switch_city']);
  });

  it('asks which city when the locality is in several, offering just those, then searches there', async () => {
    const { engine, queries } = engineWith();
    const asked = await engine.handle(newConversation(), '2 bhk in malviya nagar', guest);
    expect(queries).toHaveLength(0);
    expect(replyOf(asked)).toBe('There is a **Malviya Nagar** in Delhi and Jaipur. Which city do you mean?');
    expect(buttonsOf(asked)).toEqual(['Delhi', 'Jaipur']);
    expect(asked.state).toMatchObject({ awaiting: 'city', city: null, location: null, bhk: [2], pendingPlace: 'Malviya Nagar' });

    const answered = await engine.handle(asked.state, 'Jaipur', guest);
    expect(queries.at(-1)).toMatchObject({ cityId: JAIPUR.id, locationId: malviyaJaipur.id, bhk: [2] });
    expect(answered.state).toMatchObject({ city: JAIPUR, location: { id: malviyaJaipur.id }, zone: { id: 51 }, pendingPlace: null });
  });

  it('takes the city already chosen in the conversation, or named in the message, without asking', async () => {
    const inJaipur = engineWith();
    const { state } = await inJaipur.engine.handle(newConversation(), 'jaipur', guest);
    await inJaipur.engine.handle(state, '3 bhk in malviya nagar', guest);
    expect(inJaipur.queries.at(-1)).toMatchObject({ cityId: JAIPUR.id, locationId: malviyaJaipur.id, bhk: [3] });

    const named = engineWith();
    await named.engine.handle(newConversation(), '3 bhk in malviya nagar delhi', guest);
    expect(named.queries.at(-1)).toMatchObject({ cityId: DELHI.id, locationId: malviyaDelhi.id });
  });

  it('still asks for the city when the place is unknown, offering every city with listings', async () => {
    const { engine, queries } = engineWith();
    const turn = await engine.handle(newConversation(), '2 bhk in atlantis', guest);
    expect(queries).toHaveLength(0);
    expect(replyOf(turn)).toBe('Which city are you looking in?');
    expect(buttonsOf(turn)).toEqual(CITIES.map((city) => city.name));
  });

  it("offers every city with listings on 'Switch City', Jaipur and Kochi included", async () => {
    const { engine } = engineWith();
    const { state } = await engine.handle(newConversation(), '2 bhk in whitefield', guest);
    const turn = await engine.handle(state, 'trigger_switch_city', guest);
    expect(buttonsOf(turn)).toEqual(CITIES.map((city) => city.name));
    expect(buttonsOf(turn)).toEqual(expect.arrayContaining(['Jaipur', 'Kochi']));
  });
});

describe('pickPlaces', () => {
  it('marks a locality name found in several cities as unclear, unless the city is known', () => {
    const words = ['malviya', 'nagar'];
    const hits = resolveWords('malviya nagar');
    expect(pickPlaces(words, hits, null)).toMatchObject({ location: null, zone: null, ambiguous: { name: 'Malviya Nagar', cities: [DELHI, JAIPUR] } });
    expect(pickPlaces(words, hits, PUNE.id)).toMatchObject({ location: null, ambiguous: { cities: [DELHI, JAIPUR] } });
    expect(pickPlaces(words, hits, JAIPUR.id)).toMatchObject({ location: { id: malviyaJaipur.id, city: JAIPUR }, ambiguous: null });
    expect(pickPlaces(['whitefield'], resolveWords('whitefield'), null)).toMatchObject({ location: { id: 10 }, ambiguous: null });
  });

  it('does not take a name that only shares a weak word for a twin', () => {
    // 'Vaishali Nagar' shares 'nagar' with Malviya Nagar: it answers fewer words, so it neither wins nor confuses.
    const places = pickPlaces(['vaishali', 'nagar'], [{ ...vaishaliNagar, index: 1 }, { ...malviyaDelhi, index: 1 }, { ...vaishaliNagar, index: 0 }], null);
    expect(places).toMatchObject({ location: { id: vaishaliNagar.id }, ambiguous: null });
  });

  it('prefers the place that answers more of the words', () => {
    const places = pickPlaces(['electronic', 'city'], resolveWords('electronic city'), null);
    expect(places.location?.name).toBe('Electronic City');
  });

  it("never takes a weak word like 'city' alone for a place", () => {
    const places = pickPlaces(['city'], [vidyaCity], null);
    expect(places.location).toBeNull();
  });

  it('ignores near misses on short words', () => {
    const places = pickPlaces(['goa'], [hit({ index: 0, kind: 'location', id: 13, name: 'Gora', contains: false, cityId: 1, cityName: 'Bengaluru' })], null);
    expect(places.location).toBeNull();
  });
});

describe('readContactDetails', () => {
  it.each([
    ['Ravi Kumar, 98450 12345', { name: 'Ravi Kumar', phone: '9845012345', email: null }],
    ['my name is Asha and my number is +91 98450-12345', { name: 'Asha', phone: '9845012345', email: null }],
    ['asha@example.com', { name: null, phone: null, email: 'asha@example.com' }],
    ['Meera', { name: 'Meera', phone: null, email: null }],
    ['12345', { name: null, phone: null, email: null }],
  ])('%s', (text, expected) => {
    expect(readContactDetails(text)).toEqual(expected);
  });
});

describe('budgetWords', () => {
  it.each([
    [15_000_000, '₹1.5 Cr'],
    [8_000_000, '₹80 Lakh'],
    [12_345_678, '₹1.23 Cr'],
    [75_000, '₹75,000'],
  ])('%d -> %s', (rupees, text) => {
    expect(budgetWords(rupees)).toBe(text);
  });
});

describe('chat cards', () => {
  const base = {
    id: 7,
    name: 'Sobha Dream Acres',
    type: 'apartment',
    item: 'project',
    tags: [] as string[],
    brokerId: null,
    city: { id: 1, name: 'Bengaluru' },
    zone: null,
    location: { id: 10, name: 'Whitefield' },
    units: [{ id: 1, type: '2', minPrice: 1, maxPrice: 1, facing: null, exteriorArea: null, floors: null, furnishing: null }],
  } satisfies Partial<Project>;

  it('links builder projects, pre-launches and broker and owner listings to their pages (spec §2)', () => {
    expect(cardPath(base)).toBe('/properties/bengaluru/unknown/whitefield/sobha-dream-acres/7');
    expect(cardPath({ ...base, tags: ['Upcoming Launches'] })).toBe('/prelaunch/bengaluru/unknown/whitefield/sobha-dream-acres/7');
    expect(cardPath({ ...base, item: 'listing', brokerId: 4 })).toBe('/broker-property-details/2/apartment/7');
    expect(cardPath({ ...base, item: 'listing', type: 'pent house' })).toBe('/user-property-details/2/pent-house/7');
  });

  it('labels units by spec §5: bedroom counts then the property type once; plot, pent house and studio alone', () => {
    const unit = (type: string) => ({ id: type.length, type, minPrice: 9_000_000, maxPrice: 9_000_000, facing: null, exteriorArea: 1500, floors: null, furnishing: null });
    const card = (type: Project['type'], types: string[]) =>
      toChatCard({ ...base, id: 100 + types.length, type, medias: [], builder: null, units: types.map(unit) } as unknown as Project, { bhk: [], minPrice: null, maxPrice: null });
    // issue 17: this card read '3 BHK, 4 BHK BHK Villa'.
    expect(card('villa', ['3', '4'])).toMatchObject({ exteriorArea: { type: '3, 4 BHK Villa' }, configurations: ['3 BHK', '4 BHK'] });
    expect(card('apartment', ['2'])).toMatchObject({ exteriorArea: { type: '2 BHK Apartment' } });
    expect(card('plot', ['plot'])).toMatchObject({ exteriorArea: { type: 'Plot' } });
    expect(card('apartment', ['studio', '1'])).toMatchObject({ exteriorArea: { type: 'Studio, 1 BHK Apartment' } });
    expect(card('pent house', ['4'])).toMatchObject({ exteriorArea: { type: 'Penthouse' } });
  });

  it('stands for the asked configuration within budget, else the affordable units, else all', () => {
    const unit = (type: string, minPrice: number, maxPrice: number) => ({ id: minPrice, type, minPrice, maxPrice, facing: null, exteriorArea: null, floors: null, furnishing: null });
    const units = [unit('2', 50, 60), unit('3', 90, 120), unit('3', 150, 170)];
    expect(matchingUnits(units, { bhk: [3], minPrice: null, maxPrice: 100 })).toEqual([units[1]]);
    expect(matchingUnits(units, { bhk: [], minPrice: null, maxPrice: 100 })).toEqual([units[0], units[1]]);
    expect(matchingUnits(units, { bhk: [4], minPrice: null, maxPrice: 10 })).toEqual(units);
  });
});

describe('indianDigits', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1,000'],
    [75_000, '75,000'],
    [100_000, '1,00,000'],
    [12_000_000, '1,20,00,000'],
    [1_234_567_890, '1,23,45,67,890'],
  ])('%d -> %s', (value, text) => {
    expect(indianDigits(value)).toBe(text);
    expect(indianDigits(value)).toBe(value.toLocaleString('en-IN'));
  });
});
