import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieSet, latestOutboxMessage } from '../../test/auth';
import { createBroker, createCity } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { PASSWORD_RESET_TTL_MS } from './auth.service';

let now = new Date('2026-04-01T06:00:00Z');
let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

describe('broker accounts (issue 4 "Brokers")', () => {
  let ctx: TestContext;
  let cityId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: () => now });
    cityId = (await createCity(ctx.database.db)).id;
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: Record<string, unknown>, cookies: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/auth/broker/${url}`, payload, cookies });
  const registration = (overrides: Record<string, unknown> = {}) => {
    const n = next();
    return {
      name: 'Kavya Menon',
      phone: `88${String(70_000_000 + n).padStart(8, '0')}`,
      email: `kavya.${n}@example.test`,
      company: 'Menon Realty',
      reraNumber: `PRM/KA/RERA/1251/310/AG/${n}`,
      cityId,
      password: 'correct horse battery',
      ...overrides,
    };
  };
  const withoutRequestId = (body: Record<string, unknown>) => {
    const { requestId: _requestId, ...rest } = body;
    return rest;
  };

  it('registers a broker with approval pending, signs them in, and never stores the password in clear', async () => {
    const input = registration({ email: 'Kavya.New@Example.TEST' });
    const response = await post('register', input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      role: 'broker',
      message: 'Registration successful! Your profile is waiting for approval.',
      broker: { name: 'Kavya Menon', email: 'kavya.new@example.test', phone: input.phone, approval: 'pending', cityId, hasPassword: true },
    });
    expect(cookieSet(response, 'nivaas_rt_broker')).toBeTruthy();
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json().account).toMatchObject({ kind: 'broker', id: body.broker.id, approval: 'pending' });

    const [row] = await ctx.database.db.select().from(schema.brokers).where(eq(schema.brokers.id, body.broker.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain(input.password);
  });

  it('refuses a second account on one e-mail or phone with 409 naming the field, and bad input with 400', async () => {
    const first = registration();
    expect((await post('register', first)).statusCode).toBe(201);
    const sameEmail = await post('register', registration({ email: first.email.toUpperCase() }));
    expect([sameEmail.statusCode, sameEmail.json().field]).toEqual([409, 'email']);
    const samePhone = await post('register', registration({ phone: `+91 ${first.phone}` }));
    expect([samePhone.statusCode, samePhone.json().field]).toEqual([409, 'phone']);

    expect((await post('register', registration({ cityId: 987_654 }))).json()).toMatchObject({ statusCode: 400, field: 'cityId' });
    expect((await post('register', registration({ password: 'short' }))).json()).toMatchObject({ statusCode: 400, field: 'password' });
    expect((await post('register', registration({ phone: '12345' }))).json()).toMatchObject({ statusCode: 400, field: 'phone' });
    for (const field of ['approval', 'role', 'id', 'ownerId']) {
      const response = await post('register', registration({ [field]: field === 'approval' ? 'approved' : 1 }));
      expect([response.statusCode, response.json().field]).toEqual([400, field]);
    }
    // Without a password the broker signs in by passcode only.
    const { password: _password, ...passcodeOnly } = registration();
    expect((await post('register', passcodeOnly)).json().broker.hasPassword).toBe(false);
  });

  it('logs in with e-mail and password, with one answer for an unknown e-mail, a wrong password and no password', async () => {
    const input = registration();
    const registered = (await post('register', input)).json();
    const login = await post('login', { email: input.email.toUpperCase(), password: input.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ role: 'broker', broker: { id: registered.broker.id }, token: expect.any(String) });
    expect(cookieSet(login, 'nivaas_rt_broker')).toBeTruthy();

    const { password: _password, ...passcodeOnly } = registration();
    await post('register', passcodeOnly);
    const failures = await Promise.all([
      post('login', { email: input.email, password: 'wrong password' }),
      post('login', { email: `nobody.${next()}@example.test`, password: input.password }),
      post('login', { email: passcodeOnly.email, password: input.password }),
    ]);
    for (const failure of failures) {
      expect(failure.statusCode).toBe(401);
      expect(withoutRequestId(failure.json())).toEqual(withoutRequestId(failures[0]?.json()));
      expect(failure.json().message).toBe('Invalid e-mail or password');
    }
  });

  it('sends a single-use reset link valid 30 minutes, always answering the same, and signs the broker out everywhere', async () => {
    const input = registration();
    const registered = await post('register', input);
    const sessionCookie = cookieSet(registered, 'nivaas_rt_broker') as string;

    const known = await post('forgot-password', { email: input.email });
    const unknown = await post('forgot-password', { email: `nobody.${next()}@example.test` });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe('If a broker account uses this e-mail, a link to reset the password has been sent to it.');

    const message = await latestOutboxMessage(ctx.app, input.email, 'password-reset');
    const link = message?.body.match(/(http\S+\/reset-password\?token=([A-Za-z0-9_-]{43}))/);
    expect(link?.[1]).toMatch(/^http:\/\/localhost(:\d+)?\/reset-password\?token=/);
    const token = link?.[2] as string;
    const [stored] = await ctx.database.db.select().from(schema.passwordResets).where(eq(schema.passwordResets.brokerId, registered.json().broker.id));
    expect(stored?.tokenHash).not.toContain(token);

    const reset = await post('reset-password', { token, password: 'a brand new secret' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Your password has been reset. Please log in with the new password.');
    expect((await post('login', { email: input.email, password: 'a brand new secret' })).statusCode).toBe(200);
    expect((await post('login', { email: input.email, password: input.password })).statusCode).toBe(401);
    // The session from before the reset is over.
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/portal/refresh-token',
      cookies: { nivaas_rt_broker: sessionCookie },
      payload: { email: input.email, role: 'broker', app: 'portal' },
    });
    expect(refresh.statusCode).toBe(401);

    const reused = await post('reset-password', { token, password: 'yet another secret' });
    expect([reused.statusCode, reused.json().field]).toEqual([400, 'token']);
    expect((await post('reset-password', { token, password: 'short' })).json().field).toBe('password');
  });

  it('lets a reset link expire after 30 minutes, and a newer link replace an older one', async () => {
    const input = registration();
    await post('register', input);
    const linkToken = async () => (await latestOutboxMessage(ctx.app, input.email, 'password-reset'))?.body.match(/token=([A-Za-z0-9_-]{43})/)?.[1] as string;

    await post('forgot-password', { email: input.email });
    const expiring = await linkToken();
    now = new Date(now.getTime() + PASSWORD_RESET_TTL_MS + 1000);
    expect((await post('reset-password', { token: expiring, password: 'too late now' })).statusCode).toBe(400);

    await post('forgot-password', { email: input.email });
    const older = await linkToken();
    await post('forgot-password', { email: input.email });
    const newer = await linkToken();
    expect((await post('reset-password', { token: older, password: 'older link here' })).statusCode).toBe(400);
    expect((await post('reset-password', { token: newer, password: 'newer link here' })).statusCode).toBe(200);
  });

  it('gives a passcode-only broker a password through the reset link', async () => {
    const broker = await createBroker(ctx.database.db, { email: `seeded.${next()}@example.test`, phone: `77${String(10_000_000 + sequence).padStart(8, '0')}` });
    await post('forgot-password', { email: broker.email });
    const token = (await latestOutboxMessage(ctx.app, broker.email, 'password-reset'))?.body.match(/token=([A-Za-z0-9_-]{43})/)?.[1];
    expect((await post('reset-password', { token, password: 'first password' })).statusCode).toBe(200);
    expect((await post('login', { email: broker.email, password: 'first password' })).json().broker).toMatchObject({ id: broker.id, hasPassword: true });
  });
});
