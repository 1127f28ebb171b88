import { Writable } from 'node:stream';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../logger';
import { latestPasscode } from '../../test/auth';
import { createUser } from '../../test/factories';
import { createStaff, headersFor } from '../../test/lifecycle';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Issue 14: the provider looks a user up by phone or e-mail, blocks them (their sign-ins end) and unblocks them. */
let ctx: TestContext;
let staff = 0;
let other = 0;
const logged: string[] = [];
let now = new Date();
const PHONE = '9876501234';
const EMAIL = 'meera.blocked@example.com';

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp({
    // The app's own logger options (serializers, redaction) writing to a sink this test reads.
    logger: pino({ ...loggerOptions({ logLevel: 'info', nodeEnv: 'test' }), transport: undefined }, sink),
    clock: () => now,
    prepare: async ({ db }) => {
      staff = await createStaff(db);
      other = (await createUser(db, { name: 'Other Person', email: 'other.person@example.com' })).id;
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

const provider = () => headersFor(ctx.app, { kind: 'provider', id: staff });

async function signIn(identity: string) {
  // Past the resend lock of the previous code for the same phone.
  now = new Date(now.getTime() + 31_000);
  await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/send-otp', payload: { email: identity } });
  return ctx.app.inject({ method: 'POST', url: '/api/auth/portal/verify-otp', payload: { email: identity, otp: await latestPasscode(ctx.app, identity) } });
}

describe('/api/admin/users: look up, block, unblock', () => {
  it('finds a user by phone however it is typed, or by e-mail; blocking ends their sign-in and refuses the next with the reason', async () => {
    const first = await signIn(PHONE);
    expect(first.statusCode, first.body).toBe(200);
    const userId = first.json().user.id as number;
    const token = first.json().token as string;
    await ctx.database.db.update(schema.users).set({ email: EMAIL, name: 'Meera' }).where(eq(schema.users.id, userId));

    for (const q of ['+91 98765 01234', '98765-01234', PHONE, 'meera.blocked@', 'MEERA.BLOCKED@EXAMPLE.COM']) {
      const found = await ctx.app.inject({ method: 'GET', url: '/api/admin/users', query: { q }, headers: await provider() });
      expect(found.statusCode, q).toBe(200);
      expect(found.json().items, q).toEqual([expect.objectContaining({ id: userId, phone: PHONE, email: EMAIL, blockedAt: null })]);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);

    const blocked = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/block`, headers: await provider(), payload: { reason: 'Posting fake listings' } });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().item).toMatchObject({ id: userId, blockReason: 'Posting fake listings', blockedAt: expect.any(String) });

    // The sign-in they had has ended (the access token too), and a new one is refused with the reason.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    const refused = await signIn(PHONE);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your account has been blocked by the Nivaas team: Posting fake listings. Write to support@nivaas.example.com if you think this is a mistake.',
    );
    const onlyBlocked = (await ctx.app.inject({ method: 'GET', url: '/api/admin/users?blocked=blocked', headers: await provider() })).json();
    expect(onlyBlocked.items.map((user: { id: number }) => user.id)).toEqual([userId]);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/block`, headers: await provider(), payload: { reason: 'Again please' } })).statusCode).toBe(409);

    const unblocked = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/unblock`, headers: await provider() });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect(unblocked.json().item).toMatchObject({ blockedAt: null, blockReason: null });
    const again = await signIn(PHONE);
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(userId);

    const audit = (await ctx.app.inject({ method: 'GET', url: `/api/admin/audit?entityKind=user&entityId=${userId}`, headers: await provider() })).json();
    expect(audit.entries.map((entry: { action: string; remark: string | null }) => [entry.action, entry.remark])).toEqual([
      ['unblock', null],
      ['block', 'Posting fake listings'],
    ]);
    // Issue 10 and 14: no phone or e-mail in any log line, however the provider searched.
    const lines = logged.join('');
    expect(lines).toContain('"url":"/api/admin/users"');
    expect(lines).not.toContain(PHONE);
    expect(lines).not.toContain('98765 01234');
    expect(lines).not.toContain('meera.blocked');
  });

  it('leaves other users alone and refuses bad input with 400 naming the field', async () => {
    const missing = await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${other}/block`, headers: await provider(), payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('reason');
    const tooLong = await ctx.app.inject({ method: 'GET', url: `/api/admin/users?q=${'x'.repeat(101)}`, headers: await provider() });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().field).toBe('q');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/users/2147483647/unblock', headers: await provider() })).statusCode).toBe(404);
    const [row] = await ctx.database.db.select({ blockedAt: schema.users.blockedAt }).from(schema.users).where(eq(schema.users.id, other));
    expect(row?.blockedAt).toBeNull();
  });
});
