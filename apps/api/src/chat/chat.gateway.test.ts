import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { CHAT_ACTION_TEXTS, CHAT_HANDSHAKE_ERROR, CHAT_SOCKET_PATH, contactMessage } from '@nivaas/contracts/chat.schema';
import { schema } from '@nivaas/db';
import { asc, eq, inArray } from '@nivaas/db/orm';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../lib/auth/tokens';
import { CATALOGUE_CHANNEL } from '../lib/catalogue-changes';
import { createCity, createLocation, createPricedProject, createUser, createZone } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import { attachChat } from './chat.gateway';
import { ChatTestClient, type Turn } from '../test/chat-test-client';

/**
 * The help chat against the real server and database (issue 6 acceptance): a real socket.io client on a random
 * port. With REDIS_URL set, the conversation state lives in Redis (the same tests, the other store).
 */

const CRORE = 10_000_000;
const LAKH = 100_000;
const redisEnv: Record<string, string> = {
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  // Every client here talks from 127.0.0.1; the per-address limit has its own tests (chat-limits.test.ts).
  CHAT_MESSAGES_PER_IP: '100000',
};

let ctx: TestContext;
let url: string;
const clients: ChatTestClient[] = [];
const ids = { whitefieldMatches: [] as number[], bengaluru: 0, pune: 0, user: 0 };

/** A client that the test file closes afterwards. */
async function client(token?: string): Promise<ChatTestClient> {
  const created = new ChatTestClient(url, undefined, token);
  clients.push(created);
  await created.connected();
  return created;
}

async function listen(context: TestContext, rateLimit?: { limit: number; windowMs: number }): Promise<string> {
  await attachChat(context.app, { modules: context.modules, config: context.config, rateLimit });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  ctx = await createTestApp({
    env: redisEnv,
    prepare: async ({ db }) => {
      const bengaluru = await createCity(db, { name: 'Bengaluru', slug: 'bengaluru', position: 1 });
      const pune = await createCity(db, { name: 'Pune', slug: 'pune', position: 2 });
      ids.bengaluru = bengaluru.id;
      ids.pune = pune.id;
      const east = await createZone(db, { cityId: bengaluru.id, name: 'East Bengaluru', slug: 'east-bengaluru' });
      const whitefield = await createLocation(db, { cityId: bengaluru.id, zoneId: east.id, name: 'Whitefield', slug: 'whitefield' });
      const koramangala = await createLocation(db, { cityId: bengaluru.id, name: 'Koramangala', slug: 'koramangala' });
      const baner = await createLocation(db, { cityId: pune.id, name: 'Baner', slug: 'baner' });
      const inWhitefield = { cityId: bengaluru.id, zoneId: east.id, locationId: whitefield.id };
      // Seven that answer '3 bhk in whitefield under 1.5 cr' (two pages of five)...
      for (let i = 0; i < 7; i += 1) {
        const project = await createPricedProject(db, {
          ...inWhitefield,
          name: `Whitefield Meadows ${i + 1}`,
          units: [
            { type: '2', minPrice: 80 * LAKH, maxPrice: 90 * LAKH, exteriorArea: 1100 },
            { type: '3', minPrice: 1.0 * CRORE + i * 5 * LAKH, maxPrice: 1.6 * CRORE, exteriorArea: 1650 },
          ],
        });
        ids.whitefieldMatches.push(project.id);
      }
      // ...and the near misses that must never show: too dear, no 3 BHK, hidden, in another locality.
      await createPricedProject(db, { ...inWhitefield, name: 'Whitefield Grand', units: [{ type: '3', minPrice: 1.8 * CRORE, maxPrice: 2 * CRORE }] });
      await createPricedProject(db, { ...inWhitefield, name: 'Whitefield Compact', units: [{ type: '2', minPrice: 70 * LAKH, maxPrice: 95 * LAKH }] });
      await createPricedProject(db, { ...inWhitefield, name: 'Whitefield Hidden', status: 'inactive', units: [{ type: '3', minPrice: 1.1 * CRORE, maxPrice: 1.2 * CRORE }] });
      await createPricedProject(db, { ...inWhitefield, name: 'Whitefield Pending', approval: 'pending', units: [{ type: '3', minPrice: 1.1 * CRORE, maxPrice: 1.2 * CRORE }] });
      await createPricedProject(db, { cityId: bengaluru.id, locationId: koramangala.id, name: 'Koramangala Villas', type: 'villa', units: [{ type: '3', minPrice: 1.2 * CRORE, maxPrice: 1.4 * CRORE }] });
      await createPricedProject(db, { cityId: bengaluru.id, locationId: koramangala.id, name: 'Koramangala Heights', units: [{ type: '3', minPrice: 1.3 * CRORE, maxPrice: 1.4 * CRORE }] });
      await createPricedProject(db, { cityId: pune.id, locationId: baner.id, name: 'Baner Residency', units: [{ type: '3', minPrice: 1.1 * CRORE, maxPrice: 1.2 * CRORE }] });
      ids.user = (await createUser(db, { name: 'Meera Iyer', phone: '9876543210', email: 'meera@example.test' })).id;
    },
  });
  url = await listen(ctx);
});

