import type { BrokerProfile, ListingCountsByType, PublicBroker } from '@nivaas/contracts/broker.schema';
import { PROPERTY_TYPES } from '@nivaas/contracts/project.schema';
import type { BrokerRow, BrokerTypeCount } from './brokers.repository';

/** The one place a broker row becomes a public profile; the row never held contact details to begin with. */
export function toPublicBroker({ cityId, cityName, createdAt, ...row }: BrokerRow, listingCount: number): PublicBroker {
  return {
    ...row,
    city: cityId !== null && cityName !== null ? { id: cityId, name: cityName } : null,
    memberSince: createdAt.toISOString().slice(0, 10),
    listingCount,
  };
}

export function toBrokerProfile(row: BrokerRow, typeCounts: readonly BrokerTypeCount[]): BrokerProfile {
  const listingsByType = Object.fromEntries(PROPERTY_TYPES.map((type) => [type, 0])) as ListingCountsByType;
  for (const { type, count } of typeCounts) listingsByType[type] = count;
  const listingCount = typeCounts.reduce((sum, entry) => sum + entry.count, 0);
  return { ...toPublicBroker(row, listingCount), listingsByType };
}
