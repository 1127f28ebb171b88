import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { isDomainError } from '../lib/domain-error';
import { createLeadsRepository } from '../modules/leads/leads.repository';
import { createLeadsService } from '../modules/leads/leads.service';
import type { ChatLeads, ContactDetails } from './chat.engine';

const { brokers, users } = schema;

/**
 * Card Contact -> a lead through the leads module (its visibility check and dedupe key), with the signed-in
 * account's stored name, phone and e-mail. The account read is two primary-key selects kept here rather than
 * borrowed from the auth module, whose account queries serve sign-in.
 */
export function createChatLeads(db: Db, clock?: () => Date): ChatLeads {
  const leads = createLeadsService(createLeadsRepository(db), clock);
  return {
    async contactOf(identity): Promise<ContactDetails | null> {
      const table = identity.kind === 'user' ? users : brokers;
      const [row] = await db.select({ name: table.name, phone: table.phone, email: table.email }).from(table).where(eq(table.id, identity.id));
      return row ?? null;
    },

    async submit(lead) {
      try {
        const { leadId } = await leads.submitFromChat(lead);
        return leadId === null ? 'repeat' : 'created';
      } catch (error) {
        if (isDomainError(error) && error.code === 'NOT_FOUND') return 'not_found';
        throw error;
      }
    },
  };
}
