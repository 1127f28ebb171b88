import type { Approval } from '@nivaas/contracts/common.schema';
import type { AdminReview, ReviewQueueQuery } from '@nivaas/contracts/review-moderation.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import type { ReviewModerationRepository } from './review-moderation.repository';

type Action = 'approve' | 'reject';

/**
 * A review's approval (issue 14): pending is decided either way; an approved review can be taken down (rejected) and
 * a rejected one approved after all. Deciding a review into the state it is already in is refused, so two
 * moderators deciding the same review learn that the other one did.
 */
export function reviewTransition(current: Approval, action: Action): { ok: true; to: Approval } | { ok: false; message: string } {
  const to: Approval = action === 'approve' ? 'approved' : 'rejected';
  if (current === to) return { ok: false, message: `This review is already ${to}` };
  return { ok: true, to };
}

const DECIDED: Record<Action, string> = {
  approve: 'Review approved. It is on the place page now.',
  reject: 'Review rejected. It is no longer shown on the site.',
};

export function createReviewModerationService({ repository, clock = () => new Date() }: { repository: ReviewModerationRepository; clock?: () => Date }) {
  async function decide(staffId: number, id: number, action: Action, remark: string | null) {
    const current = await repository.approvalOf(id);
    if (current === undefined) throw DomainError.notFound('Review', id);
    const result = reviewTransition(current, action);
    if (!result.ok) throw new DomainError('CONFLICT', result.message);
    if (!(await repository.decide({ id, staffId, action, from: current, to: result.to, remark, at: clock() }))) {
      const now = await repository.approvalOf(id);
      throw new DomainError('CONFLICT', now === undefined ? `Review ${id} not found` : `This review changed while you were deciding; it is ${now} now`);
    }
    return { message: DECIDED[action], review: { id, approval: result.to } };
  }

  return {
    async queue({ page, limit, ...filter }: ReviewQueueQuery): Promise<{ items: AdminReview[]; pagination: Pagination }> {
      const { rows, total } = await repository.queue(filter, offsetOf({ page, limit }), limit);
      return {
        items: rows.map(({ placeId, placeName, cityId, cityName, createdAt, ...row }) => ({
          ...row,
          place: { id: placeId, name: placeName },
          city: cityId !== null && cityName !== null ? { id: cityId, name: cityName } : null,
          createdAt: createdAt.toISOString(),
        })),
        pagination: paginationOf({ page, limit }, rows.length, total),
      };
    },
    approve: (staffId: number, id: number, remark: string | null) => decide(staffId, id, 'approve', remark),
    reject: (staffId: number, id: number, remark: string) => decide(staffId, id, 'reject', remark),
  };
}

export type ReviewModerationService = ReturnType<typeof createReviewModerationService>;
