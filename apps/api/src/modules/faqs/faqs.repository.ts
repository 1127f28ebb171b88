import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, eq } from '@nivaas/db/orm';

const { faqs } = schema;

/** SQL for FAQs; no HTTP, no response shapes. */
export function createFaqsRepository(db: Db) {
  return {
    /** Approved only, in the provider's order (position, then id). */
    listApproved(associatedWith: string) {
      return db
        .select({ id: faqs.id, question: faqs.question, answer: faqs.answer, associatedWith: faqs.associatedWith })
        .from(faqs)
        .where(and(eq(faqs.associatedWith, associatedWith), eq(faqs.approval, 'approved')))
        .orderBy(asc(faqs.position), asc(faqs.id));
    },
  };
}

export type FaqsRepository = ReturnType<typeof createFaqsRepository>;
