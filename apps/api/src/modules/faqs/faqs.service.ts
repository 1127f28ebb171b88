import type { Faq, FaqListQuery } from '@nivaas/contracts/faq.schema';
import type { FaqsRepository } from './faqs.repository';

export function createFaqsService(repository: FaqsRepository) {
  return {
    /** spec §9: FAQs approved only; the query's `approval` can only say 'approved', so it needs no handling. */
    listPublic({ associatedWith }: FaqListQuery): Promise<Faq[]> {
      return repository.listApproved(associatedWith);
    },
  };
}

export type FaqsService = ReturnType<typeof createFaqsService>;
