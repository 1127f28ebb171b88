import type { AddressInfo } from 'node:net';
import { CHAT_RATE_LIMIT } from '@nivaas/contracts/chat.schema';
import { afterEach, describe, expect, it } from 'vitest';
import { createCity } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import { attachChat, CHAT_TOO_MANY_CONNECTIONS } from './chat.gateway';
import { ChatTestClient } from '../test/chat-test-client';

/**
 * Issue 10: the chat's limits are not only per client id (the client picks it, so 8 fresh ids x 10 messages were
 * never limited) but per address and per connection too, with a bound on the connections one address holds.
 * Real sockets on a random port; addresses told apart through X-Forwarded-For where the test trusts the loopback.
 */

const opened: { ctx: TestContext; clients: ChatTestClient[] }[] = [];
/** What each client has been told: answered turns (each ends with its buttons) and 'rate_limited' notices. */
const tallies = new WeakMap<ChatTestClient, { answered: number; limited: number }>();

async function chatServer(env: Record<string, string> = {}) {
  const ctx = await createTestApp({ env, prepare: async ({ db }) => void (await createCity(db, { name: 'Bengaluru', slug: 'bengaluru' })) });
  await attachChat(ctx.app, { modules: ctx.modules, config: ctx.config });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const server = { ctx, clients: [] as ChatTestClient[] };
  opened.push(server);

  const open = (forwardedFor?: string) => {
    const created = new ChatTestClient(url, undefined, undefined, forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined);
    server.clients.push(created);
    const tally = { answered: 0, limited: 0 };
    created.socket.on('action_buttons', () => (tally.answered += 1));
    created.socket.on('notice', (notice) => {
      if (notice.code === 'rate_limited') tally.limited += 1;
    });
    tallies.set(created, tally);
    return created;
  };
  return {
    /** A connected client, from `forwardedFor` when given (believed only where TRUST_PROXY says so). */
    async client(forwardedFor?: string): Promise<ChatTestClient> {
      const created = open(forwardedFor);
      await created.connected();
      return created;
    },
    /** The handshake's refusal, or null when the connection was accepted. */
    async refusal(): Promise<Error | null> {
      return open()
        .connected()
        .then(
          () => null,
          (error: Error) => error,
        );
    },
  };
}

afterEach(async () => {
  for (const { ctx, clients } of opened.splice(0)) {
    for (const client of clients) client.close();
    await ctx.close();
  }
});

/** Sends `count` messages at once and waits until each has its outcome: how many were answered, how many refused. */
async function burst(client: ChatTestClient, count: number): Promise<{ answered: number; limited: number }> {
  const tally = tallies.get(client) ?? { answered: 0, limited: 0 };
  const before = { ...tally };
  for (let n = 0; n < count; n += 1) client.sendRaw({ message: 'hi', clientId: client.clientId });
  const outcome = () => ({ answered: tally.answered - before.answered, limited: tally.limited - before.limited });
  await expect.poll(() => outcome().answered + outcome().limited, { timeout: 15_000 }).toBe(count);
  return outcome();
}

describe('chat limits', () => {
  it('limits one address however many fresh client ids it uses: 8 ids x 10 messages get 30 answers', async () => {
    const server = await chatServer();
    const clients = await Promise.all(Array.from({ length: 8 }, () => server.client()));
    // All at once: each message is let through or refused as it arrives, however long the answers then take.
    const outcomes = await Promise.all(clients.map((client) => burst(client, CHAT_RATE_LIMIT)));
    expect(outcomes.reduce((sum, outcome) => sum + outcome.answered, 0)).toBe(30);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.limited, 0)).toBe(8 * CHAT_RATE_LIMIT - 30);
    expect(clients.every((client) => client.socket.connected)).toBe(true);
  });

  it('limits each connection to 10 messages in 10 seconds', async () => {
    const server = await chatServer();
    expect(await burst(await server.client(), CHAT_RATE_LIMIT + 3)).toEqual({ answered: CHAT_RATE_LIMIT, limited: 3 });
  });

  it('bounds the connections one address holds open, and frees a place when one closes', async () => {
    const server = await chatServer({ CHAT_CONNECTIONS_PER_IP: '3' });
    const three = await Promise.all([server.client(), server.client(), server.client()]);
    const refusal = (await server.refusal()) as (Error & { data?: unknown }) | null;
    expect(refusal?.message).toBe(CHAT_TOO_MANY_CONNECTIONS);
    // What the widget shows instead of only 'Disconnected from server'.
    expect(refusal?.data).toEqual({ code: 'too_many_connections', message: CHAT_TOO_MANY_CONNECTIONS });

    three[0]?.close();
    await expect.poll(async () => (await server.refusal()) === null).toBe(true);
  });

  it('believes X-Forwarded-For only from a trusted proxy (TRUST_PROXY)', async () => {
    const trusted = await chatServer({ TRUST_PROXY: 'loopback', CHAT_MESSAGES_PER_IP: '5' });
    expect(await burst(await trusted.client('198.51.100.1'), 6)).toEqual({ answered: 5, limited: 1 });
    // Another client behind the same proxy has its own allowance.
    expect(await burst(await trusted.client('198.51.100.2'), 5)).toEqual({ answered: 5, limited: 0 });

    const untrusted = await chatServer({ CHAT_MESSAGES_PER_IP: '5' });
    expect(await burst(await untrusted.client('198.51.100.1'), 5)).toEqual({ answered: 5, limited: 0 });
    // A header the server does not believe gives no fresh allowance: the address is still 127.0.0.1's.
    expect(await burst(await untrusted.client('198.51.100.2'), 1)).toEqual({ answered: 0, limited: 1 });
  });
});
