import type { Notification } from '@nivaas/contracts/notification.schema';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { EmptyState, ErrorState } from '../../components/section-states';
import { selectUserLogin } from '../../domain/auth/auth-slice';
import { serverMessage } from '../../lib/api/error-text';
import { useGetNotificationsQuery } from './api/get-notifications';
import { isUnread, markSeen, readSeen } from './lib/seen-notices';

const sentFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

function searchNames(notice: Notification): string {
  return notice.savedSearches.map((search) => `“${search.name}”`).join(', ');
}

function NoticeItem({ notice, unread }: { notice: Notification; unread: boolean }) {
  const headingId = `notice-${notice.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className={`rounded-2xl bg-white p-4 shadow-sm ring-1 sm:p-5 ${unread ? 'ring-brand-300' : 'ring-slate-200'}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="min-w-0 text-base font-bold break-words text-slate-900 sm:text-lg">
            {notice.listing.name}
          </h2>
          {unread && <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">New</span>}
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {notice.listing.place ? `In ${notice.listing.place}. ` : ''}
          Matches your saved search{notice.savedSearches.length > 1 ? 'es' : ''} {searchNames(notice)}.
        </p>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <time dateTime={notice.sentAt} className="text-xs text-slate-500">
            {sentFormat.format(new Date(notice.sentAt))}
          </time>
          {notice.listing.path ? (
            <Link to={notice.listing.path} className="btn-primary px-4 py-2 text-sm" aria-describedby={headingId}>
              View listing
            </Link>
          ) : (
            <span className="text-sm text-slate-600">No longer on the site</span>
          )}
        </div>
      </article>
    </li>
  );
}

/** One page of notices; the next is asked for only once this one says there is more and the reader wants it. */
function NoticePage({ userId, page, seen, isLast, onMore }: { userId: number; page: number; seen: string | null; isLast: boolean; onMore: () => void }) {
  const result = useGetNotificationsQuery({ userId, page }, { refetchOnMountOrArgChange: page === 1 });
  const newest = result.data?.notifications[0]?.sentAt;
  useEffect(() => {
    // Seen once shown: the bell's count clears.
    if (newest) markSeen(userId, newest);
  }, [userId, newest]);

  if (result.isError) {
    return (
      <ErrorState
        title="Your notifications could not load"
        message={serverMessage(result.error) ?? 'Check your connection and try again.'}
        onRetry={() => void result.refetch()}
      />
    );
  }
  if (!result.data) {
    return (
      <ul className="space-y-3" aria-busy="true" aria-label="Loading notifications">
        {Array.from({ length: page === 1 ? 3 : 1 }, (_, index) => (
          <li key={index} className="h-32 animate-pulse rounded-2xl bg-slate-100" />
        ))}
      </ul>
    );
  }
  if (page === 1 && result.data.notifications.length === 0) {
    return (
      <EmptyState title="No notifications yet">
        When a newly listed property matches one of your saved searches, it shows up here.{' '}
        <Link to="/property-detail-page" className="font-semibold text-brand-700 underline underline-offset-2">
          Search properties
        </Link>{' '}
        and save a search to hear about new matches.
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="space-y-3">
        {result.data.notifications.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} unread={isUnread(notice.sentAt, seen)} />
        ))}
      </ul>
      {isLast && result.data.pagination.hasMore && (
        <div className="mt-4 text-center">
          <button type="button" className="btn-secondary" onClick={onMore} disabled={result.isFetching}>
            Show more
          </button>
        </div>
      )}
    </>
  );
}

/**
 * /notifications (issue 17, signed-in users): each saved-search notice with the listing it is about and a link to
 * it while it is on the site. Opening the page marks them seen in this browser.
 */
export function NotificationsPage() {
  const user = useSelector(selectUserLogin);
  const userId = user?.id ?? 0;
  // What counted as seen when the page opened, so the notices new to this visit keep their 'New' mark while shown.
  const [seen] = useState(() => readSeen(userId));
  const [pages, setPages] = useState(1);

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <title>Notifications | Nivaas</title>
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Notifications' }]} />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Notifications</h1>
      <p className="mt-1 text-slate-600">New listings that match your saved searches.</p>
      <section aria-label="Your notifications" className="mt-6 space-y-3">
        {userId !== 0 &&
          Array.from({ length: pages }, (_, index) => (
            <NoticePage key={index + 1} userId={userId} page={index + 1} seen={seen} isLast={index + 1 === pages} onMore={() => setPages((count) => count + 1)} />
          ))}
      </section>
    </div>
  );
}