afterEach(() => {
  for (const created of clients.splice(0)) created.close();
});

afterAll(async () => {
  await ctx?.close();
});

const optionValues = (turn: Turn) => turn.buttons.options.map((option) => option.value);

async function leadsOn(projectId: number) {
  return ctx.database.db.select().from(schema.leads).where(eq(schema.leads.projectId, projectId)).orderBy(asc(schema.leads.id));
}

describe('chat handshake', () => {
  it('refuses a connection without a clientId, with the contract’s message', async () => {
    const socket = connect(url, { path: CHAT_SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.close();
    expect(error.message).toBe(CHAT_HANDSHAKE_ERROR);
  });

  it('takes a bad token for a guest rather than refusing the visitor', async () => {
    const chat = await client('not-a-jwt');
    const turn = await chat.say('hi');
    expect(turn.replies.join(' ')).toMatch(/Nivaas property assistant/);
  });
});

describe('chat conversation', () => {
  it("greets on 'hi' and asks for the city first, offering the catalogue's cities", async () => {
    const chat = await client();
    const turn = await chat.say('hi');
    expect(turn.replies.join('\n')).toMatch(/^Hi!/);
    expect(turn.replies.join('\n')).toMatch(/Which city/);
    expect(turn.buttons.text).toBe('Choose an option:');
    expect(turn.buttons.options.map((option) => option.label)).toEqual(['Bengaluru', 'Pune']);
  });

  it("answers '3 bhk in whitefield under 1.5 cr' with matching live listings only, five at a time, then the rest", async () => {
    const chat = await client();
    const first = await chat.say('3 bhk in whitefield under 1.5 cr');
    expect(first.replies.join(' ')).toBe('I found 7 matches for **3 BHK homes** in **Whitefield, Bengaluru** under **₹1.5 Cr**. Here are the first 5:');
    expect(first.cards).toHaveLength(5);
    expect(optionValues(first)).toEqual(['trigger_next_properties', 'trigger_switch_area', 'trigger_switch_property_type', 'trigger_switch_city']);
    expect(first.buttons.options.map((option) => option.label)).toEqual(['Next properties', 'Switch Area', 'Switch Property Type', 'Switch City']);

    const next = await chat.say('trigger_next_properties');
    expect(next.cards).toHaveLength(2);
    expect(optionValues(next)).not.toContain('trigger_next_properties');
    const cards = [...first.cards, ...next.cards];
    expect(new Set(cards.map((card) => card.projectId)).size).toBe(7);
    expect(cards.map((card) => card.projectId).sort()).toEqual([...ids.whitefieldMatches].sort());

    for (const card of cards) {
      expect(card.location).toBe('Whitefield');
      expect(card.city).toBe('Bengaluru');
      expect(card.configurations).toEqual(['3 BHK']);
      expect(card.exteriorArea).toEqual({ type: '3 BHK Apartment', exteriorArea: '1,650 sqft' });
      expect(card.minPrice).toBeLessThanOrEqual(1.5 * CRORE);
      expect(card.price).toMatch(/^₹[\d,]+ - ₹1,60,00,000$/);
      expect(card.path).toBe(`/properties/bengaluru/east-bengaluru/whitefield/${card.projectName.toLowerCase().replaceAll(' ', '-')}/${card.projectId}`);
      expect(card.bannerUrl).toMatch(/^\/media\//);
    }
    // Read back from the database: every card is a live, approved project with a 3 BHK unit within the budget.
    const rows = await ctx.database.db
      .select({ id: schema.projects.id, status: schema.projects.status, approval: schema.projects.approval })
      .from(schema.projects)
      .where(inArray(schema.projects.id, cards.map((card) => card.projectId)));
    expect(rows.every((row) => row.status === 'active' && row.approval === 'approved')).toBe(true);

    const done = await chat.say("Let's explore more properties...");
    expect(done.cards).toHaveLength(0);
    expect(done.replies.join(' ')).toMatch(/That's all/);
  });

  it('switches the area: asks which area (the city’s localities as buttons), then answers for the new one', async () => {
    const chat = await client();
    await chat.say('3 bhk in whitefield under 1.5 cr');
    const asked = await chat.say('trigger_switch_area');
    expect(asked.replies.join(' ')).toMatch(/Which area of \*\*Bengaluru\*\*/);
    expect(asked.buttons.options.map((option) => option.label)).toEqual(expect.arrayContaining(['Whitefield', 'Koramangala', 'Anywhere in Bengaluru']));
    const answer = await chat.say('Koramangala');
    expect(answer.cards.map((card) => card.projectName).sort()).toEqual(['Koramangala Heights', 'Koramangala Villas']);
    expect(answer.cards.every((card) => card.location === 'Koramangala')).toBe(true);
  });

  it('switches the property type: asks which type, then keeps the place and budget', async () => {
    const chat = await client();
    await chat.say('3 bhk in koramangala under 1.5 cr');
    const asked = await chat.say(CHAT_ACTION_TEXTS.trigger_switch_property_type);
    expect(asked.buttons.options.map((option) => option.value)).toEqual(expect.arrayContaining(['apartment', 'villa', 'plot', 'any type']));
    const answer = await chat.say('villa');
    expect(answer.cards.map((card) => card.projectName)).toEqual(['Koramangala Villas']);
    expect(answer.cards[0]?.propertyType).toBe('villa');
  });

  it('switches the city: asks which city, then searches there with the same size and budget', async () => {
    const chat = await client();
    await chat.say('3 bhk in whitefield under 1.5 cr');
    const asked = await chat.say('trigger_switch_city');
    expect(asked.buttons.options.map((option) => option.value)).toEqual(['Bengaluru', 'Pune']);
    const answer = await chat.say('Pune');
    expect(answer.cards.map((card) => card.projectName)).toEqual(['Baner Residency']);
    expect(answer.cards[0]?.city).toBe('Pune');
  });

  it('walks a visitor who gives nothing up front through city, area and type', async () => {
    const chat = await client();
    expect((await chat.say('hi')).replies.join(' ')).toMatch(/Which city/);
    expect((await chat.say('Bengaluru')).replies.join(' ')).toMatch(/Which area of \*\*Bengaluru\*\*/);
    expect((await chat.say('Whitefield')).replies.join(' ')).toMatch(/What kind of property/);
    const results = await chat.say('apartment');
    expect(results.cards.length).toBe(5);
    expect(results.cards.every((card) => card.location === 'Whitefield' && card.propertyType === 'apartment')).toBe(true);
  });

  it('stops showing a listing as soon as it is taken off the site (answers are kept only until the catalogue changes)', async () => {
    const ask = async () => (await (await client()).say('3 bhk in whitefield under 1.5 cr')).cards.map((card) => card.projectId);
    const hiddenId = ids.whitefieldMatches[0] ?? 0;
    expect(await ask()).toContain(hiddenId);
    // On PostgreSQL the change notice reaches the server a moment after commit: wait for our own copy of it, then
    // ask again (with a bounded number of retries, since the server's copy travels on another connection).
    let noticed: () => void = () => undefined;
    const notice = new Promise<void>((resolve) => {
      noticed = resolve;
    });
    const stopListening = await ctx.database.listen(CATALOGUE_CHANNEL, { onNotify: () => noticed() });
    await ctx.database.db.update(schema.projects).set({ status: 'inactive' }).where(eq(schema.projects.id, hiddenId));
    try {
      await notice;
      await stopListening();
      let shown = await ask();
      for (let attempt = 0; attempt < 20 && shown.includes(hiddenId); attempt += 1) shown = await ask();
      expect(shown).not.toContain(hiddenId);
      expect(shown).toHaveLength(5);
    } finally {
      await ctx.database.db.update(schema.projects).set({ status: 'active' }).where(eq(schema.projects.id, hiddenId));
    }
  });

  it('forgets the conversation on clear_session', async () => {
    const chat = await client();
    await chat.say('3 bhk in whitefield under 1.5 cr');
    expect(await chat.clearSession()).toEqual({ ok: true });
    const after = await chat.say('trigger_next_properties');
    expect(after.cards).toHaveLength(0);
    expect(after.replies.join(' ')).toMatch(/Which city/);
  });
});

describe('chat contact', () => {
  it('turns Contact into one lead on that listing, asking a guest for name and mobile first', async () => {
    const chat = await client();
    const { cards } = await chat.say('3 bhk in whitefield under 1.5 cr');
    const card = cards[0];
    if (!card) throw new Error('no card');
    const asked = await chat.say(contactMessage(card));
    expect(asked.replies.join(' ')).toMatch(/name and 10-digit mobile number/);
    const confirmed = await chat.say('Ravi Kumar, 98450 12345');
    expect(confirmed.replies.join(' ')).toMatch(new RegExp(`Thank you, Ravi Kumar! I've shared your interest in \\*\\*${card.projectName}\\*\\*`));

    const leads = await leadsOn(card.projectId);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: 'Ravi Kumar', phone: '9845012345', email: null, source: 'chat', stage: 'new', userId: null });

    const again = await chat.say(contactMessage(card));
    expect(again.replies.join(' ')).toMatch(/already shown interest/);
    expect(await leadsOn(card.projectId)).toHaveLength(1);
  });

  it("uses a signed-in user's own details at once and links the lead to the user", async () => {
    const token = await signAccessToken(ctx.app.accessTokenKey, { kind: 'user', id: ids.user }, randomUUID());
    const chat = await client(token);
    const { cards } = await chat.say('3 bhk in whitefield under 1.5 cr');
    const card = cards[1];
    if (!card) throw new Error('no card');
    const confirmed = await chat.say(contactMessage(card));
    expect(confirmed.replies.join(' ')).toMatch(/Thank you, Meera Iyer!/);
    const leads = await leadsOn(card.projectId);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: 'Meera Iyer', phone: '9876543210', email: 'meera@example.test', source: 'chat', userId: ids.user });
  });

  it('treats a token whose sign-in has ended (logout, password reset) as a guest', async () => {
    const sessionFamily = randomUUID();
    const token = await signAccessToken(ctx.app.accessTokenKey, { kind: 'user', id: ids.user }, sessionFamily);
    await ctx.database.db.insert(schema.revokedSessionFamilies).values({ familyId: sessionFamily, revokedAt: new Date() });
    const chat = await client(token);
    const { cards } = await chat.say('3 bhk in whitefield under 1.5 cr');
    const card = cards[2];
    if (!card) throw new Error('no card');
    const asked = await chat.say(contactMessage(card));
    expect(asked.replies.join(' ')).toMatch(/name and 10-digit mobile number/);
    expect(await leadsOn(card.projectId)).toHaveLength(0);
  });

  it('says so when the listing named is not a live one', async () => {
    const chat = await client();
    const turn = await chat.say('Interested, Whitefield Hidden, apartment');
    expect(turn.replies.join(' ')).toMatch(/couldn't find \*\*Whitefield Hidden\*\*/);
  });
});

describe('chat refusals', () => {
  it('refuses malformed and oversized messages with a notice and keeps the connection open', async () => {
    const chat = await client();
    const cases: [unknown, string, string | undefined][] = [
      ['just text', 'invalid_message', undefined],
      [{ message: 42, clientId: chat.clientId }, 'invalid_message', 'message'],
      [{ message: 'hi' }, 'invalid_message', 'clientId'],
      [{ message: '   ', clientId: chat.clientId }, 'invalid_message', 'message'],
      [{ message: 'hi', clientId: chat.clientId, role: 'provider' }, 'invalid_message', undefined],
      [{ message: 'hi', clientId: 'someone-else' }, 'invalid_message', 'clientId'],
      [{ message: 'x'.repeat(1_001), clientId: chat.clientId }, 'message_too_long', 'message'],
      [{ message: 'x'.repeat(20_000), clientId: chat.clientId }, 'message_too_long', 'message'],
    ];
    for (const [payload, code, field] of cases) {
      const notice = chat.nextNotice();
      chat.sendRaw(payload);
      expect(await notice, JSON.stringify(payload).slice(0, 80)).toMatchObject({ code, ...(field ? { field } : {}) });
    }
    expect(chat.socket.connected).toBe(true);
    expect((await chat.say('hi')).replies.join(' ')).toMatch(/^Hi!/);
  });

  it('limits each client to 10 messages in 10 seconds, with a notice for the rest', async () => {
    const chat = await client();
    const turns = Array.from({ length: 10 }, () => chat.nextTurn());
    const notices = [chat.nextNotice(), chat.nextNotice()];
    for (let i = 0; i < 12; i += 1) chat.sendRaw({ message: 'hi', clientId: chat.clientId });
    expect(await Promise.all(notices)).toEqual([expect.objectContaining({ code: 'rate_limited' }), expect.objectContaining({ code: 'rate_limited' })]);
    expect(await Promise.all(turns)).toHaveLength(10);
    expect(chat.notices.filter((notice) => notice.code === 'rate_limited')).toHaveLength(2);
    expect(chat.socket.connected).toBe(true);
    // Another visitor is not affected.
    expect((await (await client()).say('hi')).replies.join(' ')).toMatch(/^Hi!/);
  });
});

describe.skipIf(!process.env.REDIS_URL)('chat across two API processes (Redis)', () => {
  it('continues one conversation through either server', async () => {
    const { buildApp } = await import('../app');
    const second = await buildApp({ config: ctx.config, database: ctx.database });
    const secondGateway = await attachChat(second, { modules: ctx.modules, config: ctx.config });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    try {
      const one = new ChatTestClient(url);
      clients.push(one);
      await one.connected();
      const first = await one.say('3 bhk in whitefield under 1.5 cr');
      expect(first.cards).toHaveLength(5);
      // The first answer also went to the visitor's room on the second process, through Redis, and may still be in
      // flight there: a socket joining now would take it for the answer to its own message. A request the second
      // process sends round the cluster is answered after that broadcast on the same subscription, so once it
      // returns the old answer has been delivered (to nobody).
      await secondGateway.io.fetchSockets();

      // The same visitor (same clientId) now talks to the other process: it knows the search and pages on.
      const two = new ChatTestClient(secondUrl, one.clientId);
      clients.push(two);
      await two.connected();
      const onFirstToo = one.nextTurn();
      const next = await two.say('trigger_next_properties');
      expect(next.cards.map((card) => card.projectId)).toHaveLength(2);
      expect(new Set([...first.cards, ...next.cards].map((card) => card.projectId)).size).toBe(7);
      // Through the Redis adapter, the visitor's tab on the first process hears the answer as well.
      expect((await onFirstToo).cards.map((card) => card.projectId)).toEqual(next.cards.map((card) => card.projectId));
    } finally {
      await second.close();
    }
  });
});
