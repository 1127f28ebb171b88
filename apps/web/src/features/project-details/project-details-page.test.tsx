import type { ProjectDetail } from '@nivaas/contracts/project.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { createProject, createUnit } from '../../test/factories';
import { errorResponse, type MockRoute } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

/** The first render loads the lazy route chunk, which is slow when the machine is busy. */
const SLOW = { timeout: 5000 };

function detail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  const base = createProject({
    id: 77,
    name: 'Prestige Lakeside Habitat',
    description: 'Lake-facing towers with a 4-acre central park.',
    reraNumber: 'PRM/KA/RERA/1251/446/PR/171015/000001',
    amenities: ['Swimming pool', 'Clubhouse', 'Gym'],
    possessionDate: '2027-10-01',
    tags: ['Trending'],
    medias: [
      { title: 'banner', url: '/media/p/77/banner.webp' },
      { title: 'logo', url: '/media/b/4/logo.webp' },
      { title: 'gallery', url: '/media/p/77/g1.webp' },
      { title: 'gallery', url: '/media/p/77/g2.webp' },
    ],
    units: [
      createUnit({ type: '3', minPrice: 12_345_678, maxPrice: 14_000_000, exteriorArea: 1650, floors: null, facing: 'North' }),
      createUnit({ type: '2', minPrice: 8_500_000, maxPrice: 9_500_000, exteriorArea: 1150, furnishing: null }),
    ],
  });
  return {
    ...base,
    builder: { id: 4, name: 'Prestige Group', logo: '/media/b/4/logo.webp', description: 'Since 1986.', establishedYear: 1986 },
    ...overrides,
  };
}

const PATH = '/properties/bengaluru/east-bengaluru/whitefield/prestige-lakeside-habitat/77';

function routes(project = detail(), extra: Record<string, MockRoute> = {}): Record<string, MockRoute> {
  return {
    '/api/project/77': { success: true, project },
    '/api/project/77/similar': { success: true, projects: [createProject({ id: 78, name: 'Sobha Dream Acres' })] },
    ...extra,
  };
}

