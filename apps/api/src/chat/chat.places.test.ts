import type { AddressInfo } from 'node:net';
import type { City } from '@nivaas/contracts/city.schema';
import { unitSummary } from '@nivaas/contracts/unit-labels';
import { seed } from '@nivaas/db/seed';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatTestClient } from '../test/chat-test-client';
import { createTestApp, type TestContext } from '../test/test-app';
import { attachChat } from './chat.gateway';

/**
 * Issue 17 against the seeded catalogue and the real socket: a locality found in one city is searched at once, one
 * found in several is asked about, every city with listings can be picked, and cards are labelled by spec §5.
 */

let ctx: TestContext;
let url: string;
const clients: ChatTestClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ env: { CHAT_MESSAGES_PER_IP: '100000' }, prepare: async ({ db }) => void (await seed(db)) });
  await attachChat(ctx.app, { modules: ctx.modules, config: ctx.config });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}, 180_000);

afterEach(() => {
  for (const created of clients.splice(0)) created.close();
});

afterAll(async () => {
  await ctx?.close();
});

async function client(): Promise<ChatTestClient> {
  const created = new ChatTestClient(url);
  clients.push(created);
  await created.connected();
  return created;
}

describe('the chat on the seeded catalogue (issue 17)', () => {
  it("answers '2 bhk in whitefield' with cards at once, labelled '2 BHK <type>' with the type once", async () => {
    const chat = await client();
    const turn = await chat.say('2 bhk in whitefield');
    expect(turn.replies.join(' ')).not.toMatch(/Which city/);
    expect(turn.replies[0]).toMatch(/^I found \d+ match(es)? for \*\*2 BHK homes\*\* in \*\*Whitefield, Bengaluru\*\*/);
    expect(turn.cards.length).toBeGreaterThan(0);
    for (const card of turn.cards) {
      expect(card.location).toBe('Whitefield');
      expect(card.exteriorArea.type).toBe(unitSummary(['2'], card.propertyType));
      expect(card.exteriorArea.type).not.toMatch(/BHK.*BHK/);
    }
  });

  it('never doubles BHK on a card that stands for several configurations', async () => {
    const chat = await client();
    // A villa search with no size keeps every unit of each villa project on its card: several configurations.
    const cards = [...(await chat.say('villas in bengaluru')).cards];
    for (let page = 0; page < 4 && !cards.some((card) => card.configurations.length > 1); page += 1) {
      cards.push(...(await chat.say('trigger_next_properties')).cards);
    }
    // The case that read '3 BHK, 4 BHK BHK Villa' is among them.
    expect(cards.some((card) => card.configurations.length > 1)).toBe(true);
    for (const card of cards) {
      expect(card.exteriorArea.type, card.projectName).toBe(unitSummary(card.configurations, card.propertyType));
      expect(card.exteriorArea.type, card.projectName).not.toMatch(/BHK.*BHK/);
    }
  });

  it("asks which city for 'malviya nagar' (Delhi and Jaipur both have one), then searches the one picked", async () => {
    const chat = await client();
    const asked = await chat.say('2 bhk in malviya nagar');
    expect(asked.cards).toHaveLength(0);
    expect(asked.replies).toEqual(['There is a **Malviya Nagar** in Delhi and Jaipur. Which city do you mean?']);
    expect(asked.buttons.options.map((option) => option.value)).toEqual(['Delhi', 'Jaipur']);

    const answered = await chat.say('Jaipur');
    expect(answered.replies[0]).toMatch(/in \*\*Malviya Nagar, Jaipur\*\*/);
    for (const card of answered.cards) expect(card).toMatchObject({ location: 'Malviya Nagar', city: 'Jaipur' });
  });

  it("offers every city with a public listing on 'Switch City', Jaipur and Kochi included", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/city?limit=100' });
    const withListings = (response.json() as { cities: City[] }).cities.filter((city) => city.projectsCount > 0).map((city) => city.name);
    expect(withListings.length).toBeGreaterThan(10);

    const chat = await client();
    const turn = await chat.say('trigger_switch_city');
    const offered = turn.buttons.options.map((option) => option.label);
    expect(offered).toEqual(withListings);
    expect(offered).toEqual(expect.arrayContaining(['Jaipur', 'Kochi']));

    const kochi = await chat.say('Kochi');
    expect(kochi.replies.join(' ')).toMatch(/Kochi/);
  });
});
