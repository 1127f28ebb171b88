import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { BrokerInsightsResponse, ListingInsight } from '@nivaas/contracts/analytics.schema';
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
    searches: [
      { facet: 'bhk', value: '3 BHK', visitors: 1200 },
      { facet: 'budget', value: '₹50 Lacs to ₹1 Cr', visitors: 800 },
      { facet: 'locality', value: 'Whitefield', visitors: 450 },
    ],
    ...overrides,
  };
}

function renderInsights(loadInsights: (days: 7 | 30 | 90) => Promise<unknown>) {
  return render(
    <MemoryRouter>
      <BrokerInsights loadInsights={loadInsights} />
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

    expect(within(screen.getByRole('list', { name: 'BHK searched' })).getByText('3 BHK')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Budget searched' })).getByText('₹50 Lacs to ₹1 Cr')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Locality searched' })).getByText('Whitefield')).toBeTruthy();

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

  it('invites a broker without listings to upload one', async () => {
    renderInsights(() => Promise.resolve(insights(30, { listings: [], searches: [] })));
    expect((await screen.findByRole('link', { name: 'Upload a property' })).getAttribute('href')).toBe('/upload-property');
  });
});