describe('project details (spec §2)', () => {
  it('shows the name, builder, place, price and the units with Indian digit grouping', async () => {
    renderApp(PATH, routes());
    expect(await screen.findByRole('heading', { level: 1, name: 'Prestige Lakeside Habitat' }, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Prestige Group' })[0]?.getAttribute('href')).toBe('/developer/prestige-group/4');
    expect(screen.getByText('₹ 85 L – 1.4 Cr')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Units and prices of Prestige Lakeside Habitat' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['2 BHK Apartment', '3 BHK Apartment']);
    expect(rows[1]?.textContent).toContain('₹ 1,23,45,678 – ₹ 1,40,00,000');
    expect(rows[1]?.textContent).toContain('1,650 sq ft');
    // spec §5: a missing floor is 'N/A', other missing fields '-'.
    expect(rows[1]?.textContent).toContain('N/A');
    expect(rows[0]?.textContent).toContain('-');
    await waitFor(() => expect(document.title).toBe('Prestige Lakeside Habitat in Whitefield, Bengaluru: ₹ 85 L – 1.4 Cr | Nivaas'));
  });

  it('links the breadcrumb to the city, zone and location pages', async () => {
    renderApp(PATH, routes());
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' }, SLOW);
    expect(within(crumbs).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/location-property/bengaluru/1',
      '/location-property/bengaluru/east-bengaluru/2',
      '/actual-location/bengaluru/east-bengaluru/whitefield/3',
    ]);
  });

  it('opens the gallery lightbox (banner and gallery photos, not the logo) and pages with the arrow keys', async () => {
    const user = userEvent.setup();
    renderApp(PATH, routes());
    const gallery = await screen.findByRole('region', { name: 'Photos of Prestige Lakeside Habitat' }, SLOW);
    await user.click(within(gallery).getAllByRole('button', { name: 'Open photo 1 of 3' })[0] as HTMLElement);
    const viewer = screen.getByRole('dialog', { name: 'Photo viewer' });
    expect(within(viewer).getByText('Photo 1 of 3')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('Photo 2 of 3')).toBeTruthy();
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/media/p/77/g1.webp');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(viewer).getByText('Photo 3 of 3')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows amenities, the RERA number with advice to verify it, and the EMI teaser linking to the calculator', async () => {
    renderApp(PATH, routes());
    await screen.findByRole('heading', { level: 1 }, SLOW);
    expect(within(screen.getByRole('region', { name: 'Amenities' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('PRM/KA/RERA/1251/446/PR/171015/000001')).toBeTruthy();
    expect(screen.getByText(/Verify this number on/)).toBeTruthy();
    // 80% of ₹ 85 L at 8.5% for 20 years.
    expect(screen.getByRole('region', { name: 'EMI starts at' }).textContent).toContain('₹ 59,012/month');
    expect(screen.getByRole('link', { name: 'Work out your EMI' }).getAttribute('href')).toBe('/mortage-calculator?amount=6800000');
  });

  it('sends an enquiry with the project id and shows the server message', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue('ok');
    const user = userEvent.setup();
    const { api } = renderApp(
      PATH,
      routes(detail(), {
        '/api/leadMenegmentRoute/uILeadFormData': new Response(JSON.stringify({ success: true, message: 'Thank you! We will call you.' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
      }),
    );
    const form = await screen.findByRole('form', { name: 'Enquire about this property' }, SLOW);
    await user.type(within(form).getByLabelText('Your name'), 'Asha Rao');
    await user.type(within(form).getByLabelText('Mobile number'), '98450 12345');
    await user.type(within(form).getByLabelText('E-mail'), 'asha@example.in');
    await user.click(within(form).getByRole('button', { name: 'Send enquiry' }));

    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    expect(JSON.stringify(success.mock.calls[0]?.[0]?.valueOf())).toContain('Thank you! We will call you.');
    const post = api.fetchMock.mock.calls.find(([input]) => String(input instanceof Request ? input.url : input).includes('uILeadFormData'));
    const body = (await (post?.[0] as Request).clone().json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Asha Rao', phone: '98450 12345', email: 'asha@example.in', projectId: 77 });
  });

  it('explains a bad phone number before sending anything', async () => {
    const user = userEvent.setup();
    const { api } = renderApp(PATH, routes());
    const form = await screen.findByRole('form', { name: 'Enquire about this property' }, SLOW);
    await user.type(within(form).getByLabelText('Your name'), 'Asha');
    await user.type(within(form).getByLabelText('Mobile number'), '12345');
    await user.type(within(form).getByLabelText('E-mail'), 'asha@example.in');
    await user.click(within(form).getByRole('button', { name: 'Send enquiry' }));
    expect(await within(form).findByText(/10-digit Indian mobile number/)).toBeTruthy();
    expect(api.requests.some((url) => url.pathname.includes('uILeadFormData'))).toBe(false);
  });

  it('adds the project to compare', async () => {
    const user = userEvent.setup();
    const { store } = renderApp(PATH, routes());
    await user.click(await screen.findByRole('button', { name: 'Add to compare' }, SLOW));
    expect(store.getState().compare.items).toEqual([{ id: 77, name: 'Prestige Lakeside Habitat', image: '/media/p/77/banner.webp' }]);
    expect(screen.getByRole('button', { name: 'Added to compare' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('region', { name: 'Compare projects' })).toBeTruthy();
  });

  it('lists similar projects', async () => {
    renderApp(PATH, routes());
    const similar = await screen.findByRole('region', { name: 'Similar projects in Bengaluru' }, SLOW);
    expect(await within(similar).findByRole('link', { name: 'Sobha Dream Acres' })).toBeTruthy();
  });

  it('shows a pre-launch banner and register-interest wording on /prelaunch/', async () => {
    renderApp(
      '/prelaunch/bengaluru/east-bengaluru/whitefield/prestige-lakeside-habitat/77',
      routes(detail({ tags: ['Upcoming Launches'], possessionDate: '2030-03-01' })),
    );
    expect((await screen.findAllByText('Pre-launch')).length).toBeGreaterThan(0);
    expect(screen.getByText(/possession planned for Mar 2030/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Register interest' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register interest' })).toBeTruthy();
  });

  it('says the property is not available for an unknown or hidden id', async () => {
    renderApp(PATH, { '/api/project/77': errorResponse(404, 'Project not found') });
    expect(await screen.findByRole('heading', { level: 1, name: 'This property is not on Nivaas' }, SLOW)).toBeTruthy();
  });

  it('says not found for an id that is not a number, without asking the server', async () => {
    const { api } = renderApp('/properties/a/b/c/d/not-a-number', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'This property is not on Nivaas' }, SLOW)).toBeTruthy();
    expect(api.requests.some((url) => url.pathname.startsWith('/api/project/'))).toBe(false);
  });

  it('offers a retry when the server fails', async () => {
    renderApp(PATH, { '/api/project/77': errorResponse(500, 'Something failed') });
    const alert = await screen.findByRole('alert', undefined, SLOW);
    expect(alert.textContent).toContain('Failed to fetch property');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
