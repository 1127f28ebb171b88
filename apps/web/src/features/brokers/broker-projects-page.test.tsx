import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createProject, createUnit } from '../../test/factories';
import { errorResponse } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const lakeside = createProject({
  id: 101,
  name: 'Prestige Lakeside',
  type: 'apartment',
  brokerId: 7,
  location: { id: 1, name: 'Whitefield' },
  units: [createUnit({ type: '3', minPrice: 12_500_000, maxPrice: 15_000_000 })],
});
const meadows = createProject({
  id: 102,
  name: 'Green Meadows Plot',
  type: 'plot',
  brokerId: 7,
  location: { id: 2, name: 'Sarjapur Road' },
  units: [createUnit({ type: 'Plot', minPrice: 4_500_000, maxPrice: 4_500_000 })],
});

function brokerRoutes(projects = [lakeside, meadows]) {
  return {
    '/api/project': { success: true, projects, pagination: { page: 1, limit: 30, total: projects.length, hasMore: false } },
    '/api/broker/7': errorResponse(404, 'Broker not found'),
  };
}

const cardNames = () =>
  within(screen.getByRole('region', { name: 'Properties' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('broker projects screen (spec §2)', () => {
  it('shows the breadcrumb: Home links to /, the last two segments are plain text', async () => {
    renderApp('/broker-properties/7', brokerRoutes());
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(crumbs).getAllByRole('link')).toHaveLength(1);
    expect(within(crumbs).getByText('Broker properties')).toBeTruthy();
    // The broker could not be loaded here, so the crumb keeps their id (with the name, it reads the name).
    expect(within(crumbs).getByText('7')).toBeTruthy();
  });

  it('asks for the broker’s properties 30 at a time and links each card by the card rule', async () => {
    const { api } = renderApp('/broker-properties/7', brokerRoutes());
    const link = await screen.findByRole('link', { name: 'Prestige Lakeside' });
    expect(link.getAttribute('href')).toBe('/broker-property-details/3/apartment/101');
    expect(screen.getByRole('link', { name: 'Green Meadows Plot' }).getAttribute('href')).toBe(
      '/broker-property-details/plot/plot/102',
    );
    const request = api.requests.find((url) => url.pathname === '/api/project');
    expect(request?.searchParams.get('brokerId')).toBe('7');
    expect(request?.searchParams.get('page')).toBe('1');
    expect(request?.searchParams.get('limit')).toBe('30');
  });

  it('prices cards in the broker format and labels units', async () => {
    renderApp('/broker-properties/7', brokerRoutes());
    await screen.findByRole('link', { name: 'Prestige Lakeside' });
    expect(screen.getByText('₹ 1.25 Cr - 1.50 Cr')).toBeTruthy();
    expect(screen.getByText('₹ 45.00 L')).toBeTruthy();
    expect(screen.getByText('3 BHK Apartment')).toBeTruthy();
    expect(screen.getAllByText('Plot').length).toBeGreaterThan(0);
  });

  it("sorts 'Price L - H' by default and 'Price H - L' on request", async () => {
    const user = userEvent.setup();
    renderApp('/broker-properties/7', brokerRoutes());
    await screen.findByRole('link', { name: 'Prestige Lakeside' });
    expect(cardNames()).toEqual(['Green Meadows Plot', 'Prestige Lakeside']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Price H - L');
    expect(cardNames()).toEqual(['Prestige Lakeside', 'Green Meadows Plot']);
  });

  it("filters by name or location as the visitor types, and says 'No more properties' when nothing matches", async () => {
    const user = userEvent.setup();
    renderApp('/broker-properties/7', brokerRoutes());
    await screen.findByRole('link', { name: 'Prestige Lakeside' });
    const search = screen.getByPlaceholderText('Search Properties');
    await user.type(search, 'SARJAPUR');
    expect(cardNames()).toEqual(['Green Meadows Plot']);
    await user.clear(search);
    await user.type(search, 'koramangala');
    expect(screen.getByText('No more properties')).toBeTruthy();
  });

  it("shows 'loading...' while the first page is on its way", async () => {
    let release: ((value: Response) => void) | undefined;
    renderApp('/broker-properties/7', {
      ...brokerRoutes(),
      '/api/project': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    expect(await screen.findByText('loading...')).toBeTruthy();
    // 'loading...' shows from the first render; the request leaves from an effect, after the first frame.
    await waitFor(() => expect(release).toBeDefined());
    release?.(new Response(JSON.stringify({ success: true, projects: [], pagination: { page: 1, limit: 30, total: 0, hasMore: false } }), { headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByText('No more properties')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('loading...')).toBeNull());
  });

  it("says 'Failed to fetch projects' with a retry when the list fails", async () => {
    renderApp('/broker-properties/7', { ...brokerRoutes(), '/api/project': errorResponse(500, 'Something failed') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch projects');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
