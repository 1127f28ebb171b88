import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, scrubLogLine } from './logger';
import { cookieSet, latestOutboxMessage, latestPasscode } from './test/auth';
import { createBroker } from './test/factories';
import { createTestApp, type TestContext } from './test/test-app';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, sink };
}

it('redacts credentials wherever a request or its headers are logged', () => {
  const { lines, sink } = capture();
  const logger = pino(loggerOptions({ logLevel: 'info', nodeEnv: 'production' }), sink);
  const headers = { authorization: 'Bearer eyJ.secret', cookie: 'refresh=secret', 'user-agent': 'curl' };
  logger.info({ req: { headers } }, 'request');
  logger.info({ headers }, 'headers');

  const output = lines.join('');
  expect(output).not.toContain('secret');
  // A request is logged by method, path and address: its headers never.
  expect(JSON.parse(lines[0] ?? '{}').req.headers).toBeUndefined();
  expect(JSON.parse(lines[1] ?? '{}').headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]', 'user-agent': 'curl' });
});

describe('personal data in log lines (issue 10)', () => {
  it('censors personal fields by name, a few levels deep', () => {
    const { lines, sink } = capture();
    const logger = pino(loggerOptions({ logLevel: 'info', nodeEnv: 'production' }), sink);
    logger.info({ phone: 'A1', body: { email: 'A2', nested: { otp: 'A3', deeper: { token: 'A4' } } }, identity: 'A5', recipient: 'A6', password: 'A7', userId: 42 }, 'fields');
    const line = JSON.parse(lines[0] ?? '{}');
    expect(lines[0]).not.toMatch(/A[1-7]/);
    expect(line.userId).toBe(42);
    expect(line.body.nested.deeper.token).toBe('[redacted]');
  });

  it('logs an error without the query parameters or the row PostgreSQL quotes', () => {
    const { lines, sink } = capture();
    const logger = pino(loggerOptions({ logLevel: 'info', nodeEnv: 'production' }), sink);
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "leads_phone_uq"'), {
      code: '23505',
      constraint: 'leads_phone_uq',
      detail: 'Key (phone)=(9845012345) already exists.',
      table: 'leads',
    });
    const error = Object.assign(new Error('Failed query: insert into "leads" ("name", "phone") values ($1, $2)\nparams: Asha Rao,9845012345'), {
      cause,
      params: ['Asha Rao', '9845012345'],
      query: 'insert into "leads" ("name", "phone") values ($1, $2)',
    });
    logger.error({ err: error }, 'request failed');

    const output = lines.join('');
    expect(output).not.toContain('9845012345');
    expect(output).not.toContain('Asha Rao');
    const logged = JSON.parse(lines[0] ?? '{}').err;
    expect(logged).toMatchObject({ type: 'Error', code: '23505', constraint: 'leads_phone_uq', table: 'leads' });
    expect(logged.message).toBe('Failed query: insert into "leads" ("name", "phone") values ($1, $2): duplicate key value violates unique constraint "leads_phone_uq"');
    expect(logged.stack).toMatch(/\n\s+at /);
  });

  it('masks e-mails, mobiles, JWTs and opaque tokens left in free text, and leaves ids, times and hashes alone', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3Iiwia2luZCI6InVzZXIifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const opaque = 'Qx3-vYk_9rT2mZpL8wNcD4hJfA7sUe1GbHiKoMnPqRs';
    const secrets = ['asha.rao@example.com', '9845012345', '98450 12345', '+91 98450 12345', '09845012345', jwt, opaque, '483920'];
    const line = JSON.stringify({
      time: 1795502550460,
      requestId: '3f1e9a50-8450-4123-9845-7012345678ab',
      hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      msg: `mail asha.rao@example.com\ncall 9845012345 or\n98450 12345 or +91 98450 12345 or 09845012345; bearer ${jwt}; link ?token=${opaque}&x=1 and /reset?otp=483920`,
      stack: 'at file:///app/node_modules/@fastify/rate-limit@11.2.0/index.js:10:5',
    });
    const scrubbed = scrubLogLine(line);
    for (const secret of secrets) expect(scrubbed).not.toContain(secret);
    const parsed = JSON.parse(scrubbed);
    expect(parsed.time).toBe(1795502550460);
    expect(parsed.requestId).toBe('3f1e9a50-8450-4123-9845-7012345678ab');
    expect(parsed.hash).toMatch(/^e3b0c442/);
    expect(parsed.stack).toContain('@fastify/rate-limit@11.2.0');
    expect(parsed.msg).toContain('mail [email]\ncall [phone] or\n[phone]');
  });
});

