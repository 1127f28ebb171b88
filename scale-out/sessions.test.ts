import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Client, expectAnswer } from './support/client';
import { Database, freshEmail, signInUser } from './support/flows';
import { clientAddress, topology, twoProcesses } from './support/topology';

/**
 * Issue 16: sign in through one process, refresh and act through the other. Every step is pinned to a process
 * through HAProxy and checked against the answer's X-Served-By. Access tokens are checked by both processes with
 * the one JWT_SECRET; refresh sessions and revocations live in the shared database, and a logout reaches the other
 * process's revocation cache through Redis (decision 003).
 */

const info = topology();
const [one, two] = twoProcesses(info);
const db = new Database(info);
after(() => db.close());

test('a user signs in through one process, refreshes through the other and acts through both; a logout on one ends the token on the other at once', async (t) => {
  const client = new Client(info, clientAddress(11));
  const email = freshEmail('sessions');
  const { token } = await signInUser(client, db, email, { send: one, verify: two });
  assert.ok(client.cookies.has('nivaas_rt_user'), 'the sign-in set the refresh cookie');

  const me = expectAnswer(await client.get('/api/auth/me', { pin: one, token }), 200, one).json<{ account: { email: string } }>();
  assert.equal(me.account.email, email, 'the other process accepts the access token');

  // The refresh cookie was issued by the other process; this one rotates it.
  const firstCookie = client.cookies.get('nivaas_rt_user');
  const refreshed = expectAnswer(await client.post('/api/auth/portal/refresh-token', { email, role: 'user' }, { pin: one }), 200, one).json<{ token: string }>();
  assert.notEqual(client.cookies.get('nivaas_rt_user'), firstCookie, 'the refresh rotated the cookie');

  // Act with the new token through the process that did not issue it: save a search (an owned write).
  const saved = await client.post('/api/saved-searches', { name: 'Scale-out flats', filters: { search: '2 bhk' } }, { pin: two, token: refreshed.token });
  assert.ok(saved.status === 200 || saved.status === 201, `saving a search through ${two}: ${saved.status} ${saved.text.slice(0, 300)}`);
  assert.equal(saved.servedBy, two);
  const mine = expectAnswer(await client.get('/api/saved-searches', { pin: one, token: refreshed.token }), 200, one);
  assert.match(mine.text, /Scale-out flats/, 'the search saved through one process is listed by the other');

  // The other process has just answered for this token (its revocation cache says 'live' for 2 s); the logout on
  // this one must still end it there at once, which only the Redis message can do within that window.
  expectAnswer(await client.get('/api/auth/me', { pin: two, token: refreshed.token }), 200, two);
  expectAnswer(await client.post('/api/auth/portal/logout', { role: 'user' }, { pin: one, token: refreshed.token }), 200, one);
  const loggedOutAt = Date.now();
  let refusedAfter = -1;
  while (Date.now() - loggedOutAt < 1_500) {
    const answer = await client.get('/api/auth/me', { pin: two, token: refreshed.token });
    assert.equal(answer.servedBy, two);
    if (answer.status === 401) {
      refusedAfter = Date.now() - loggedOutAt;
      break;
    }
  }
  t.diagnostic(`${two} refused the ended token ${refusedAfter} ms after the logout on ${one}`);
  assert.ok(refusedAfter >= 0 && refusedAfter < 1_000, `the other process refused the ended token after ${refusedAfter} ms (the cache window is 2,000 ms)`);
});

test('a refresh token replayed on the other process after its rotation ends the whole sign-in on both', async () => {
  const client = new Client(info, clientAddress(12));
  const email = freshEmail('replay');
  await signInUser(client, db, email, { send: two, verify: one });
  const stolen = client.cookies.get('nivaas_rt_user');
  assert.ok(stolen);

  const rotated = expectAnswer(await client.post('/api/auth/portal/refresh-token', { email, role: 'user' }, { pin: one }), 200, one).json<{ token: string }>();
  const current = client.cookies.get('nivaas_rt_user');

  // The copied (already rotated) cookie, presented to the other process.
  client.cookies.set('nivaas_rt_user', stolen);
  expectAnswer(await client.post('/api/auth/portal/refresh-token', { email, role: 'user' }, { pin: two }), 401, two);

  // Reuse ends the family: the owner's newest cookie and token stop working on both processes.
  client.cookies.set('nivaas_rt_user', current ?? '');
  expectAnswer(await client.post('/api/auth/portal/refresh-token', { email, role: 'user' }, { pin: one }), 401, one);
  for (const pin of [one, two]) expectAnswer(await client.get('/api/auth/me', { pin, token: rotated.token }), 401, pin);
});
