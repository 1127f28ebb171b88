import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, eq } from '@nivaas/db/orm';
import { recordTable } from '../../lib/back-office';

const { faqs } = schema;

type Insert = typeof faqs.$inferInsert;
/** What the provider may set on an FAQ (issue 14); publication goes beside it. */
export type FaqValues = Pick<Insert, 'question' | 'answer' | 'associatedWith'> & Partial<Pick<Insert, 'position'>>;

/** SQL for FAQs; no HTTP, no response shapes. */
export function createFaqsRepository(db: Db) {
  return {
    /** Approved and (since issue 14) active only, in the provider's order (position, then id). */
    listApproved(associatedWith: string) {
      return db
        .select({ id: faqs.id, question: faqs.question, answer: faqs.answer, associatedWith: faqs.associatedWith })
        .from(faqs)
        .where(and(eq(faqs.associatedWith, associatedWith), eq(faqs.approval, 'approved'), eq(faqs.status, 'active')))
        .orderBy(asc(faqs.position), asc(faqs.id));
    },

    /** The back office's list and writes (every state), searched by question, answer and page. */
    records: recordTable<typeof faqs, FaqValues>(db, faqs, [faqs.question, faqs.answer, faqs.associatedWith]),
  };
}

export type FaqsRepository = ReturnType<typeof createFaqsRepository>;
