import { isDomainError } from '../lib/domain-error';
import type { AuthService } from '../modules/auth/auth.service';
import type { LeadsService } from '../modules/leads/leads.service';
import type { ChatLeads, ContactDetails } from './chat.engine';

export interface ChatLeadsServices {
  leads: Pick<LeadsService, 'submitFromChat'>;
  /** The signed-in account's stored name, phone and e-mail. */
  auth: Pick<AuthService, 'contactOf'>;
}

/**
 * Card Contact -> a lead through the leads module (its visibility check and dedupe key), with the signed-in
 * account's stored name, phone and e-mail read through the auth module.
 */
export function createChatLeads({ leads, auth }: ChatLeadsServices): ChatLeads {
  return {
    contactOf: (identity): Promise<ContactDetails | null> => auth.contactOf(identity),

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
