import type { BrokerAccount, BrokerUpdateRequest, Principal } from '@nivaas/contracts/auth.schema';
import type { BrokerListQuery, BrokerProfile, PublicBroker } from '@nivaas/contracts/broker.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import { toBrokerAccount } from '../auth/accounts.mapper';
import { toBrokerProfile, toPublicBroker } from './brokers.mapper';
import type { BrokerAccountPatch, BrokersRepository } from './brokers.repository';

export const BROKER_UPDATED_MESSAGE = 'Profile updated successfully!';

export function createBrokersService(repository: BrokersRepository, clock: () => Date = () => new Date()) {
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

    /**
     * PUT /broker/{id} (issue 4 '/broker-profile'): the broker themself or the provider. The patch holds the
     * editable fields only (the contract drops every other key), so approval, e-mail, id and owner never change.
     */
    async updateAccount(caller: Principal, id: number, update: BrokerUpdateRequest): Promise<BrokerAccount> {
      const allowed = caller.kind === 'provider' || (caller.kind === 'broker' && caller.id === id);
      if (!allowed) throw new DomainError('FORBIDDEN', 'You can only edit your own broker profile', { field: 'id' });
      if (update.cityId !== undefined && !(await repository.cityExists(update.cityId))) {
        throw new DomainError('VALIDATION', 'Choose a city from the list', { field: 'cityId' });
      }
      // Absent fields stay as they are; null clears `about` or `profilePhoto`.
      const patch = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) as BrokerAccountPatch;
      const row = Object.keys(patch).length === 0 ? await repository.findAccount(id) : await repository.updateAccount(id, patch, clock());
      if (row === 'phone') throw new DomainError('CONFLICT', 'A broker account with this phone number already exists', { field: 'phone' });
      if (!row) throw DomainError.notFound('Broker', id);
      return toBrokerAccount(row);
    },

    /** A broker who is not approved answers exactly like one who does not exist. */
    async get(id: number): Promise<BrokerProfile> {
      const [row, typeCounts] = await Promise.all([repository.findApproved(id), repository.listingCountsByType(id)]);
      if (!row) throw new DomainError('NOT_FOUND', `Broker ${id} not found`, { field: 'brokerId' });
      return toBrokerProfile(row, typeCounts);
    },
  };
}

export type BrokersService = ReturnType<typeof createBrokersService>;
