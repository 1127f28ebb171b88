import type { Db } from '@nivaas/db';
import type { MessageSender, OutgoingMessage } from './message-sender';

/** The part of a logger this uses; Fastify's and pino's loggers fit. Never handed a message body. */
export interface DeliveryLog {
  error(details: Record<string, unknown>, message: string): void;
}

export interface BackgroundDeliveries {
  /**
   * Hands the message over and returns at once: it is sent after the current request has been answered, so
   * whether anything was sent, and how long an SMTP server or SMS gateway takes, never shows in the answer (issue
   * 10: forgot-password and broker passcodes must answer alike for known and unknown identities). A failure is
   * logged; the person asks again.
   */
  dispatch(message: OutgoingMessage): void;
  /** Resolves when every message dispatched so far has been handed over or has failed. */
  settled(): Promise<void>;
}

/**
 * Messages dispatched but not yet handed over, per database. The dev outbox reads the same database and waits for
 * them first, so a test (or a local demo) that asks for the passcode right after the answer finds it.
 */
const pendingByDatabase = new WeakMap<Db, Set<Promise<void>>>();

export function createBackgroundDeliveries(sender: MessageSender, { db, log }: { db: Db; log: DeliveryLog }): BackgroundDeliveries {
  let pending = pendingByDatabase.get(db);
  if (!pending) {
    pending = new Set();
    pendingByDatabase.set(db, pending);
  }
  const inFlight = pending;
  const mine = new Set<Promise<void>>();

  return {
    dispatch(message) {
      // setImmediate: after the answer has been written, not merely after this function returns.
      const delivery = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => sender.send(message))
        .catch((error: unknown) => {
          log.error({ err: error, channel: message.channel, purpose: message.purpose }, 'could not send a message');
        })
        .finally(() => {
          inFlight.delete(delivery);
          mine.delete(delivery);
        });
      inFlight.add(delivery);
      mine.add(delivery);
    },

    async settled() {
      await Promise.all([...mine]);
    },
  };
}

/** Waits for every message dispatched to `db`'s outbox (or elsewhere) by any sender of this process. */
export async function deliveriesSettled(db: Db): Promise<void> {
  await Promise.all([...(pendingByDatabase.get(db) ?? [])]);
}
