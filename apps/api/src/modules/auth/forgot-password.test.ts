import { randomBytes } from 'node:crypto';
import { schema } from '@nivaas/db';
import { count, desc, eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestOutboxMessage } from '../../test/auth';
import { createBroker } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { type AccountsRepository, createAccountsRepository } from './accounts.repository';
import { createAuthService, RESET_SENT_MESSAGE } from './auth.service';
import { createOtpRepository } from './otp.repository';
import { createOtpService } from './otp.service';
import type { OutgoingMessage } from './senders/message-sender';
import { createSessionsRepository } from './sessions.repository';
import { createSessionsService } from './sessions.service';

interface Step {
  call: string;
  /** The arguments' shapes: an e-mail and a hash look alike whoever they are for. */
  shapes: string[];
}

function shapeOf(value: unknown): string {
  if (value instanceof Date) return 'date';
  if (typeof value === 'string') return /^[0-9a-f]{64}$/.test(value) ? 'sha256-hex' : value.includes('@') ? 'email' : 'string';
  if (typeof value === 'function') return 'function';
  if (typeof value === 'object' && value !== null) return `{${Object.entries(value).map(([key, inner]) => `${key}:${shapeOf(inner)}`).join(',')}}`;
  return typeof value;
}

/** The repository, recording every call made on it and on the transaction handle it lends out. */
function recording<T extends object>(target: T, steps: Step[]): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        steps.push({ call: String(property), shapes: args.map(shapeOf) });
        if (property === 'transaction') {
          const work = args[0] as (tx: object) => Promise<unknown>;
          return (value as (work: (tx: object) => Promise<unknown>) => Promise<unknown>).call(object, (tx) => work(recording(tx, steps)));
        }
        return (value as (...inner: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}

describe('forgot-password does the same work for known and unknown e-mails (issue 10 "Leaks")', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('runs the same repository steps with the same kinds of argument, and only dispatches (after answering) for a broker', async () => {
    const broker = await createBroker(ctx.database.db, { email: 'known.broker@example.test' });
    const steps: Step[] = [];
    const dispatched: OutgoingMessage[] = [];
    const clock = () => new Date();
    const accounts: AccountsRepository = recording(createAccountsRepository(ctx.database.db), steps);
    const key = randomBytes(32);
    const auth = createAuthService({
      accounts,
      otp: createOtpService({ repository: createOtpRepository(ctx.database.db), passcodeKey: key, clock, sendsPerIpPerHour: 100 }),
      sessions: createSessionsService({ repository: createSessionsRepository(ctx.database.db), revocations: { ended: async () => undefined }, clock }),
      deliveries: { dispatch: (message) => dispatched.push(message) },
      key,
      clock,
    });

    const known = await auth.forgotPassword(broker.email, 'https://nivaas.example');
    const knownSteps = steps.splice(0);
    const unknown = await auth.forgotPassword('nobody.here@example.test', 'https://nivaas.example');
    const unknownSteps = steps.splice(0);

    expect(known).toBe(RESET_SENT_MESSAGE);
    expect(unknown).toBe(known);
    expect(knownSteps).toEqual([
      { call: 'transaction', shapes: ['function'] },
      { call: 'retirePasswordResetsFor', shapes: ['email', 'date'] },
      { call: 'insertPasswordResetFor', shapes: ['email', '{tokenHash:sha256-hex,expiresAt:date,createdAt:date}'] },
    ]);
    expect(unknownSteps).toEqual(knownSteps);
    // The one difference: a message handed to the background queue for the broker, nothing for nobody.
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0]).toMatchObject({ recipient: broker.email, purpose: 'password-reset' });
    expect(dispatched[0]?.body).toMatch(/^https:\/\/nivaas\.example\/reset-password\?token=[A-Za-z0-9_-]{43}$/m);
  });

  it('answers alike over HTTP after writing alike; only the broker gets a link, and only its link works', async () => {
    const broker = await createBroker(ctx.database.db, { email: 'http.broker@example.test' });
    const resets = async () => (await ctx.database.db.select({ n: count() }).from(schema.passwordResets))[0]?.n ?? 0;
    const before = await resets();
    const ask = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/broker/forgot-password', payload: { email } });

    const known = await ask(broker.email);
    const unknown = await ask('never.registered@example.test');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    const { requestId: _known, ...knownBody } = known.json();
    const { requestId: _unknown, ...unknownBody } = unknown.json();
    expect(unknownBody).toEqual(knownBody);
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);

    // One row each: the unknown e-mail's names no broker (and nothing about the e-mail).
    expect(await resets()).toBe(before + 2);
    const [stored] = await ctx.database.db.select().from(schema.passwordResets).where(eq(schema.passwordResets.brokerId, broker.id));
    expect(stored?.usedAt).toBeNull();
    const [decoy] = await ctx.database.db.select().from(schema.passwordResets).orderBy(desc(schema.passwordResets.id)).limit(1);
    expect(decoy).toMatchObject({ brokerId: null, usedAt: null });
    expect(await latestOutboxMessage(ctx.app, 'never.registered@example.test', 'password-reset')).toBeUndefined();
    const link = (await latestOutboxMessage(ctx.app, broker.email, 'password-reset'))?.body.match(/reset-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/reset-password', payload: { token: link, password: 'a fresh password' } });
    expect(reset.statusCode).toBe(200);
  });
});
