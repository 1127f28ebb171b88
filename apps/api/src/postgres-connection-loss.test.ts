import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, type Database } from '@nivaas/db';
import { sql } from '@nivaas/db/orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app';
import { loadConfig } from './config';

/**
 * Issue 10's fault suite, PostgreSQL case (runs in CI's PostgreSQL pass, `npm run test:api` with DATABASE_URL; skipped
 * without it): an operator, a failover or a pooler ends the API's connections under load. Before the fix a checked-out
 * pooled client had no 'error' listener and the process died (2 of 9 runs). In-process, such an unhandled 'error'
 * event is an uncaught exception, which fails this run; so reaching the end alive is itself the main assertion.
 */

const databaseUrl = process.env.DATABASE_URL;
const ROUNDS = 20;

describe.skipIf(!databaseUrl)('PostgreSQL connections terminated under load (issue 10)', () => {
  // Only this test's connections are ever terminated: they alone carry this name.
  const applicationName = `nivaas-fault-${randomUUID().slice(0, 8)}`;
  const schemaName = `test_fault_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const lost: string[] = [];
  let dataDir: string;
  let database: Database;
  let app: App;
  let admin: pg.Client;
  /** Whether the test left the app and database open (it closes them itself when it gets to the end). */
  let open = true;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nivaas-pg-fault-'));
    database = await createDb({ databaseUrl, searchPath: schemaName, applicationName, onConnectionError: (_error, connection) => lost.push(connection) });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      DASHBOARD_DIST_DIR: path.join(dataDir, 'no-dashboard-build'),
      // The public cache listens for catalogue changes on a LISTEN connection of its own: terminated too.
      PUBLIC_CACHE_MB: '16',
      // Load from one address is the point here, not what the per-address limits are for.
      ENQUIRIES_PER_IP_PER_MINUTE: '1000000',
      ENQUIRIES_PER_MOBILE_PER_HOUR: '1000000',
    });
    app = await buildApp({ config, database });
    await app.ready();
    admin = new pg.Client({ connectionString: databaseUrl, application_name: `${applicationName}-admin` });
    await admin.connect();
  });

  afterAll(async () => {
    if (open) {
      await app?.close();
      await database?.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`)).catch(() => undefined);
      await database?.close();
    }
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`survives ${ROUNDS} rounds of pg_terminate_backend on its own connections: it keeps answering, and every acknowledged enquiry is stored`, async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    let running = true;

    const enquiries = async () => {
      while (running) {
        const n = sent++;
        const message = `pg fault enquiry ${n}`;
        const response = await app.inject({
          method: 'POST',
          url: '/api/leadMenegmentRoute/uILeadFormData',
          payload: { name: 'Fault Suite', phone: `9${String(100_000_000 + n).slice(-9)}`, email: 'fault.suite@example.in', message },
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode === 201) acknowledged.push(message);
      }
    };
    const reads = async () => {
      while (running) {
        const response = await app.inject({ method: 'GET', url: '/api/ready' });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
    };
    const load = [enquiries(), enquiries(), enquiries(), reads()];

    let terminated = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Let the pool fill with checked-out and idle connections before each cut.
      const before = sent;
      await expect.poll(() => sent - before, { interval: 5, timeout: 10_000 }).toBeGreaterThanOrEqual(10);
      const result = await admin.query<{ pid: number }>(
        'select pg_terminate_backend(pid) as pid from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
        [applicationName],
      );
      terminated += result.rowCount ?? 0;
    }
    // Some more load once the last connections are gone, so requests after the cuts are measured too.
    const afterCuts = sent;
    await expect.poll(() => sent - afterCuts, { interval: 5, timeout: 10_000 }).toBeGreaterThanOrEqual(50);
    running = false;
    await Promise.all(load);

    // The figures go to the CI log: issue 10 asks for them as measured (warn: the log level lint allows in tests).
    console.warn(
      `pg_terminate_backend: ${ROUNDS} rounds, ${terminated} connections ended, ${lost.length} reported lost; ` +
        `${sent} enquiries sent, ${acknowledged.length} acknowledged; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(terminated).toBeGreaterThanOrEqual(ROUNDS);
    expect(lost.length, 'the drops were seen and handled, not missed').toBeGreaterThan(0);
    // A dropped connection costs only the requests running on it: answered 5xx, never left hanging or crashing us.
    // A request on a connection that died is told to retry (503 with Retry-After), never handed a bare 500.
    expect([...statuses.keys()].every((status) => status === 200 || status === 201 || status === 503)).toBe(true);

    // Every pool slot came back: more requests at once than the pool has connections are all answered.
    const together = await Promise.all(Array.from({ length: 30 }, () => app.inject({ method: 'GET', url: '/api/ready' })));
    expect(together.map((response) => response.statusCode)).toEqual(together.map(() => 200));
    const last = await app.inject({
      method: 'POST',
      url: '/api/leadMenegmentRoute/uILeadFormData',
      payload: { name: 'Fault Suite', phone: '9845012345', email: 'fault.suite@example.in', message: 'after the cuts' },
    });
    expect(last.statusCode).toBe(201);

    const stored = await database.db.execute<{ message: string }>(sql`select message from leads where message like 'pg fault enquiry %'`);
    expect(stored.rows.map((row) => row.message)).toEqual(expect.arrayContaining(acknowledged));

    // Closing waits for every checked-out connection to come back to the pool: one lost to a drop would hang here.
    open = false;
    await app.close();
    await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`));
    const closed = await Promise.race([database.close().then(() => 'closed'), new Promise((resolve) => setTimeout(resolve, 10_000, 'a connection never came back'))]);
    expect(closed).toBe('closed');
  });
});
