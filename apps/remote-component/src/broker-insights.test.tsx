import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { BrokerInsightsResponse, BrokerViewerSearchesResponse, ListingInsight, ViewerSearch } from '@nivaas/contracts/analytics.schema';
import BrokerInsights from './broker-insights';

const stages = (values: Partial<ListingInsight['leadsByStage']> = {}) => ({ new: 0, interested: 0, not_interested: 0, crm: 0, ...values });

function listing(overrides: Partial<ListingInsight>): ListingInsight {
  return {
    projectId: 1,
    name: 'Prestige Lakeside',
    path: '/project/bengaluru/whitefield/prestige-lakeside/1',
    status: 'active',
    approval: 'approved',
    views: 0,
    visitors: 0,
    enquiries: 0,
    enquiryRate: 0,
    leadsByStage: stages(),
    seenNotEnquired: false,
    moderation: { submittedAt: '2026-11-01T04:30:00.000Z', decidedAt: '2026-11-02T10:30:00.000Z', waitHours: 30, remarks: [] },
    ...overrides,
  };
}

function insights(days: number, overrides: Partial<BrokerInsightsResponse> = {}): BrokerInsightsResponse {
  return {
    success: true,
    range: { from: '2026-10-26', to: '2026-11-24', days },
    totals: { views: 123456, visitors: 23456, enquiries: 1234, enquiryRate: 0.01, leadsByStage: stages({ new: 1000, interested: 200, crm: 34 }) },
    daily: [
      { day: '2026-11-23', views: 100, visitors: 80, enquiries: 2 },
      { day: '2026-11-24', views: 120, visitors: 90, enquiries: 3 },
    ],
    listings: [
      listing({ projectId: 1, views: 123000, visitors: 23000, enquiries: 1234, enquiryRate: 0.01003, leadsByStage: stages({ new: 1000, interested: 200, crm: 34 }) }),
      listing({
        projectId: 2,
        name: 'Sobha Dream Acres',
        path: '/project/bengaluru/panathur/sobha-dream-acres/2',
        views: 456,
        visitors: 456,
        seenNotEnquired: true,
        approval: 'pending',
        status: 'inactive',
        moderation: { submittedAt: '2026-11-20T04:30:00.000Z', decidedAt: null, waitHours: 100.5, remarks: [{ remark: 'Add the RERA number', at: '2026-11-21T05:00:00.000Z' }] },
      }),
    ],
    ...overrides,
  };
}

const whitefield = { locality: { id: 7, name: 'Whitefield' }, city: { id: 1, name: 'Bengaluru' } };
const search = (overrides: Partial<ViewerSearch>): ViewerSearch => ({ bhk: [], budget: null, locality: null, city: null, searches: 0, ...overrides });

function viewerSearches(days: number, overrides: Partial<BrokerViewerSearchesResponse> = {}): BrokerViewerSearchesResponse {
  const usual = search({ bhk: [3], budget: { min: 8_000_000, max: 10_000_000 }, ...whitefield, searches: 1200 });
  return {
    success: true,
    range: { from: '2026-10-26', to: '2026-11-24', days },
    searches: 123456,
    top: [usual, search({ bhk: [2, 3], city: { id: 1, name: 'Bengaluru' }, searches: 45 })],
    byBhk: [search({ bhk: [3], searches: 1300 })],
    byBudget: [search({ budget: { min: 8_000_000, max: 10_000_000 }, searches: 1250 })],
    byPlace: [search({ ...whitefield, searches: 1210 })],
    listings: [
      { projectId: 1, name: 'Prestige Lakeside', searches: 1245, top: [usual] },
      { projectId: 2, name: 'Sobha Dream Acres', searches: 0, top: [] },
    ],
    ...overrides,
  };
}

function renderInsights(loadInsights: (days: 7 | 30 | 90) => Promise<unknown>, loadViewerSearches: (days: 7 | 30 | 90) => Promise<unknown> = (days) => Promise.resolve(viewerSearches(days))) {
  return render(
    <MemoryRouter>
      <BrokerInsights loadInsights={loadInsights} loadViewerSearches={loadViewerSearches} />
    </MemoryRouter>,
  );
}

