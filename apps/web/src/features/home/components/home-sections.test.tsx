import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, type MockRoute } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const pagination = (total: number) => ({ page: 1, limit: 8, total, hasMore: false });

function sectionRoutes(): Record<string, MockRoute> {
  return {
    '/api/builder': {
      success: true,
      builders: [
        {
          id: 4,
          name: 'Sobha Limited',
          slug: 'sobha-limited',
          logo: null,
          description: null,
          establishedYear: 1995,
          status: 'active',
          approval: 'approved',
          projectCount: 37,
          cities: [{ id: 1, name: 'Bengaluru' }],
        },
      ],
      pagination: pagination(1),
    },
    '/api/location': {
      success: true,
      locations: [
        {
          id: 11,
          name: 'HSR Layout',
          slug: 'hsr-layout',
          city: { id: 1, name: 'Bengaluru' },
          zone: { id: 2, name: 'South Bengaluru' },
          projectCount: 12,
          listingCount: 4,
        },
      ],
      pagination: pagination(1),
    },
    '/api/blog': {
      success: true,
      blogs: [1, 2, 3, 4, 5].map((id) => ({
        id,
        title: `Stamp duty in Karnataka, part ${id}`,
        slug: `stamp-duty-${id}`,
        excerpt: 'What you pay and when.',
        coverUrl: null,
        authorName: null,
        publishedAt: '2026-10-01T00:00:00.000Z',
        readingMinutes: 4,
        status: id === 2 ? 'inactive' : 'active',
        approval: 'approved',
      })),
      pagination: { page: 1, limit: 10, total: 5, hasMore: false },
    },
    '/api/broker': {
      success: true,
      brokers: [
        {
          id: 9,
          name: 'Ravi Kumar',
          profilePhoto: null,
          company: 'Kumar Realty',
          city: { id: 1, name: 'Bengaluru' },
          approval: 'approved',
          reraNumber: null,
          about: null,
          memberSince: '2024-01-01',
          listingCount: 6,
        },
      ],
      pagination: pagination(1),
    },
  };
}

describe('home sections (issue 3)', () => {
  it('lists top builders, linking to their developer pages', async () => {
    const { api } = renderApp('/', sectionRoutes());
    const section = await screen.findByRole('region', { name: 'Top builders' }, { timeout: 5000 });
    const link = await within(section).findByRole('link', { name: /Sobha Limited/ }, { timeout: 3000 });
    expect(link.getAttribute('href')).toBe('/developer/sobha-limited/4');
    expect(link.textContent).toContain('37 projects');
    const request = api.requests.find((url) => url.pathname === '/api/builder');
    expect(request?.searchParams.get('status')).toBe('active');
    expect(request?.searchParams.get('approval')).toBe('approved');
  });

  it("lists the selected city's popular localities, linking to their results", async () => {
    const { api } = renderApp('/', sectionRoutes());
    const section = await screen.findByRole('region', { name: 'Popular localities in Bengaluru' }, { timeout: 5000 });
    const link = await within(section).findByRole('link', { name: /HSR Layout/ }, { timeout: 3000 });
    expect(link.getAttribute('href')).toBe('/property-detail-page?locationId=11');
    expect(link.textContent).toContain('16 properties');
    await waitFor(() => expect(api.requests.find((url) => url.pathname === '/api/location')?.searchParams.get('cityId')).toBe('1'));
  });

  it('shows the four newest active blog posts from page 1 of 10', async () => {
    const { api } = renderApp('/', sectionRoutes());
    const section = await screen.findByRole('region', { name: 'Latest from the blog' }, { timeout: 5000 });
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(4));
    expect(within(section).queryByText('Stamp duty in Karnataka, part 2')).toBeNull();
    expect(within(section).getByRole('link', { name: 'Stamp duty in Karnataka, part 1' }).getAttribute('href')).toBe(
      '/blog/stamp-duty-1/1',
    );
    const request = api.requests.find((url) => url.pathname === '/api/blog');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({ status: 'active', approval: 'approved', page: '1', limit: '10' });
  });

  it('shows brokers, linking to their profiles', async () => {
    renderApp('/', sectionRoutes());
    const section = await screen.findByRole('region', { name: 'Brokers you can trust' }, { timeout: 5000 });
    const link = await within(section).findByRole('link', { name: /Ravi Kumar/ }, { timeout: 3000 });
    expect(link.getAttribute('href')).toBe('/broker-info/9');
  });

  it('keeps the page when a section fails, and retries it', async () => {
    const user = userEvent.setup();
    let fail = true;
    const routes = sectionRoutes();
    const builders = routes['/api/builder'];
    renderApp('/', { ...routes, '/api/builder': () => (fail ? errorResponse(500) : builders) });
    const section = await screen.findByRole('region', { name: 'Top builders' }, { timeout: 5000 });
    const alert = await within(section).findByRole('alert');
    expect(screen.getByRole('region', { name: 'Brokers you can trust' })).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('link', { name: /Sobha Limited/ }, { timeout: 3000 })).toBeTruthy();
  });
});
