import type { Faq, FaqListQuery } from '@nivaas/contracts/faq.schema';
import type { FaqCreate, FaqPatch } from '@nivaas/contracts/content-admin.schema';
import { recordWrites } from '../../lib/back-office';
import type { FaqsRepository } from './faqs.repository';

export function createFaqsService(repository: FaqsRepository, { clock = () => new Date() }: { clock?: () => Date } = {}) {
  const records = recordWrites({ store: repository.records, entityKind: 'faq', label: 'FAQ', clock });
  return {
    list: records.list,
    read: records.read,
    create: (staffId: number, body: FaqCreate) => records.create(staffId, body),
    update: (staffId: number, id: number, body: FaqPatch) => records.update(staffId, id, body),
    /** spec §9: FAQs approved (and active) only; the query's `approval` can only say 'approved', so it needs no handling. */
    listPublic({ associatedWith }: FaqListQuery): Promise<Faq[]> {
      return repository.listApproved(associatedWith);
    },
  };
}

export type FaqsService = ReturnType<typeof createFaqsService>;
