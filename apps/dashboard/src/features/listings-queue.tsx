import type { PendingListing } from '@nivaas/contracts/moderation.schema';
import { useCallback } from 'react';
import { useApi } from '../lib/console-context';
import { approveListing, getPendingListings, rejectListing, type QueueQuery } from '../lib/moderation-api';
import { ListingCard } from './listing-card';
import { ModerationQueue } from './moderation-queue';

/** The listings waiting for a decision, oldest first, searchable and a page at a time (issues 5, 17). */
export function ListingsQueue() {
  const api = useApi();
  const fetchPage = useCallback(
    (query: QueueQuery) => getPendingListings(api, query).then(({ projects, pagination }) => ({ items: projects, pagination })),
    [api],
  );
  return (
    <ModerationQueue<PendingListing>
      headingId="listings-heading"
      title="Pending listings"
      loadingLabel="Loading pending listings…"
      errorTitle="The pending listings could not be loaded."
      emptyTitle="No listings are waiting for review."
      emptyText="New and edited uploads appear here."
      listClassName="space-y-4"
      searchLabel="Search pending listings"
      searchPlaceholder="Name, place, owner, e-mail, phone or id"
      reader="the owner"
      fetchPage={fetchPage}
      approveItem={(id) => approveListing(api, id)}
      rejectItem={(id, remark) => rejectListing(api, id, remark)}
      renderCard={(listing, { busy, approve, reject }) => (
        <ListingCard listing={listing} busy={busy} onApprove={approve} onReject={reject} />
      )}
    />
  );
}
