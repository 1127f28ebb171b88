import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { seedStoredLogin } from '../../test/auth';
import { createProject } from '../../test/factories';
import { renderApp } from '../../test/render-app';

// The first render of a file transforms lazy route chunks, which on two busy cores can take seconds.
vi.setConfig({ testTimeout: 20_000 });

const approvedBroker = {
  success: true,
  account: {
    kind: 'broker',
    id: 7,
    name: 'Vikram Brokers',
    phone: '9876543210',
    email: 'vikram@example.in',
    company: 'Vikram Realty',
    reraNumber: 'PRM/KA/RERA/1251',
    cityId: 1,
    about: null,
    approval: 'approved',
    profilePhoto: null,
    hasPassword: false,
  },
};

const counters = { total: 3, rejected: 1, pending: 1, approved: 1, live: 0 };
const unit = { id: 1, type: '2', minPrice: 8_500_000, maxPrice: 9_000_000, facing: 'East', exteriorArea: 1250, floors: null, furnishing: 'Semi-Furnished' };

function ownerPage(projects: ReturnType<typeof createProject>[]) {
  return { success: true, projects, pagination: { page: 1, limit: 30, total: projects.length, hasMore: false }, counters };
}

describe('/ViewallUploads (spec §2)', () => {
  it('starts on the tab the path names, shows the counters, the dashboard price, and the remarks of a rejected listing', async () => {
    await seedStoredLogin('broker', { id: 7 });
    const rejected = createProject({ name: 'Lakeview Homes', item: 'listing', brokerId: 7, approval: 'rejected', status: 'inactive', units: [unit], remarks: {} });
    const pending = createProject({ name: 'Palm Grove', item: 'listing', brokerId: 7, approval: 'pending', status: 'inactive', units: [unit] });
    const { api } = renderApp('/ViewallUploads/rejected-properties', {
      '/api/auth/me': approvedBroker,
      '/api/project': ownerPage([rejected, pending, rejected]),
    });

    const card = await screen.findByRole('article', { name: 'Lakeview Homes' });
    expect(screen.getByRole('button', { name: 'Rejected', pressed: true })).toBeTruthy();
    // Duplicates are removed by id; Palm Grove is not on the Rejected tab.
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText('Total Uploads').previousElementSibling?.textContent).toBe('3');
    expect(within(card).getByText('85.00 Lacs - 90.00 Lacs')).toBeTruthy();
    expect(within(card).getByText('N/A')).toBeTruthy();
    // The approval label shows only on All; no Display toggle on a listing that is not approved.
    expect(within(card).queryByText('Rejected')).toBeNull();
    expect(within(card).queryByRole('switch')).toBeNull();
    const request = api.requests.find((url) => url.pathname === '/api/project');
    expect(request?.searchParams.get('brokerId')).toBe('7');
    expect(request?.searchParams.get('limit')).toBe('30');

    fireEvent.click(within(card).getByRole('button', { name: 'Remarks' }));
    const modal = screen.getByRole('dialog', { name: 'Remarks' });
    expect(within(modal).getByText('No remarks available.')).toBeTruthy();
    fireEvent.mouseDown(modal.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog', { name: 'Remarks' })).toBeNull();
  });

  it("says 'No Properties Found...' when the search matches nothing", async () => {
    await seedStoredLogin('broker', { id: 7 });
    renderApp('/ViewallUploads', {
      '/api/auth/me': approvedBroker,
      '/api/project': ownerPage([createProject({ name: 'Palm Grove', item: 'listing', brokerId: 7, approval: 'approved', status: 'inactive', units: [unit] })]),
    });
    const card = await screen.findByRole('article', { name: 'Palm Grove' });
    expect(within(card).getByText('Approved')).toBeTruthy();
    expect(within(card).getByRole('switch', { name: 'Display Palm Grove' })).toBeTruthy();
    fireEvent.input(screen.getByPlaceholderText('Location, Property Type, Facing, Unit Types'), { target: { value: 'villa' } });
    expect(screen.getByText('No Properties Found...')).toBeTruthy();
  });
});

describe('/leads (spec §2 Leads screen)', () => {
  it('shows 12 skeleton cards while loading, then the leads, and the empty state', async () => {
    await seedStoredLogin('broker', { id: 7 });
    let answer: ((value: unknown) => void) | undefined;
    renderApp('/leads', {
      '/api/auth/me': approvedBroker,
      '/api/lead/mine': () => new Promise((resolve) => (answer = resolve)),
    });
    expect(await screen.findAllByTestId('lead-skeleton')).toHaveLength(12);
    // The skeletons show from the first render; the request leaves from an effect, after the first frame.
    await waitFor(() => expect(answer).toBeDefined());
    answer?.({ success: true, leads: [], pagination: { page: 1, limit: 100, total: 0, hasMore: false } });
    expect(await screen.findByText('No Leads')).toBeTruthy();
  });
});
