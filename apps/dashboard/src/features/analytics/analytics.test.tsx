import type { AnalyticsOverviewResponse, BrokerAnalyticsResponse, ProjectAnalyticsResponse } from '@nivaas/contracts/analytics.schema';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPendingBroker } from '../../test/factories';
import { mockApi, page, signedInRoutes } from '../../test/mock-api';
import { renderConsole } from '../../test/render-console';

const range = { from: '2026-10-26', to: '2026-11-24', days: 30 };

function overview(overrides: Partial<AnalyticsOverviewResponse> = {}): AnalyticsOverviewResponse {
  return {
    success: true,
    range,
    totals: { pageViews: 1_234_567, sessions: 45_210, visitors: 31_020, signIns: 812, enquiries: 96, leads: 101, projectViews: 20_400, viewToEnquiry: 0.0047 },
    daily: [
      { day: '2026-11-23', pageViews: 40_100, sessions: 1500, visitors: 1200, enquiries: 3, signIns: 25 },
      { day: '2026-11-24', pageViews: 41_000, sessions: 1510, visitors: 1190, enquiries: 4, signIns: 30 },
    ],
    top: {
      projects: [{ projectId: 42, name: 'Prestige Lakeside', views: 12_345, visitors: 9_000, enquiries: 21 }],
      localities: [{ name: 'Whitefield', city: 'Bengaluru', views: 8000 }],
      cities: [{ name: 'Bengaluru', views: 100_000, visitors: 20_000 }],
      searches: [{ query: '2 bhk, whitefield', count: 300, zeroResults: 0 }],
      zeroResultSearches: [{ query: '=cmd|calc', count: 4 }],
      sources: [{ source: 'search', sessions: 20_000 }],
      devices: [{ device: 'mobile', sessions: 30_000 }],
    },
    moderation: { pending: 7, medianWaitHours: 5.5, oldestWaitHours: 77, decisionsByDay: [{ day: '2026-11-24', approved: 3, rejected: 1 }] },
    ...overrides,
  };
}

const funnel: ProjectAnalyticsResponse = {
  success: true,
  range,
  project: { id: 42, name: 'Prestige Lakeside', path: '/project/prestige-lakeside-42' },
  funnel: { views: 12_345, favourites: 1_200, compares: 300, enquiries: 21 },
  daily: [{ day: '2026-11-24', views: 400, enquiries: 2 }],
};

const brokerFigures: BrokerAnalyticsResponse = {
  success: true,
  range,
  broker: { id: 9, name: 'Vikram Brokers' },
  totals: { views: 5000, visitors: 4000, enquiries: 50, enquiryRate: 0.01, leadsByStage: { new: 20, interested: 10, not_interested: 5, crm: 15 } },
  listings: [
    {
      projectId: 42,
      name: 'Prestige Lakeside',
      path: '/project/prestige-lakeside-42',
      status: 'active',
      approval: 'approved',
      views: 5000,
      visitors: 4000,
      enquiries: 0,
      enquiryRate: 0,
      leadsByStage: { new: 0, interested: 0, not_interested: 0, crm: 0 },
      seenNotEnquired: true,
      moderation: { submittedAt: '2026-11-01T10:00:00.000Z', decidedAt: '2026-11-02T10:00:00.000Z', waitHours: 24, remarks: [{ remark: 'Add photos', at: '2026-11-01T12:00:00.000Z' }] },
    },
  ],
};

