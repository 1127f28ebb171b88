import type { Principal } from '@nivaas/contracts/auth.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import type { AdminUser, AdminUsersQuery } from '@nivaas/contracts/people-admin.schema';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import type { AdminUserRow, UserStandingRepository } from './user-standing.repository';

function toAdminUser({ createdAt, blockedAt, ...row }: AdminUserRow): AdminUser {
  return { ...row, createdAt: createdAt.toISOString(), blockedAt: blockedAt?.toISOString() ?? null };
}

export interface UserStandingServiceDeps {
  repository: UserStandingRepository;
  /** Ends every sign-in of an account, refresh and access tokens alike (the sessions service's endAll). */
  endSessions: (principal: Principal) => Promise<void>;
  clock?: () => Date;
}

export function createUserStandingService({ repository, endSessions, clock = () => new Date() }: UserStandingServiceDeps) {
  async function change(staffId: number, id: number, action: 'block' | 'unblock', reason: string | null) {
    const before = await repository.find(id);
    if (!before) throw DomainError.notFound('User', id);
    if (action === 'block' && before.blockedAt !== null) throw new DomainError('CONFLICT', 'This user is already blocked');
    if (action === 'unblock' && before.blockedAt === null) throw new DomainError('CONFLICT', 'This user is not blocked');
    if (!(await repository.change({ id, staffId, action, reason, at: clock() }))) {
      throw new DomainError('CONFLICT', 'This user changed while you were deciding; reload and try again');
    }
    // After the block committed, so a sign-in racing it is either ended here or refused by the block.
    if (action === 'block') await endSessions({ kind: 'user', id });
    const after = await repository.find(id);
    if (!after) throw DomainError.notFound('User', id);
    return {
      message: action === 'block' ? 'User blocked. Their sign-ins have ended and a new one is refused.' : 'User unblocked. They can sign in again.',
      item: toAdminUser(after),
    };
  }

  return {
    async list({ page, limit, ...filter }: AdminUsersQuery): Promise<{ items: AdminUser[]; pagination: Pagination }> {
      const { rows, total } = await repository.list(filter, offsetOf({ page, limit }), limit);
      return { items: rows.map(toAdminUser), pagination: paginationOf({ page, limit }, rows.length, total) };
    },
    block: (staffId: number, id: number, reason: string) => change(staffId, id, 'block', reason),
    unblock: (staffId: number, id: number, remark: string | null) => change(staffId, id, 'unblock', remark),
  };
}

export type UserStandingService = ReturnType<typeof createUserStandingService>;
