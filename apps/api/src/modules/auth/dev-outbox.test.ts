import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('GET /api/dev/outbox', () => {
  let dev: TestContext;
  let production: TestContext;

  beforeAll(async () => {
    dev = await createTestApp();
    production = await createTestApp({
      env: { NODE_ENV: 'production', LOG_LEVEL: 'silent', JWT_SECRET: 'p'.repeat(40), PUBLIC_ORIGIN: 'https://nivaas.example.com' },
    });
  });
  afterAll(async () => {
    await dev.close();
    await production.close();
  });

  it('lists what the outbox kept, newest first, filtered by recipient (typed any usual way) and purpose', async () => {
    const phone = '9123456780';
    await dev.app.inject({ method: 'POST', url: '/api/auth/portal/send-otp', payload: { email: phone } });
    await dev.app.inject({ method: 'POST', url: '/api/auth/portal/send-otp', payload: { email: 'someone@example.test' } });
    const response = await dev.app.inject({ method: 'GET', url: '/api/dev/outbox', query: { recipient: '+91 91234 56780', purpose: 'otp' } });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'sms', recipient: phone, purpose: 'otp', subject: null, body: expect.stringMatching(/^\d{6} is your Nivaas sign-in code/) });

    const all = (await dev.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().messages;
    expect(all.map((message: { recipient: string }) => message.recipient)).toEqual(['someone@example.test', phone]);
    expect((await dev.app.inject({ method: 'GET', url: '/api/dev/outbox', query: { other: '1' } })).statusCode).toBe(400);
  });

  it('does not exist when NODE_ENV=production', async () => {
    const response = await production.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    // The sign-in itself still works there (the code is kept, just not served).
    const sent = await production.app.inject({ method: 'POST', url: '/api/auth/portal/send-otp', payload: { email: '9123456781' } });
    expect(sent.statusCode).toBe(200);
  });
});
