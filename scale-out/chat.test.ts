import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, test } from 'node:test';
import { ChatTestClient } from '../apps/api/src/test/chat-test-client';
import { balancerView, type TopologyInfo, topology, twoProcesses } from './support/topology';

/**
 * Issue 16: a chat conversation continues when its socket lands on the other process. With REDIS_URL the
 * conversation lives in Redis and the socket.io Redis adapter joins the processes' rooms (decision 007). The
 * websockets go through HAProxy, pinned by the handshake's header; HAProxy's own count of open connections per
 * server shows where each socket really is.
 */

const info = topology();
const [one, two] = twoProcesses(info);
const opened: ChatTestClient[] = [];
after(() => opened.forEach((client) => client.close()));

async function chatOn(server: string, clientId: string): Promise<ChatTestClient> {
  const client = new ChatTestClient(info.balancer, clientId, undefined, { [info.pinHeader]: server });
  opened.push(client);
  await client.connected();
  return client;
}

/** Waits until HAProxy counts exactly these open connections (the sockets of this test) per server. */
async function expectOpen(topologyInfo: TopologyInfo, expected: Record<string, number>): Promise<void> {
  const deadline = Date.now() + 3_000;
  let seen = '';
  while (Date.now() < deadline) {
    const view = await balancerView(topologyInfo);
    seen = JSON.stringify(Object.fromEntries([...view].map(([name, state]) => [name, state.open])));
    if (Object.entries(expected).every(([name, open]) => view.get(name)?.open === open)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`HAProxy should count open connections ${JSON.stringify(expected)}, it counts ${seen}`);
}

test('a conversation started on one process continues on the other after the socket reconnects there', async () => {
  const clientId = randomUUID();
  const first = await chatOn(one, clientId);
  await expectOpen(info, { [one]: 1, [two]: 0 });
  const start = await first.say('flats in Bengaluru');
  assert.equal(start.cards.length, 5, `the first answer shows five cards: ${start.replies.join(' ')}`);
  assert.ok(start.buttons.options.some((option) => option.value === 'trigger_next_properties'), 'more results are offered');
  first.close();

  // The widget reconnects (a deploy, a dropped connection); this time the socket lands on the other process.
  const second = await chatOn(two, clientId);
  await expectOpen(info, { [one]: 0, [two]: 1 });
  const more = await second.say('trigger_next_properties');
  // Without the stored conversation, 'next' on a fresh one asks for a city and shows no cards.
  assert.match(more.replies.join(' '), /6 to 10/, `the other process knows which page was shown: ${more.replies.join(' ')}`);
  const firstIds = new Set(start.cards.map((card) => card.projectId));
  assert.equal(more.cards.length, 5);
  assert.ok(more.cards.every((card) => !firstIds.has(card.projectId)), 'the next page, not the first again');
  second.close();
});

test("one visitor's sockets on both processes both hear every answer", async () => {
  const clientId = randomUUID();
  const onOne = await chatOn(one, clientId);
  const onTwo = await chatOn(two, clientId);
  await expectOpen(info, { [one]: 1, [two]: 1 });
  // Asked through the second process; the answer goes to the visitor's room, which spans both (Redis adapter).
  const heardOnOne = onOne.nextTurn();
  const answered = await onTwo.say('flats in Bengaluru');
  const relayed = await Promise.race([heardOnOne, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000))]);
  assert.ok(relayed, 'the socket on the other process heard the answer');
  assert.deepEqual(relayed.cards.map((card) => card.projectId), answered.cards.map((card) => card.projectId));
});
