import type { SavedSearch } from '@nivaas/contracts/saved-search.schema';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { serverMessage } from '../../lib/api/error-text';
import { selectUserLogin } from '../auth/auth-slice';
import { useDeleteSavedSearchMutation } from './delete-saved-search';
import { useGetSavedSearchesQuery } from './get-saved-searches';
import { describeSavedFilters, savedSearchPath } from './saved-search-path';
import { showError, showSuccess } from '../../lib/toast';
import { ArrowRightIcon, SearchIcon, TrashIcon } from '../../components/icons';
import { EmptyState, ErrorState } from '../../components/section-states';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The signed-in user's saved searches with open and delete (issue 4). Saved searches belong to users (the
 * passcode sign-in), so without a user login the section shows nothing. Mounted on /wishlist; any page may mount
 * it (the user's /profile, for one).
 */
export function SavedSearchesSection({ className = '' }: { className?: string }) {
  const user = useSelector(selectUserLogin);
  const list = useGetSavedSearchesQuery(user ? user.id : skipToken);
  if (!user) return null;

  let body;
  if (list.isError) {
    body = (
      <ErrorState
        title="Your saved searches could not load"
        message={serverMessage(list.error) ?? 'Check your connection and try again.'}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!list.data) {
    body = (
      <ul className="space-y-3" aria-busy="true" aria-label="Loading saved searches">
        {Array.from({ length: 2 }, (_, i) => (
          <li key={i} className="h-20 animate-pulse rounded-2xl bg-slate-200" />
        ))}
      </ul>
    );
  } else if (list.data.length === 0) {
    body = (
      <EmptyState title="No saved searches yet">
        On any results page, choose <span className="font-semibold">Save this search</span> to come back to it here.{' '}
        <Link to="/property-detail-page" className="font-semibold text-brand-700 underline">
          Search properties
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="space-y-3" aria-label="Saved searches">
        {list.data.map((search) => (
          <SavedSearchItem key={search.id} search={search} userId={user.id} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="saved-searches-heading" className={className}>
      <h2 id="saved-searches-heading" className="mb-4 text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
        Saved searches
      </h2>
      {body}
    </section>
  );
}

function SavedSearchItem({ search, userId }: { search: SavedSearch; userId: number }) {
  const [remove, { isLoading }] = useDeleteSavedSearchMutation();
  const created = new Date(search.createdAt);
  const parts = describeSavedFilters(search.filters);

  const onDelete = async () => {
    const result = await remove({ userId, id: search.id });
    if (result.data) showSuccess(result.data.message);
    else showError(serverMessage(result.error) ?? 'Something went wrong!');
  };

  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center">
      <span className="hidden size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700 sm:grid" aria-hidden="true">
        <SearchIcon width={18} height={18} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-900">{search.name}</p>
        {parts.length > 0 && <p className="mt-0.5 text-sm text-slate-600">{parts.join(' · ')}</p>}
        {!Number.isNaN(created.getTime()) && (
          <p className="mt-0.5 text-xs text-slate-500">
            Saved <time dateTime={search.createdAt}>{dateFormat.format(created)}</time>
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Link to={savedSearchPath(search.filters)} className="btn-secondary py-2" aria-label={`Open ${search.name}`}>
          Open
          <ArrowRightIcon width={16} height={16} />
        </Link>
        <button
          type="button"
          onClick={() => void onDelete()}
          disabled={isLoading}
          aria-label={`Delete ${search.name}`}
          className="inline-flex size-10 items-center justify-center rounded-full text-slate-500 ring-1 ring-slate-300 transition-colors hover:bg-red-50 hover:text-red-700 hover:ring-red-200 disabled:opacity-50"
        >
          <TrashIcon width={18} height={18} />
        </button>
      </div>
    </li>
  );
}
