import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Client } from './support/client';
import { Database, enquiry } from './support/flows';
import { balancerView, clientAddress, topology, twoProcesses } from './support/topology';

/**
 * Issue 16: killing one process (SIGKILL, mid-burst) loses no acknowledged write, and HAProxy's health check on
 * /api/ready takes it out, after which every request through the balancer succeeds. Runs last: the killed process
 * stays dead, and the start script's stop() finds it gone.
 */

const info = topology();
const [survivor, victim] = twoProcesses(info);
const db = new Database(info);
after(() => db.close());
/** Enquiries go out from this many addresses in turn, so the per-address limit (30 a minute) never refuses one. */
const ADDRESSES = 100;
/** After HAProxy marks the victim down, this many more requests must all succeed. */
const AFTER_DOWN = 60;

test('SIGKILL of one process mid-burst: every acknowledged enquiry is stored, HAProxy takes the process out, requests keep succeeding', async (t) => {
  const victimPid = info.processes.find((api) => api.name === victim)?.pid;
  assert.ok(victimPid);
  const clients = Array.from({ length: ADDRESSES }, (_, n) => new Client(info, clientAddress(100 + n)));
  const run = `kill-${info.run}-${Date.now().toString(36)}`;
  const acknowledged: string[] = [];
  /** Failed requests, with the phase they were sent in and the one they ended in. */
  const failed: { sent: string; ended: string; reason: string }[] = [];
  const ackedBy = new Map<string, number>();
  let phase: 'before' | 'killed' | 'down' = 'before';
  let afterDown = 0;
  let sent = 0;
  let inFlight = 0;
  let inFlightAtKill = 0;
  let stop = false;

  const sender = async () => {
    while (!stop && sent < 5_000) {
      const n = sent++;
      const message = `${run} ${n}`;
      const sentIn = phase;
      inFlight += 1;
      try {
        const answer = await clients[n % ADDRESSES]!.post('/api/leadMenegmentRoute/uILeadFormData', enquiry(message, 5_000 + n));
        if (answer.status === 201) {
          acknowledged.push(message);
          ackedBy.set(answer.servedBy, (ackedBy.get(answer.servedBy) ?? 0) + 1);
        } else failed.push({ sent: sentIn, ended: phase, reason: `${answer.status} from ${answer.servedBy || 'HAProxy'}` });
      } catch (error) {
        failed.push({ sent: sentIn, ended: phase, reason: (error as Error).message });
      } finally {
        inFlight -= 1;
      }
      if (sentIn === 'down' && ++afterDown >= AFTER_DOWN) stop = true;
    }
  };
  const burst = [sender(), sender(), sender(), sender()];

  const until = async (condition: () => boolean | Promise<boolean>, what: string, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  try {
    await until(() => (ackedBy.get(victim) ?? 0) >= 20 && (ackedBy.get(survivor) ?? 0) >= 20, 'both processes to acknowledge enquiries', 30_000);
    inFlightAtKill = inFlight;
    process.kill(victimPid, 'SIGKILL');
    const killedAt = Date.now();
    phase = 'killed';
    await until(async () => (await balancerView(info)).get(victim)?.status === 'DOWN', `HAProxy to mark ${victim} down`, 10_000);
    const downAfter = Date.now() - killedAt;
    phase = 'down';
    await until(() => stop, `${AFTER_DOWN} requests after the health check`, 30_000);
    await Promise.all(burst);

    const rows = (await db.query<{ message: string }>('select message from leads where message like $1', [`${run} %`])).map((row) => row.message);
    const stored = new Set(rows);
    const lost = acknowledged.filter((message) => !stored.has(message));
    t.diagnostic(
      `${sent} enquiries sent, ${acknowledged.length} acknowledged (${[...ackedBy].map(([name, count]) => `${name} ${count}`).join(', ')}), ` +
        `${stored.size} stored; ${inFlightAtKill} in flight at the kill; ${victim} marked down ${downAfter} ms after SIGKILL; ` +
        `failures: ${failed.length} (${failed.map((failure) => `sent ${failure.sent}, ended ${failure.ended}: ${failure.reason}`).join('; ') || 'none'})`,
    );
    assert.deepEqual(lost, [], 'every acknowledged enquiry is stored');
    // HAProxy retries only connections that failed; a request the dead process had received is never sent twice.
    assert.equal(rows.length, stored.size, 'no enquiry is stored twice');
    // Only requests that were on their way to the victim when it died may fail: none that ended before the kill,
    // and none sent once the health check had taken it out.
    assert.deepEqual(failed.filter((failure) => failure.ended === 'before' || failure.sent === 'down'), [], 'no request failed before the kill or once the health check had taken the process out');
    assert.ok(downAfter < 5_000, `HAProxy took the dead process out after ${downAfter} ms`);
    const view = await balancerView(info);
    assert.equal(view.get(survivor)?.status, 'UP', 'the other process stays in');
  } finally {
    stop = true;
    await Promise.allSettled(burst);
  }
});
