import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createPendingListing } from '../test/factories';
import { mockApi, page, signedInRoutes } from '../test/mock-api';
import { renderConsole } from '../test/render-console';

const decision = (id: number, approval: 'approved' | 'rejected', message: string) => ({
  body: { success: true, message, project: { id, approval, status: 'inactive', updatedAt: '2026-11-21T10:00:00.000Z', remarks: {} } },
});

describe('pending listings queue', () => {
  it('previews each waiting listing: photos, units with §5 prices, owner, place and submitted date', async () => {
    const listing = createPendingListing({
      name: 'Prestige Lakeside 3BHK',
      medias: [
        { title: 'banner', url: '/media/uploads/a.webp' },
        { title: 'photo', url: '/media/uploads/b.webp' },
      ],
    });
    mockApi({ ...signedInRoutes(), 'GET /api/admin/projects/pending': { body: { success: true, projects: [listing], pagination: page(1) } } });
    renderConsole();

    const card = await screen.findByRole('article', { name: 'Prestige Lakeside 3BHK' });
    expect(within(card).getAllByRole('img')).toHaveLength(2);
    expect(within(card).getByRole('img', { name: 'Prestige Lakeside 3BHK, photo 1 of 2' }).getAttribute('src')).toBe('/media/uploads/a.webp');
    expect(within(card).getByText('₹ 85.50 Lacs – 1.25 Cr')).toBeTruthy();
    expect(within(card).getByText('2 BHK')).toBeTruthy();
    expect(within(card).getByText(/Whitefield, East, Bengaluru/)).toBeTruthy();
    expect(within(card).getByText('Vikram Brokers')).toBeTruthy();
    expect(within(card).getByText(/Nov 20, 2026/)).toBeTruthy();
    expect(screen.getByText('1 waiting')).toBeTruthy();
  });

  it('approves a listing: one call with the token, the card leaves the queue and a success toast says so', async () => {
    const [first, second] = [createPendingListing(), createPendingListing()];
    const calls = mockApi({
      ...signedInRoutes(),
      'GET /api/admin/projects/pending': { body: { success: true, projects: [first, second], pagination: page(2) } },
      [`POST /api/admin/projects/${first!.id}/approve`]: decision(first!.id, 'approved', 'Listing approved'),
    });
    const user = userEvent.setup();
    renderConsole();

    const card = await screen.findByRole('article', { name: first!.name });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Listing approved')).toBeTruthy();
    expect(screen.queryByRole('article', { name: first!.name })).toBeNull();
    expect(screen.getByRole('article', { name: second!.name })).toBeTruthy();
    expect(screen.getByText('1 waiting')).toBeTruthy();
    const approve = calls.find((call) => call.path === `/api/admin/projects/${first!.id}/approve`);
    expect(approve).toMatchObject({ method: 'POST', authorization: 'Bearer access-1' });
  });

  it('shows an empty state when nothing waits, and an error state with a working retry', async () => {
    let fail = true;
    mockApi({
      ...signedInRoutes(),
      'GET /api/admin/projects/pending': () =>
        fail
          ? { status: 503, body: { success: false, statusCode: 503, error: 'Service Unavailable', message: 'The database is busy' } }
          : { body: { success: true, projects: [], pagination: page(0) } },
    });
    const user = userEvent.setup();
    renderConsole();

    expect(await screen.findByText('The pending listings could not be loaded.')).toBeTruthy();
    expect(screen.getByText('The database is busy')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No listings are waiting for review.')).toBeTruthy();
  });

  it('pages the queue with numbered pages read from the server, kept in the address', async () => {
    const [a, b, c] = [createPendingListing(), createPendingListing(), createPendingListing()];
    const calls = mockApi({
      ...signedInRoutes(),
      'GET /api/admin/projects/pending': (call) =>
        call.path.includes('page=2')
          ? { body: { success: true, projects: [c], pagination: { page: 2, limit: 2, total: 3, hasMore: false } } }
          : { body: { success: true, projects: [a, b], pagination: { page: 1, limit: 2, total: 3, hasMore: true } } },
    });
    const user = userEvent.setup();
    renderConsole();

    await screen.findByRole('article', { name: a!.name });
    const pages = screen.getByRole('navigation', { name: 'Pending listings pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await screen.findByRole('article', { name: c!.name });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/api/admin/projects/pending')).map((call) => new URL(call.path, 'http://x').searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('searches on the server: the words go as q, the count says what matched, and an empty result says so', async () => {
    const match = createPendingListing({ name: 'Whitefield Heights' });
    const calls = mockApi({
      ...signedInRoutes(),
      'GET /api/admin/projects/pending': (call) => {
        const q = new URL(call.path, 'http://x').searchParams.get('q');
        if (q === 'whitefield') return { body: { success: true, projects: [match], pagination: page(1) } };
        if (q) return { body: { success: true, projects: [], pagination: page(0) } };
        return { body: { success: true, projects: [createPendingListing(), createPendingListing()], pagination: page(221, true) } };
      },
    });
    const user = userEvent.setup();
    renderConsole();

    expect(await screen.findByText('221 waiting')).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Search pending listings' });
    await user.type(search, '  whitefield {Enter}');
    expect(await screen.findByText('1 matching “whitefield”')).toBeTruthy();
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'))).toEqual([`listing-${match.id}-name`]);

    await user.clear(search);
    await user.type(search, 'nowhere');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Nothing waiting matches “nowhere”.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('221 waiting')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'newest');
    await waitFor(() => expect(calls.at(-1)?.path).toContain('order=newest'));
    expect(calls.map((call) => new URL(call.path, 'http://x').searchParams.get('q')).filter(Boolean)).toEqual(['whitefield', 'nowhere']);
  });

  it('opens at the page and search the address names', async () => {
    const calls = mockApi({
      ...signedInRoutes(),
      'GET /api/admin/projects/pending': { body: { success: true, projects: [createPendingListing()], pagination: { page: 3, limit: 30, total: 61, hasMore: false } } },
    });
    renderConsole('/dashboard?page=3&q=baner&order=newest');
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search pending listings' }) as HTMLInputElement).value).toBe('baner');
    const asked = new URL(calls.find((call) => call.path.startsWith('/api/admin/projects/pending'))?.path ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toEqual({ page: '3', limit: '30', order: 'newest', q: 'baner' });
  });

  it('reloads the queue when the server says the listing was already decided (409)', async () => {
    const listing = createPendingListing();
    let decided = false;
    mockApi({
      ...signedInRoutes(),
      'GET /api/admin/projects/pending': () => ({ body: { success: true, projects: decided ? [] : [listing], pagination: page(decided ? 0 : 1) } }),
      [`POST /api/admin/projects/${listing.id}/approve`]: () => {
        decided = true;
        return { status: 409, body: { success: false, statusCode: 409, error: 'Conflict', message: 'This listing is already approved' } };
      },
    });
    const user = userEvent.setup();
    renderConsole();

    await user.click(within(await screen.findByRole('article', { name: listing.name })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This listing is already approved')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('No listings are waiting for review.')).toBeTruthy());
  });
});
