import type { BrokerListQuery, BrokerProfile, PublicBroker } from '@nivaas/contracts/broker.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import { toBrokerProfile, toPublicBroker } from './brokers.mapper';
import type { BrokersRepository } from './brokers.repository';

export function createBrokersService(repository: BrokersRepository) {
  return {
    /** Approved brokers only: a pending or rejected broker has no public profile (spec §4 approval). */
    async list(query: BrokerListQuery): Promise<{ brokers: PublicBroker[]; pagination: Pagination }> {
      const [rows, total] = await Promise.all([
        repository.listApproved(query.cityId, offsetOf(query), query.limit),
        repository.countApproved(query.cityId),
      ]);
      return {
        brokers: rows.map(({ listingCount, ...row }) => toPublicBroker(row, listingCount)),
        pagination: paginationOf(query, rows.length, total),
      };
    },

    /** A broker who is not approved answers exactly like one who does not exist. */
    async get(id: number): Promise<BrokerProfile> {
      const [row, typeCounts] = await Promise.all([repository.findApproved(id), repository.listingCountsByType(id)]);
      if (!row) throw new DomainError('NOT_FOUND', `Broker ${id} not found`, { field: 'brokerId' });
      return toBrokerProfile(row, typeCounts);
    },
  };
}
