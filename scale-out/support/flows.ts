import pg from 'pg';
import { type Client, expectAnswer } from './client';
import type { TopologyInfo } from './topology';

/** The seed's staff account (README 'Signing in locally'); it has no password. */
export const PROVIDER_EMAIL = 'provider@nivaas.local';

/**
 * The topology's own database, read the way an operator could: in production the dev outbox route does not exist,
 * and the passcodes OTP_SENDER=outbox keeps are rows of outbox_messages.
 */
export class Database {
  private readonly pool: pg.Pool;

  constructor(info: TopologyInfo) {
    this.pool = new pg.Pool({ connectionString: info.databaseUrl, max: 2, application_name: 'nivaas-scale-out-proof' });
  }

  async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(text, values)).rows;
  }

  /** Where the outbox ends now: a passcode asked for after this has a greater id. */
  async outboxEnd(): Promise<number> {
    const [row] = await this.query<{ id: number | null }>('select max(id) as id from outbox_messages');
    return Number(row?.id ?? 0);
  }

  /**
   * The passcode sent to `recipient` after outbox id `after`. Delivery runs after send-otp has answered (the answer
   * must not say by its timing whether the account exists), so the row may land a moment later.
   */
  async passcode(recipient: string, after: number): Promise<string> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const [message] = await this.query<{ body: string }>(
        `select body from outbox_messages where recipient = $1 and purpose = 'otp' and id > $2 order by id desc limit 1`,
        [recipient, after],
      );
      const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no passcode in the outbox for ${recipient}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

export interface SignedIn {
  token: string;
}

/** A user's passcode sign-in: the code is asked for through `send` and typed in through `verify` (two processes). */
export async function signInUser(client: Client, db: Database, email: string, pins: { send: string; verify: string }): Promise<SignedIn> {
  const after = await db.outboxEnd();
  expectAnswer(await client.post('/api/auth/portal/send-otp', { email }, { pin: pins.send }), 200, pins.send);
  const otp = await db.passcode(email, after);
  const verified = expectAnswer(await client.post('/api/auth/portal/verify-otp', { email, otp }, { pin: pins.verify }), 200, pins.verify);
  return { token: verified.json<{ token: string }>().token };
}

/** The provider's console sign-in, the same way. */
export async function signInProvider(client: Client, db: Database, pins: { send: string; verify: string }): Promise<SignedIn> {
  const after = await db.outboxEnd();
  expectAnswer(await client.post('/api/auth/provider/send-otp', { email: PROVIDER_EMAIL }, { pin: pins.send }), 200, pins.send);
  const otp = await db.passcode(PROVIDER_EMAIL, after);
  const verified = expectAnswer(await client.post('/api/auth/provider/verify-otp', { email: PROVIDER_EMAIL, otp }, { pin: pins.verify }), 200, pins.verify);
  return { token: verified.json<{ token: string }>().token };
}

/** An enquiry body with its own mobile number, so neither the repeat window nor the per-number limit folds two. */
export function enquiry(message: string, n: number): Record<string, string> {
  return { name: 'Scale Out Proof', phone: `9${String(100_000_000 + n).slice(-9)}`, email: 'scale.out@example.in', message };
}

/** An e-mail address no earlier step (or earlier run of this file against the same topology) has used. */
export function freshEmail(label: string): string {
  return `${label}-${process.pid}-${Date.now().toString(36)}@example.in`;
}
