import type { Pagination } from '@nivaas/contracts/common.schema';
import type { AdminBroker, AdminBrokersQuery } from '@nivaas/contracts/people-admin.schema';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import type { OutgoingMessage } from '../auth/senders/message-sender';
import type { AdminBrokerRow, BrokerStandingRepository } from './broker-standing.repository';

export function toAdminBroker({ cityId, cityName, suspendedAt, ...row }: AdminBrokerRow): AdminBroker {
  return { ...row, city: cityId !== null && cityName !== null ? { id: cityId, name: cityName } : null, suspendedAt: suspendedAt?.toISOString() ?? null };
}

/** The e-mail that tells the broker (issue 14: 'the broker is told why'); each refused call repeats the reason. */
function noticeFor(broker: AdminBrokerRow, action: 'suspend' | 'reinstate', reason: string | null): OutgoingMessage {
  const hello = `Hello ${broker.name},`;
  const body =
    action === 'suspend'
      ? [
          hello,
          '',
          'The Nivaas team has suspended your broker account.',
          `Reason: ${reason ?? 'not given'}`,
          '',
          'While it is suspended your listings are hidden from the site, and you cannot upload, edit or switch properties live or see leads. You can still sign in.',
          'Reply to this e-mail if you think this is a mistake.',
        ]
      : [hello, '', 'The Nivaas team has reinstated your broker account. Your listings that were live before are on the site again, and you can upload and manage properties as before.'];
  return {
    channel: 'email',
    recipient: broker.email,
    subject: action === 'suspend' ? 'Your Nivaas broker account is suspended' : 'Your Nivaas broker account is reinstated',
    body: body.join('\n'),
    purpose: 'account-notice',
  };
}

export interface BrokerStandingServiceDeps {
  repository: BrokerStandingRepository;
  /** Hands a message to the senders (after the answer; a failed send is logged by them, the change stands). */
  dispatch: (message: OutgoingMessage) => void;
  clock?: () => Date;
}

export function createBrokerStandingService({ repository, dispatch, clock = () => new Date() }: BrokerStandingServiceDeps) {
  async function change(staffId: number, id: number, action: 'suspend' | 'reinstate', reason: string | null) {
    const before = await repository.find(id);
    if (!before) throw DomainError.notFound('Broker', id);
    const suspended = before.suspendedAt !== null;
    if (action === 'suspend' && suspended) throw new DomainError('CONFLICT', 'This broker is already suspended');
    if (action === 'reinstate' && !suspended) throw new DomainError('CONFLICT', 'This broker is not suspended');
    if (!(await repository.change({ id, staffId, action, reason, at: clock() }))) {
      throw new DomainError('CONFLICT', 'This broker changed while you were deciding; reload and try again');
    }
    const after = await repository.find(id);
    if (!after) throw DomainError.notFound('Broker', id);
    dispatch(noticeFor(after, action, reason));
    const listings = `${after.liveListings} live listing${after.liveListings === 1 ? '' : 's'}`;
    return {
      message:
        action === 'suspend'
          ? `Broker suspended. Their ${listings} left the site, and they were told why by e-mail.`
          : `Broker reinstated. Their ${listings} are back on the site.`,
      item: toAdminBroker(after),
    };
  }

  return {
    async list({ page, limit, ...filter }: AdminBrokersQuery): Promise<{ items: AdminBroker[]; pagination: Pagination }> {
      const { rows, total } = await repository.list(filter, offsetOf({ page, limit }), limit);
      return { items: rows.map(toAdminBroker), pagination: paginationOf({ page, limit }, rows.length, total) };
    },
    suspend: (staffId: number, id: number, reason: string) => change(staffId, id, 'suspend', reason),
    reinstate: (staffId: number, id: number, remark: string | null) => change(staffId, id, 'reinstate', remark),
  };
}

export type BrokerStandingService = ReturnType<typeof createBrokerStandingService>;