/** Catches the CSV the console hands to the browser to save. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  vi.stubGlobal('URL', Object.assign(Object.create(URL) as typeof URL, { createObjectURL: (blob: Blob) => ((last = blob), 'blob:test'), revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) files.push({ name: this.download, blob: last });
  });
  return files;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('provider analytics (issue 13)', () => {
  it('shows the overview in Indian figures for the last 30 days, with a table for every chart', async () => {
    const calls = mockApi({ ...signedInRoutes(), 'GET /api/admin/analytics/overview': { body: overview() } });
    renderConsole('/dashboard/analytics');

    expect(await screen.findByText('12,34,567')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('0.5%')).toBeTruthy();
    expect(screen.getByText('5.5 h')).toBeTruthy();
    expect(screen.getByText('3.2 days')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
    const daily = screen.getByRole('region', { name: 'Figures by day' });
    expect(within(daily).getByRole('row', { name: /2026-11-24 41,000 1,510 1,190 4 30/ })).toBeTruthy();
    expect(screen.getAllByTestId('daily-chart').every((chart) => chart.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(screen.getByRole('heading', { name: 'Searches that found nothing' })).toBeTruthy();
    const query = new URL(calls.find((call) => call.path.startsWith('/api/admin/analytics/overview'))!.path, 'http://x').searchParams;
    expect(query.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(calls.find((call) => call.path.startsWith('/api/admin/analytics/overview'))?.authorization).toBe('Bearer access-1');
  });

  it('asks for 7 days, then a custom range kept in the address, and refuses a range that ends before it starts', async () => {
    const calls = mockApi({ ...signedInRoutes(), 'GET /api/admin/analytics/overview': { body: overview() } });
    const user = userEvent.setup();
    renderConsole('/dashboard/analytics');
    await screen.findByText('12,34,567');

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await screen.findByText('12,34,567');
    const seven = new URL(calls.at(-1)!.path, 'http://x').searchParams;
    expect((Date.parse(seven.get('to')!) - Date.parse(seven.get('from')!)) / 86_400_000).toBe(6);

    // happy-dom types into date fields slowly and unlike a browser: set their values as the picker would.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('“To” must not be before “From”.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('12,34,567');
    expect(calls.at(-1)!.path).toBe('/api/admin/analytics/overview?from=2026-11-10&to=2026-11-20');
  });

  it('downloads a table as CSV with a BOM, its header row and guarded formulas', async () => {
    mockApi({ ...signedInRoutes(), 'GET /api/admin/analytics/overview': { body: overview() } });
    const files = captureDownloads();
    const user = userEvent.setup();
    renderConsole('/dashboard/analytics');
    await screen.findByText('12,34,567');

    await user.click(screen.getByRole('button', { name: 'Download CSV: Searches that found nothing' }));
    expect(files[0]?.name).toBe('nivaas-zero-result-searches-2026-10-26-to-2026-11-24.csv');
    const bytes = new Uint8Array(await files[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe("Search,Searches\r\n'=cmd|calc,4\r\n");

    await user.click(screen.getByRole('button', { name: 'Download CSV: Top searches' }));
    expect(new TextDecoder().decode(new Uint8Array(await files[1]!.blob.arrayBuffer()).slice(3))).toBe('Search,Searches,Found nothing\r\n"2 bhk, whitefield",300,0\r\n');
  });

  it('says when nothing was recorded, and offers a retry when the call fails', async () => {
    let fail = true;
    const empty = overview({
      totals: { pageViews: 0, sessions: 0, visitors: 0, signIns: 0, enquiries: 0, leads: 0, projectViews: 0, viewToEnquiry: 0 },
      top: { projects: [], localities: [], cities: [], searches: [], zeroResultSearches: [], sources: [], devices: [] },
    });
    mockApi({
      ...signedInRoutes(),
      'GET /api/admin/analytics/overview': () =>
        fail ? { status: 503, body: { success: false, statusCode: 503, error: 'Service Unavailable', message: 'The database is busy' } } : { body: empty },
    });
    const user = userEvent.setup();
    renderConsole('/dashboard/analytics');

    expect(await screen.findByText('The analytics could not be loaded.')).toBeTruthy();
    expect(screen.getByText('The database is busy')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing was recorded in this range.')).toBeTruthy();
    expect(screen.getByText('No project was viewed in this range.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download CSV: Top projects' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("drills into a project's funnel from the top projects, keeping the range", async () => {
    const calls = mockApi({
      ...signedInRoutes(),
      'GET /api/admin/analytics/overview': { body: overview() },
      'GET /api/admin/analytics/projects/42': { body: funnel },
    });
    const user = userEvent.setup();
    renderConsole('/dashboard/analytics?days=90');
    await user.click(await screen.findByRole('link', { name: 'Prestige Lakeside' }));

    expect(await screen.findByRole('heading', { name: 'Prestige Lakeside', level: 2 })).toBeTruthy();
    const steps = within(screen.getByRole('region', { name: 'Funnel figures' }));
    expect(steps.getByRole('row', { name: 'Favourites 1,200' })).toBeTruthy();
    expect(screen.getByText(/9.7%/)).toBeTruthy();
    const asked = new URL(calls.at(-1)!.path, 'http://x').searchParams;
    expect((Date.parse(asked.get('to')!) - Date.parse(asked.get('from')!)) / 86_400_000).toBe(89);
  });

  it("opens a broker's listings and leads from the brokers queue", async () => {
    const broker = createPendingBroker({ id: 9, name: 'Vikram Brokers' });
    mockApi({
      ...signedInRoutes(),
      'GET /api/admin/brokers/pending': { body: { success: true, brokers: [broker], pagination: page(1) } },
      'GET /api/admin/analytics/brokers/9': { body: brokerFigures },
    });
    const user = userEvent.setup();
    renderConsole('/dashboard/brokers');
    await user.click(await screen.findByRole('link', { name: 'Figures' }));

    expect(await screen.findByRole('heading', { name: /Vikram Brokers/, level: 2 })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Leads by stage' })).getByRole('row', { name: 'Added to CRM 15' })).toBeTruthy();
    const listing = within(screen.getByRole('region', { name: 'Listings' })).getByRole('row', { name: /Prestige Lakeside/ });
    expect(listing.textContent).toContain('5,000');
    expect(listing.textContent).toContain('Add photos');
  });

  it("finds a broker by number and says so when there is none", async () => {
    mockApi({
      ...signedInRoutes(),
      'GET /api/admin/analytics/brokers/404': { status: 404, body: { success: false, statusCode: 404, error: 'Not Found', message: 'Broker not found' } },
    });
    const user = userEvent.setup();
    renderConsole('/dashboard/analytics/brokers');
    expect(await screen.findByText('Choose a broker.')).toBeTruthy();
    await user.type(screen.getByLabelText('Broker number'), '404');
    await user.click(screen.getByRole('button', { name: 'Show figures' }));
    expect(await screen.findByText("The broker's figures could not be loaded.")).toBeTruthy();
    expect(screen.getByText('Broker not found')).toBeTruthy();
  });
});
