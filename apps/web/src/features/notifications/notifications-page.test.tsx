import type { Notification } from '@nivaas/contracts/notification.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seedStoredLogin } from '../../test/auth';
import { renderApp } from '../../test/render-app';

/** The first render transforms a lazy route chunk, which on two busy cores can take seconds. */
const SLOW = 20_000;

function notice(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'saved-search-match',
    sentAt: `2026-11-2${id % 10}T10:00:00.000Z`,
    listing: { id: 100 + id, name: `Listing ${id}`, place: 'Whitefield, Bengaluru', path: `/broker-property-details/2/apartment/${100 + id}` },
    savedSearches: [{ id: 7, name: '2 BHK in Whitefield' }],
    ...overrides,
  };
}

const answer = (notifications: Notification[], hasMore = false, page = 1) => ({ success: true, notifications, pagination: { page, limit: 30, total: notifications.length, hasMore } });

describe('notifications (issue 17)', () => {
  it('the bell shows the unread count and opens the list; each notice links to its listing and the count clears', async () => {
    const user = userEvent.setup();
    await seedStoredLogin('user', { id: 41 });
    const notices = [
      notice(3),
      notice(2, { savedSearches: [{ id: 7, name: '2 BHK in Whitefield' }, { id: 8, name: 'Resale' }] }),
      notice(1, { listing: { id: 101, name: 'Taken Down Flat', place: null, path: null } }),
    ];
    const { api } = renderApp('/', { '/api/notifications': answer(notices) });

    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(within(bell).getByText('3')).toBeTruthy();
    await user.click(bell);

    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    const first = screen.getByRole('article', { name: 'Listing 3' });
    expect(within(first).getByText('New')).toBeTruthy();
    expect(within(first).getByText(/In Whitefield, Bengaluru\. Matches your saved search “2 BHK in Whitefield”\./)).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'View listing' }).getAttribute('href')).toBe('/broker-property-details/2/apartment/103');
    expect(within(screen.getByRole('article', { name: 'Listing 2' })).getByText(/saved searches “2 BHK in Whitefield”, “Resale”/)).toBeTruthy();
    const gone = screen.getByRole('article', { name: 'Taken Down Flat' });
    expect(within(gone).getByText('No longer on the site')).toBeTruthy();
    expect(within(gone).queryByRole('link')).toBeNull();

    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy());
    expect(localStorage.getItem('nivaas_notices_seen_41')).toBe(notices[0]?.sentAt);
    expect(api.requests.filter((url) => url.pathname === '/api/notifications').every((url) => url.searchParams.get('page') === '1')).toBe(true);
  }, SLOW);

  it('counts only notices newer than the ones seen in this browser, per user', async () => {
    localStorage.setItem('nivaas_notices_seen_41', notice(2).sentAt);
    localStorage.setItem('nivaas_notices_seen_99', notice(9).sentAt);
    await seedStoredLogin('user', { id: 41 });
    renderApp('/', { '/api/notifications': answer([notice(3), notice(2), notice(1)]) });
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();
  }, SLOW);

  it('says what to do when there are none, and pages on with Show more', async () => {
    const user = userEvent.setup();
    await seedStoredLogin('user', { id: 41 });
    const { unmount } = renderApp('/notifications', { '/api/notifications': answer([]) });
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search properties' }).getAttribute('href')).toBe('/property-detail-page');
    unmount();

    renderApp('/notifications', {
      '/api/notifications': (url: URL) => (url.searchParams.get('page') === '2' ? answer([notice(1)], false, 2) : answer([notice(3), notice(2)], true)),
    });
    await screen.findByRole('article', { name: 'Listing 3' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Listing 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  }, SLOW);

  it('sends a visitor to sign in, and shows a broker no bell', async () => {
    const { router, unmount } = renderApp('/notifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    unmount();
    await seedStoredLogin('broker', { id: 4 });
    const view = renderApp('/');
    expect(await view.findByRole('button', { name: 'Your account' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
  }, SLOW);
});
