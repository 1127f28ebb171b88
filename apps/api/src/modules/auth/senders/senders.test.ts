import { schema } from '@nivaas/db';
import { createTestDatabase, type TestDatabase } from '@nivaas/db/testing';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { createMessageSender } from './create-message-sender';
import { maskRecipient, type OutgoingMessage } from './message-sender';
import { createSmsWebhookSender, type FetchLike } from './sms-sender';
import { createSmtpSender } from './smtp-sender';

const otpSms: OutgoingMessage = { channel: 'sms', recipient: '9845012345', subject: null, body: '482913 is your Nivaas sign-in code.', purpose: 'otp' };
const otpMail: OutgoingMessage = { channel: 'email', recipient: 'asha@example.test', subject: 'Your Nivaas sign-in code', body: 'Your code is 482913.', purpose: 'otp' };

function recordingFetch(status = 200) {
  const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, headers: init.headers, body: JSON.parse(init.body) });
    return { ok: status < 300, status };
  };
  return { calls, fetch };
}

describe('message senders', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps messages in the outbox by default and logs where, never what', async () => {
    const lines: { details: Record<string, unknown>; message: string }[] = [];
    const log = { info: (details: Record<string, unknown>, message: string) => lines.push({ details, message }) };
    for (const nodeEnv of ['development', 'production'] as const) {
      const config = loadConfig({ NODE_ENV: nodeEnv, JWT_SECRET: 'j'.repeat(32), PUBLIC_ORIGIN: 'https://nivaas.example.com' }, '/srv/nivaas');
      await createMessageSender(config, database.db, { log }).send(otpSms);
    }
    const rows = await database.db.select().from(schema.outboxMessages);
    expect(rows.map((row) => row.body)).toEqual([otpSms.body, otpSms.body]);
    expect(lines.map((line) => line.message)).toEqual(['message put in the outbox (read it at GET /api/dev/outbox)', 'message stored in the outbox']);
    for (const line of lines) {
      expect(JSON.stringify(line)).not.toContain('482913');
      expect(JSON.stringify(line)).not.toContain('9845012345');
      expect(line.details).toMatchObject({ purpose: 'otp', channel: 'sms', recipient: '98******45' });
    }
  });

  it('sends e-mail through SMTP when asked, and text messages through the SMS gateway when one is configured', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const smtp = createSmtpSender({ from: 'Nivaas <no-reply@nivaas.local>', transport });
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: Parameters<typeof original>[0]) => {
      const info = await original(mail);
      sent.push(String(info.message));
      return info;
    }) as typeof transport.sendMail;
    await smtp.send(otpMail);
    expect(JSON.parse(sent[0] as string)).toMatchObject({ to: [{ address: 'asha@example.test' }], subject: 'Your Nivaas sign-in code', text: 'Your code is 482913.' });
    await expect(smtp.send(otpSms)).rejects.toThrow(/e-mail only/);

    const gateway = recordingFetch();
    const sms = createSmsWebhookSender({ url: 'https://sms.example.test/send', token: 'gateway-token', fetch: gateway.fetch });
    await sms.send(otpSms);
    expect(gateway.calls).toEqual([
      {
        url: 'https://sms.example.test/send',
        headers: { 'content-type': 'application/json', authorization: 'Bearer gateway-token' },
        body: { to: '+919845012345', message: otpSms.body, purpose: 'otp' },
      },
    ]);
    const failing = createSmsWebhookSender({ url: 'https://sms.example.test/send', fetch: recordingFetch(503).fetch });
    await expect(failing.send(otpSms)).rejects.toThrow('SMS gateway answered 503');
  });

  it('routes by channel: SMS to the gateway when configured, e-mail to the outbox unless OTP_SENDER=smtp', async () => {
    const gateway = recordingFetch();
    const config = loadConfig({ SMS_WEBHOOK_URL: 'https://sms.example.test/send' }, '/srv/nivaas');
    const sender = createMessageSender(config, database.db, { fetch: gateway.fetch });
    const before = (await database.db.select().from(schema.outboxMessages)).length;
    await sender.send(otpSms);
    await sender.send(otpMail);
    expect(gateway.calls).toHaveLength(1);
    const rows = await database.db.select().from(schema.outboxMessages);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ channel: 'email', recipient: 'asha@example.test' });
  });

  it('masks recipients for logs', () => {
    expect(maskRecipient('asha.rao@example.com')).toBe('a***@example.com');
    expect(maskRecipient('9845012345')).toBe('98******45');
  });
});
