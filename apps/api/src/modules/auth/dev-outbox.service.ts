import { parseIdentity } from '@nivaas/contracts/auth.schema';
import type { DevOutboxRepository } from './dev-outbox.repository';

export interface OutboxQuery {
  recipient?: string | undefined;
  purpose?: string | undefined;
  limit: number;
}

/**
 * What the outbox sender kept, newest first (development and tests only). `settled` waits for the messages still on
 * their way: they leave after the answer to the request that made them.
 */
export function createDevOutboxService(repository: DevOutboxRepository, settled: () => Promise<void>) {
  return {
    async list({ recipient, purpose, limit }: OutboxQuery) {
      await settled();
      // The recipient may be typed as the user typed it ('+91 98450 12345'): it is normalised like a sign-in identity.
      const normalised = recipient === undefined ? undefined : (parseIdentity(recipient)?.value ?? recipient.toLowerCase());
      const rows = await repository.list({ recipient: normalised, purpose }, limit);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}

export type DevOutboxService = ReturnType<typeof createDevOutboxService>;
