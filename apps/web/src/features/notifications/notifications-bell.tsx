import { NOTIFICATIONS_PATH } from '@nivaas/contracts/project-path';
import { NavLink } from 'react-router';
import { useGetNotificationsQuery } from './api/get-notifications';
import { isUnread, useSeenMark } from './lib/seen-notices';

/** New notices are looked for this often while a page is open. */
const POLL_MS = 60_000;

/**
 * The navbar's bell for a signed-in user (issue 17): opens the notifications page, with the number of notices not
 * seen yet ('9+' past nine) on it and in its name.
 */
export function NotificationsBell({ userId }: { userId: number }) {
  const { data } = useGetNotificationsQuery({ userId, page: 1 }, { pollingInterval: POLL_MS, refetchOnMountOrArgChange: true });
  const seen = useSeenMark(userId);
  const unread = data ? data.notifications.filter((notice) => isUnread(notice.sentAt, seen)).length : 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <NavLink
      to={NOTIFICATIONS_PATH}
      aria-label={label}
      title={label}
      className="relative grid size-10 shrink-0 place-items-center rounded-full text-slate-700 transition hover:bg-slate-100 aria-[current=page]:text-brand-700"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && (
        <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[11px] leading-5 font-bold text-white ring-2 ring-white">
          {unread > 9 ? '9+' : unread}
        </span>
      )}
    </NavLink>
  );
}
