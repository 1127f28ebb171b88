import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Client, expectAnswer } from './support/client';
import { Database, signInProvider } from './support/flows';
import { clientAddress, topology, twoProcesses } from './support/topology';

/**
 * Issue 16: a catalogue change made through one process is visible through the other within 1 s, with the public
 * response cache on (the topology's default PUBLIC_CACHE_MB). Each process keeps its own cache; the change's
 * PostgreSQL notice (LISTEN/NOTIFY, decision 004) is what empties the other one.
 */

const info = topology();
const [one, two] = twoProcesses(info);
const db = new Database(info);
after(() => db.close());

interface Detail {
  project: { id: number; name: string };
}

test("the provider renames a project through one process; the other's cached page shows the new name within 1 s", async (t) => {
  const visitor = new Client(info, clientAddress(71));
  const [first] = expectAnswer(await visitor.get('/api/project?limit=1', { pin: two }), 200, two).json<{ projects: { id: number }[] }>().projects;
  assert.ok(first, 'the seed has a public project');
  const path = `/api/project/${first.id}`;

  // The other process answers it from its cache before the change.
  expectAnswer(await visitor.get(path, { pin: two }), 200, two);
  const cached = expectAnswer(await visitor.get(path, { pin: two }), 200, two);
  assert.equal(cached.headers['x-cache'], 'hit', 'the public cache is on and holds the page');

  const staff = new Client(info, clientAddress(72));
  const { token } = await signInProvider(staff, db, { send: two, verify: one });
  const name = `Scale-out Renamed ${Date.now().toString(36)}`;
  expectAnswer(await staff.patch(`/api/admin/projects/${first.id}`, { name }, { pin: one, token }), 200, one);
  const changedAt = Date.now();

  let seenAfter = -1;
  while (Date.now() - changedAt < 3_000) {
    const answer = expectAnswer(await visitor.get(path, { pin: two }), 200, two);
    if (answer.json<Detail>().project.name === name) {
      seenAfter = Date.now() - changedAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.ok(seenAfter >= 0, 'the other process still answered the old name 3 s after the change');
  t.diagnostic(`${two} answered the new name ${seenAfter} ms after ${one} committed it`);
  assert.ok(seenAfter <= 1_000, `the other process showed the new name after ${seenAfter} ms`);
  const listed = expectAnswer(await visitor.get(`/api/project/search?query=${encodeURIComponent(name)}`, { pin: two }), 200, two);
  assert.match(listed.text, new RegExp(name), 'the search of the other process finds the new name too');
});