describe('BrokerInsights', () => {
  it('shows the totals, leads by stage, each listing and the viewers\' searches in Indian figures', async () => {
    const load = vi.fn((days: number) => Promise.resolve(insights(days)));
    renderInsights(load);

    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('1,23,456')).toBeTruthy();
    expect(within(totals).getByText('23,456')).toBeTruthy();
    expect(within(totals).getByText('1,234')).toBeTruthy();
    expect(within(totals).getByText('1%')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Leads by stage' })).getByText('Added to CRM:').textContent).toContain('34');
    expect(load).toHaveBeenCalledWith(30);

    const table = within(screen.getByRole('region', { name: 'Your listings' })).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Prestige Lakeside' }).getAttribute('href')).toBe('/project/bengaluru/whitefield/prestige-lakeside/1');
    expect(rows[1]!.textContent).toContain('1,23,000');
    expect(rows[1]!.textContent).toContain('Interested 200');

    const unseen = screen.getByRole('list', { name: 'Listings seen but not enquired about' });
    expect(within(unseen).getAllByRole('listitem')).toHaveLength(1);
    expect(within(unseen).getByRole('link', { name: 'Sobha Dream Acres' })).toBeTruthy();

    const searched = within(screen.getByRole('region', { name: 'What viewers searched for' }));
    expect((await searched.findByText(/led to views of your listings/)).textContent).toBe('1,23,456 searches led to views of your listings.');
    expect(searched.getByRole('list', { name: 'BHK searched' }).textContent).toContain('3 BHK1,300');
    expect(searched.getByRole('list', { name: 'Budget searched' }).textContent).toContain('₹ 80 L – ₹ 1 Cr1,250');
    expect(searched.getByRole('list', { name: 'Locality searched' }).textContent).toContain('Whitefield, Bengaluru1,210');
    const common = searched.getByRole('table', { name: 'Most common searches before a view, over all your listings' });
    expect(within(common).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'BHKBudgetLocalitySearches',
      '3 BHK₹ 80 L – ₹ 1 CrWhitefield, Bengaluru1,200',
      '2 or 3 BHKAny budgetAnywhere in Bengaluru45',
    ]);
    const perListing = searched.getByRole('table', { name: 'Per listing: the searches that led to it' });
    expect(within(perListing).getByRole('rowheader', { name: /Prestige Lakeside/ }).textContent).toContain('3 BHK · ₹ 80 L – ₹ 1 Cr · Whitefield, Bengaluru (1,200)');
    expect(within(perListing).getByRole('row', { name: /Prestige Lakeside/ }).textContent).toContain('1,245');
    expect(within(perListing).queryByRole('row', { name: /Sobha Dream Acres/ })).toBeNull();
    expect(searched.getByText('One other listing: no search led to it in this period.')).toBeTruthy();

    const moderation = within(screen.getByRole('region', { name: 'Moderation' }));
    expect(moderation.getByText('Add the RERA number')).toBeTruthy();
    expect(moderation.getByText('4.2 days')).toBeTruthy();
    expect(moderation.getByText('still waiting')).toBeTruthy();
    expect(moderation.getByText('30 hours')).toBeTruthy();
    // An approved listing with no decision on record is not 'still waiting'.
    expect(moderation.getAllByText('still waiting')).toHaveLength(1);

    // The chart's screen-reader equivalent: the same days as a table.
    expect(screen.getByRole('table', { name: 'Views, visitors and enquiries by day' })).toBeTruthy();
  });

  it('asks again for 7 or 90 days and on Refresh', async () => {
    const load = vi.fn((days: number) => Promise.resolve(insights(days)));
    const user = userEvent.setup();
    renderInsights(load);
    await screen.findByRole('region', { name: 'Totals' });

    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(load).toHaveBeenLastCalledWith(7);
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText(/\(7 days, India time\)/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '90 days' }));
    expect(load).toHaveBeenLastCalledWith(90);
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('says what failed and loads again on Try again; an answer breaking the contract is an error too', async () => {
    const load = vi
      .fn<(days: number) => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('Could not reach the server. Check the connection and try again.'))
      .mockResolvedValueOnce({ success: true, totals: 'nonsense' })
      .mockResolvedValueOnce(insights(30));
    const user = userEvent.setup();
    renderInsights(load);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not reach the server');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not read');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Totals' })).toBeTruthy();
  });

  it('exports a table as CSV with a byte order mark', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(Object.create(URL) as typeof URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:x'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderInsights(() => Promise.resolve(insights(30)));

    await user.click(await screen.findByRole('button', { name: 'Download CSV: Your listings' }));
    expect(click).toHaveBeenCalledTimes(1);
    const text = await created[0]!.text();
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('Listing,Status,Approval,Views,Visitors,Enquiries,Enquiry rate');
    expect(text).toContain('Sobha Dream Acres,Hidden,Pending,456,456,0,0,0,0,0,0');
  });

  it("says honestly when no search led to a view, and when the viewers' searches could not load, without hiding the rest", async () => {
    const searches = vi
      .fn<(days: number) => Promise<unknown>>()
      .mockResolvedValueOnce(viewerSearches(30, { searches: 0, top: [], byBhk: [], byBudget: [], byPlace: [], listings: [] }))
      .mockRejectedValueOnce(new Error('The figures are being refreshed'))
      .mockResolvedValue(viewerSearches(7));
    const user = userEvent.setup();
    renderInsights((days) => Promise.resolve(insights(days)), searches);
    const card = within(await screen.findByRole('region', { name: 'What viewers searched for' }));
    expect(await card.findByText(/None yet in this period/)).toBeTruthy();
    expect(card.getByRole('button', { name: 'Download CSV: What viewers searched for' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect((await card.findByRole('alert')).textContent).toContain('The figures are being refreshed');
    expect(screen.getByRole('region', { name: 'Totals' })).toBeTruthy();
    await user.click(card.getByRole('button', { name: 'Try again' }));
    expect(await card.findByText(/led to views of your listings/)).toBeTruthy();
    expect(searches).toHaveBeenLastCalledWith(7);
  });

  it('invites a broker without listings to upload one', async () => {
    renderInsights(() => Promise.resolve(insights(30, { listings: [] })));
    expect((await screen.findByRole('link', { name: 'Upload a property' })).getAttribute('href')).toBe('/upload-property');
  });
});
