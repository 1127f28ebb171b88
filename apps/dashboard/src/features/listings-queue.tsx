import type { PendingListing } from '@nivaas/contracts/moderation.schema';
import { useCallback, useState } from 'react';
import { RejectDialog } from '../components/reject-dialog';
import { EmptyState, ErrorState, LoadingList, LoadMore } from '../components/states';
import { useApi } from '../lib/console-context';
import { approveListing, getPendingListings, rejectListing } from '../lib/moderation-api';
import { usePagedList } from '../lib/use-paged';
import { ListingCard } from './listing-card';
import { useDecisions } from './use-decisions';

/** The listings waiting for a decision, oldest first (issue 5: approve, or reject with a remark). */
export function ListingsQueue() {
  const api = useApi();
  const fetchPage = useCallback(
    (page: number) => getPendingListings(api, page).then(({ projects, pagination }) => ({ items: projects, pagination })),
    [api],
  );
  const { state, reload, loadMore, remove } = usePagedList<PendingListing>(fetchPage);
  const { busy, decide, approve } = useDecisions({ remove, reload });
  const [rejecting, setRejecting] = useState<PendingListing | null>(null);

  return (
    <section aria-labelledby="listings-heading">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="listings-heading" className="text-xl font-bold text-slate-900">
          Pending listings
        </h2>
        {state.status === 'ready' ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            {state.pagination.total === 1 ? '1 waiting' : `${state.pagination.total} waiting`}
          </p>
        ) : null}
      </div>

      {state.status === 'loading' ? <LoadingList label="Loading pending listings…" /> : null}
      {state.status === 'error' ? (
        <ErrorState title="The pending listings could not be loaded." message={state.message} onRetry={reload} />
      ) : null}
      {state.status === 'ready' && state.items.length === 0 ? (
        <EmptyState title="No listings are waiting for review.">New and edited uploads appear here.</EmptyState>
      ) : null}
      {state.status === 'ready' && state.items.length > 0 ? (
        <>
          <ul className="space-y-4">
            {state.items.map((listing) => (
              <li key={listing.id}>
                <ListingCard
                  listing={listing}
                  busy={busy.has(listing.id)}
                  onApprove={() => void approve(listing.id, () => approveListing(api, listing.id))}
                  onReject={() => setRejecting(listing)}
                />
              </li>
            ))}
          </ul>
          <LoadMore hasMore={state.pagination.hasMore} busy={state.loadingMore} error={state.moreError} onMore={loadMore} />
        </>
      ) : null}

      {rejecting ? (
        <RejectDialog
          subject={rejecting.name}
          reader="the owner"
          onCancel={() => setRejecting(null)}
          onReject={async (remark) => {
            await decide(rejecting.id, () => rejectListing(api, rejecting.id, remark));
            setRejecting(null);
          }}
        />
      ) : null}
    </section>
  );
}
