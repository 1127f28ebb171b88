import type { ConstructionProject, Contractor } from '@nivaas/contracts/construction.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

const contractor: Contractor = {
  id: 3,
  companyName: 'Sthapati Builders',
  slug: 'sthapati-builders',
  services: ['Turnkey homes', 'Interiors'],
  city: { id: 1, name: 'Bengaluru' },
  rating: 4.6,
  yearsInBusiness: 18,
  logoUrl: null,
  description: 'Turnkey homes in Bengaluru.',
  projectCount: 2,
};

const project = (id: number, tag: string): ConstructionProject => ({
  id,
  name: `${tag} job ${id}`,
  tag,
  description: 'A G+2 home.',
  imageUrl: null,
  city: { id: 1, name: 'Bengaluru' },
  contractor: { id: 3, companyName: 'Sthapati Builders', slug: 'sthapati-builders' },
});

describe('construction', () => {
  it('shows page 1 of 6, loads more, and filters by tag', async () => {
    const user = userEvent.setup();
    const { api } = renderApp('/construction', {
      '/api/construction/project': (url: URL) => {
        const tag = url.searchParams.get('tag') ?? '';
        const page = Number(url.searchParams.get('page'));
        if (tag === 'Interior') return { success: true, projects: [project(50, 'Interior')], pagination: { page: 1, limit: 6, total: 1, hasMore: false } };
        const projects = page === 1 ? Array.from({ length: 6 }, (_, i) => project(i + 1, 'Residential')) : [project(7, 'Villa')];
        return { success: true, projects, pagination: { page, limit: 6, total: 7, hasMore: page === 1 } };
      },
    });
    expect(await screen.findByText('Residential job 1')).toBeTruthy();
    const first = api.requests.find((url) => url.pathname === '/api/construction/project');
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({ page: '1', limit: '6', tag: '' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Villa job 7')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Interior' }));
    expect(await screen.findByText('Interior job 50')).toBeTruthy();
    expect(screen.queryByText('Residential job 1')).toBeNull();
    expect(screen.getByRole('button', { name: 'Interior' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lists contractors with services, rating and city', async () => {
    renderApp('/contractors', {
      '/api/construction/contractor': { success: true, contractors: [contractor], pagination: { page: 1, limit: 12, total: 1, hasMore: false } },
    });
    const link = await screen.findByRole('link', { name: 'Sthapati Builders' });
    expect(link.getAttribute('href')).toBe('/contractors/sthapati-builders/3');
    expect(screen.getByRole('img', { name: '4.6 out of 5 stars' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Services' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows a contractor with their projects and an enquiry form', async () => {
    renderApp('/contractors/sthapati-builders/3', {
      '/api/construction/contractor/3': { success: true, contractor: { ...contractor, projects: [project(1, 'Villa')] } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sthapati Builders' })).toBeTruthy();
    expect(screen.getByText('Villa job 1')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Enquiry to Sthapati Builders' })).toBeTruthy();
  });
});