describe('requests carrying phones, e-mails, codes and tokens leave none of them in the log', () => {
  const { lines, sink } = capture();
  let ctx: TestContext;
  beforeAll(async () => {
    // Trace: every line anything would ever log, not only those production keeps.
    ctx = await createTestApp({ logger: pino(loggerOptions({ logLevel: 'trace', nodeEnv: 'production' }), sink) });
  });
  afterAll(() => ctx.close());

  it('finds nothing of them in any line, and logs requests by path', async () => {
    const phone = '9845012345';
    const email = 'asha.rao@example.com';
    const brokerEmail = 'kavya.reset@example.com';
    await createBroker(ctx.database.db, { email: brokerEmail });
    const secrets: string[] = [phone, '98450 12345', email, brokerEmail];

    const enquiry = { name: 'Asha Rao', phone: '+91 98450 12345', email, message: `Call me on ${phone} or write to ${email}` };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/leadMenegmentRoute/uILeadFormData', payload: enquiry })).statusCode).toBe(201);
    await ctx.app.inject({ method: 'POST', url: `/api/leadMenegmentRoute/uILeadFormData?phone=${phone}&email=${email}`, payload: { ...enquiry, name: 'A' } });
    await ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${phone}` });
    await ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=%2B91%2098450%2012345&purpose=otp` });
    await ctx.app.inject({ method: 'GET', url: `/api/no-such-route/${phone}?email=${email}` });

    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/send-otp', payload: { phone: `+91 ${phone}` } })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/send-otp', payload: { email: `${email} and more` } });
    const code = await latestPasscode(ctx.app, phone);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/verify-otp', payload: { email: phone, otp: code === '000000' ? '111111' : '000000' } });
    const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/verify-otp', payload: { email: phone, otp: code } });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;
    const refreshCookie = cookieSet(signedIn, 'nivaas_rt_user') as string;
    await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
    await ctx.app.inject({ method: 'PUT', url: '/api/user/me', headers: { authorization: `Bearer ${token}` }, payload: { email, phone } });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/refresh-token', cookies: { nivaas_rt_user: refreshCookie }, payload: { email: phone, role: 'user' } });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/logout', cookies: { nivaas_rt_user: refreshCookie }, headers: { authorization: `Bearer ${token}` }, payload: { role: 'user' } });
    await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });

    await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/forgot-password', payload: { email: brokerEmail } });
    const resetToken = (await latestOutboxMessage(ctx.app, brokerEmail, 'password-reset'))?.body.match(/token=([A-Za-z0-9_-]{43})/)?.[1] as string;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/reset-password', payload: { token: resetToken, password: 'short' } });
    await ctx.app.inject({ method: 'POST', url: `/api/auth/broker/reset-password?token=${resetToken}`, payload: { token: resetToken, password: 'a long new password' } });
    secrets.push(code, token, refreshCookie, resetToken);

    const output = lines.join('');
    expect(output).toContain('incoming request');
    for (const secret of secrets) expect(output, secret).not.toContain(secret);
    for (const line of lines) {
      const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url;
      if (url !== undefined) expect(url).not.toContain('?');
    }
    expect(output).toContain('"url":"/api/dev/outbox"');
  });
});
