import { Writable } from 'node:stream';
import { LEAD_THANK_YOU_MESSAGE, type LeadFormInput } from '@nivaas/contracts/lead.schema';
import { schema } from '@nivaas/db';
import { asc, count, eq } from '@nivaas/db/orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createBroker, createCity, createLocation, createProject } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createLeadsRepository } from './leads.repository';
import { createLeadsService } from './leads.service';

let ctx: TestContext;
const known = { publicProjectId: 0, publicListingId: 0, hiddenProjectIds: [] as number[] };

beforeAll(async () => {
  ctx = await createTestApp({
    // These tests send one visitor's enquiry many times over from one address; the limits have their own tests.
    env: { ENQUIRIES_PER_IP_PER_MINUTE: '10000', ENQUIRIES_PER_MOBILE_PER_HOUR: '10000' },
    prepare: async ({ db }) => {
      const city = await createCity(db);
      const place = { cityId: city.id, locationId: (await createLocation(db, { cityId: city.id })).id };
      known.publicProjectId = (await createProject(db, place)).id;
      const broker = await createBroker(db);
      known.publicListingId = (await createProject(db, { ...place, item: 'listing', brokerId: broker.id })).id;
      for (const hidden of [{ approval: 'pending' as const }, { approval: 'rejected' as const }, { status: 'inactive' as const }]) {
        known.hiddenProjectIds.push((await createProject(db, { ...place, ...hidden })).id);
      }
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  await ctx.database.db.delete(schema.leads);
});

const URL = '/api/leadMenegmentRoute/uILeadFormData';
let counter = 0;

/** A valid enquiry, unique per call unless the test fixes its fields. */
function form(overrides: Record<string, unknown> = {}): LeadFormInput & Record<string, unknown> {
  counter += 1;
  return { name: 'Asha Rao', phone: '+91 98450-12345', email: 'Asha.Rao@Example.com', message: `Call me about visit ${counter}`, ...overrides };
}

function post(payload: unknown) {
  return ctx.app.inject({ method: 'POST', url: URL, payload: payload as Record<string, unknown> });
}

async function leadRows() {
  return ctx.database.db.select().from(schema.leads).orderBy(asc(schema.leads.id));
}

describe('POST /api/leadMenegmentRoute/uILeadFormData', () => {
  it('stores a contact-page enquiry as a new lead, normalised, and answers 201 with the message for the toast', async () => {
    const response = await post(form({ name: '  Asha Rao  ', message: '  Looking for a 3 BHK  ' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ success: true, message: LEAD_THANK_YOU_MESSAGE });
    const rows = await leadRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Asha Rao',
      phone: '9845012345',
      email: 'asha.rao@example.com',
      message: 'Looking for a 3 BHK',
      projectId: null,
      source: 'form',
      stage: 'new',
      userId: null,
      dedupeKey: expect.stringMatching(/^lead:v1:[0-9a-f]{64}:\d+$/),
    });
    // The key is a hash: no phone or e-mail in clear in it.
    expect(rows[0]?.dedupeKey).not.toContain('9845012345');
  });

  it('stores an enquiry about a public project or listing with the project', async () => {
    for (const projectId of [known.publicProjectId, known.publicListingId]) {
      expect((await post(form({ projectId }))).statusCode).toBe(201);
    }
    expect((await leadRows()).map((row) => row.projectId)).toEqual([known.publicProjectId, known.publicListingId]);
  });

  it('accepts each way people write an Indian mobile number', async () => {
    for (const phone of ['9845012345', '+919845012345', '09845012345', '91 98450 12345', '+91-984-501-2345', '6000000000']) {
      const response = await post(form({ phone }));
      expect(response.statusCode, phone).toBe(201);
    }
  });

  it('refuses each bad field with 400 naming it, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'name'],
      [{ name: ' A ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ name: 42 }, 'name'],
      [{ phone: undefined }, 'phone'],
      [{ phone: '12345' }, 'phone'],
      [{ phone: '5845012345' }, 'phone'],
      [{ phone: '98450123456' }, 'phone'],
      [{ phone: '+1 415 555 0100' }, 'phone'],
      [{ phone: '98450abcde' }, 'phone'],
      [{ email: undefined }, 'email'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: `${'a'.repeat(115)}@example.com` }, 'email'],
      [{ message: 'x'.repeat(1001) }, 'message'],
      [{ projectId: 'abc' }, 'projectId'],
      [{ projectId: -1 }, 'projectId'],
      [{ projectId: 1.5 }, 'projectId'],
      [{ projectId: 99999999999 }, 'projectId'],
      [{ source: 'sms' }, 'source'],
    ];
    for (const [overrides, field] of cases) {
      const response = await post(form(overrides));
      expect(response.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(response.json(), field).toMatchObject({ success: false, statusCode: 400, field });
    }
    expect(await leadRows()).toEqual([]);
  });

  it('refuses unknown fields, so nobody can set the stage or the user', async () => {
    for (const extra of [{ stage: 'crm' }, { userId: 1 }, { dedupeKey: 'x' }]) {
      const response = await post(form(extra));
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe(Object.keys(extra)[0]);
    }
    expect(await leadRows()).toEqual([]);
  });

  it('refuses a non-JSON or empty body with 400, and an oversized one with 413 JSON', async () => {
    const empty = await ctx.app.inject({ method: 'POST', url: URL, headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    const broken = await ctx.app.inject({ method: 'POST', url: URL, headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(broken.statusCode).toBe(400);
    const huge = await post(form({ message: 'x'.repeat(20_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toMatch(/application\/json/);
    expect(huge.json()).toMatchObject({ success: false, statusCode: 413 });
    expect(await leadRows()).toEqual([]);
  });

  it('refuses an enquiry about a pending, rejected, inactive or unknown project with 404 naming projectId', async () => {
    for (const projectId of [...known.hiddenProjectIds, 2147483647]) {
      const response = await post(form({ projectId }));
      expect(response.statusCode, String(projectId)).toBe(404);
      expect(response.json()).toMatchObject({ success: false, field: 'projectId' });
    }
    expect(await leadRows()).toEqual([]);
  });
});

describe('repeats', () => {
  it('stores one lead for two identical posts, and answers both the same', async () => {
    const payload = form({ projectId: known.publicProjectId });
    const first = await post(payload);
    // The same enquiry typed differently: the phone's format, the e-mail's case and the message's spacing.
    const second = await post({ ...payload, phone: '9845012345', email: 'ASHA.RAO@example.com', message: ` ${payload.message}  ` });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await leadRows()).toHaveLength(1);
  });

  it('stores one lead for 8 identical posts sent at once', async () => {
    const payload = form();
    const responses = await Promise.all(Array.from({ length: 8 }, () => post(payload)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const [row] = await ctx.database.db.select({ n: count() }).from(schema.leads).where(eq(schema.leads.email, 'asha.rao@example.com'));
    expect(row?.n).toBe(1);
  });

  it('stores a lead for each different enquiry', async () => {
    const payload = form();
    await post(payload);
    await post({ ...payload, message: 'A different question' });
    await post({ ...payload, projectId: known.publicProjectId });
    await post({ ...payload, email: 'someone.else@example.com' });
    expect(await leadRows()).toHaveLength(4);
  });

  it('treats a repeat within a minute as one even across a minute boundary, and a later one as new', async () => {
    let now = new Date('2025-06-01T10:00:50Z');
    const service = createLeadsService(createLeadsRepository(ctx.database.db), () => now);
    const enquiry = { name: 'Ravi', phone: '9845012345', email: 'ravi@example.com', message: 'Boundary', source: 'form' as const };
    expect((await service.submit(enquiry)).leadId).toEqual(expect.any(Number));
    now = new Date('2025-06-01T10:01:10Z');
    expect((await service.submit(enquiry)).leadId).toBeNull();
    now = new Date('2025-06-01T10:01:51Z');
    expect((await service.submit(enquiry)).leadId).toEqual(expect.any(Number));
    expect(await leadRows()).toHaveLength(2);
  });
});

it('logs no personal data from an enquiry, accepted or refused', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ config: ctx.config, database: ctx.database, logger: pino({ level: 'trace' }, sink) });
  try {
    const secrets = { name: 'Secret Person', phone: '9123456780', email: 'secret.person@example.com', message: 'My secret message' };
    const payloads = [secrets, { ...secrets, phone: '12345' }, { ...secrets, projectId: known.hiddenProjectIds[0] }, { ...secrets, stage: 'crm' }];
    for (const payload of payloads) await app.inject({ method: 'POST', url: URL, payload });
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join('\n');
    for (const value of ['Secret Person', '9123456780', '912345678', 'secret.person', 'My secret message', '12345"']) {
      expect(log).not.toContain(value);
    }
  } finally {
    await app.close();
  }
});
