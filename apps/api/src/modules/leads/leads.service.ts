import { createHash } from 'node:crypto';
import type { LeadForm } from '@nivaas/contracts/lead.schema';
import { DomainError } from '../../lib/domain-error';
import type { DedupeWindow, LeadsRepository } from './leads.repository';

/** A repeat of the same enquiry within this long stores nothing new (issue 3: 'within a minute'). */
export const DEDUPE_WINDOW_MS = 60_000;

/** Case and runs of whitespace do not make a message a different enquiry. */
function sameMessage(message: string | undefined): string {
  return (message ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The dedupe keys of an enquiry at `now`. The content is hashed, so the key column holds no phone or e-mail in
 * clear; the minute bucket keeps the unique key from blocking the same enquiry for ever.
 */
export function dedupeWindow(
  form: Pick<LeadForm, 'projectId' | 'message'> & { phone: string | null; email: string | null },
  now: Date,
): DedupeWindow {
  const content = createHash('sha256')
    .update(JSON.stringify([form.phone, form.email, form.projectId ?? null, sameMessage(form.message)]))
    .digest('hex');
  const minute = Math.floor(now.getTime() / DEDUPE_WINDOW_MS);
  const keyAt = (bucket: number) => `lead:v1:${content}:${bucket}`;
  return {
    lockKey: content,
    key: keyAt(minute),
    recentKeys: [keyAt(minute), keyAt(minute - 1)],
    since: new Date(now.getTime() - DEDUPE_WINDOW_MS),
  };
}

/**
 * An enquiry from the help chat (issue 6): the Contact button on a card. The visitor may be signed in (then the
 * account's details are used and the lead is linked to the user) or typed a name and a mobile number; an e-mail or a
 * phone may be missing, never both.
 */
export interface ChatLeadInput {
  projectId: number;
  name: string;
  phone: string | null;
  email: string | null;
  userId: number | null;
  message: string;
}

export interface LeadOutcome {
  /** The stored lead, or null when this was a repeat of one stored within the window. */
  leadId: number | null;
}

export function createLeadsService(repository: LeadsRepository, clock: () => Date = () => new Date()) {
  return {
    /**
     * Stores an enquiry from the site's forms with stage 'new'. An enquiry about a project must be about one the
     * visitor can see; a hidden or unknown project is a 404 naming `projectId` (the same answer for both, so the
     * form cannot probe for unpublished projects).
     */
    async submit(form: LeadForm): Promise<LeadOutcome> {
      const projectId = form.projectId ?? null;
      if (projectId !== null && !(await repository.isPublicItem(projectId))) {
        throw new DomainError('NOT_FOUND', `Project ${projectId} not found`, { field: 'projectId' });
      }
      const now = clock();
      const leadId = await repository.insertUnlessRecent(
        {
          projectId,
          name: form.name,
          phone: form.phone,
          email: form.email,
          message: form.message || null,
          source: form.source,
          // The app's clock, like the dedupe window, so the look-back compares like with like.
          createdAt: now,
        },
        dedupeWindow(form, now),
      );
      return { leadId };
    },

    /**
     * Stores a help-chat enquiry (source 'chat') on a public project or listing, with the same visibility check
     * and the same dedupe key as the forms, so a repeated Contact within the window stores one lead.
     */
    async submitFromChat(lead: ChatLeadInput): Promise<LeadOutcome> {
      if (lead.phone === null && lead.email === null) throw new DomainError('VALIDATION', 'A phone number or an e-mail is needed', { field: 'phone' });
      if (!(await repository.isPublicItem(lead.projectId))) {
        throw new DomainError('NOT_FOUND', `Project ${lead.projectId} not found`, { field: 'projectId' });
      }
      const now = clock();
      const leadId = await repository.insertUnlessRecent(
        { projectId: lead.projectId, name: lead.name, phone: lead.phone, email: lead.email, message: lead.message, source: 'chat', userId: lead.userId, createdAt: now },
        dedupeWindow(lead, now),
      );
      return { leadId };
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
