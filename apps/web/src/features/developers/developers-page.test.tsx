import type { Builder } from '@nivaas/contracts/builder.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createProject } from '../../test/factories';
import { errorResponse } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

function builder(id: number, name: string, overrides: Partial<Builder> = {}): Builder {
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    logo: null,
    description: `${name} builds homes.`,
    establishedYear: 1995,
    status: 'active',
    approval: 'approved',
    projectCount: 12,
    cities: [
      { id: 1, name: 'Bengaluru' },
      { id: 2, name: 'Pune' },
    ],
    ...overrides,
  };
}

const list = (builders: Builder[]) => ({
  success: true,
  builders,
  pagination: { page: 1, limit: 30, total: builders.length, hasMore: false },
});

describe('developers', () => {
  it('lists public builders 30 at a time with project counts and cities, filtered by name on the server', async () => {
    const user = userEvent.setup();
    const { api } = renderApp('/developers', {
      '/api/builder': (url: URL) =>
        url.searchParams.get('search') === 'sob'
          ? list([builder(4, 'Sobha Limited')])
          : list([builder(4, 'Sobha Limited'), builder(5, 'Prestige Group', { projectCount: 1 })]),
    });
    const sobha = await screen.findByRole('link', { name: 'Sobha Limited' });
    expect(sobha.getAttribute('href')).toBe('/developer/sobha-limited/4');
    expect(screen.getByText('1 project')).toBeTruthy();
    expect(screen.getAllByText('Bengaluru, Pune')).toHaveLength(2);
    const first = api.requests.find((url) => url.pathname === '/api/builder');
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({ status: 'active', approval: 'approved', page: '1', limit: '30' });

    await user.type(screen.getByLabelText('Find a developer'), 'sob');
    await screen.findByText((_, element) => element?.getAttribute('aria-label') === 'Developers' && element.children.length === 1);
    expect(api.requests.some((url) => url.searchParams.get('search') === 'sob')).toBe(true);
  });

  it('shows a developer with stats and their public projects', async () => {
    const { api } = renderApp('/developer/sobha-limited/4', {
      '/api/builder/4': { success: true, builder: { ...builder(4, 'Sobha Limited'), projects: [] } },
      '/api/project': {
        success: true,
        projects: [createProject({ name: 'Sobha Dream Acres', builderId: 4 })],
        pagination: { page: 1, limit: 30, total: 1, hasMore: false },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sobha Limited' })).toBeTruthy();
    expect(screen.getByText('Building since')).toBeTruthy();
    const projects = await screen.findByRole('list', { name: 'Projects by Sobha Limited' });
    expect(within(projects).getByRole('link', { name: 'Sobha Dream Acres' })).toBeTruthy();
    const request = api.requests.find((url) => url.pathname === '/api/project');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      status: 'active',
      approval: 'approved',
      builderId: '4',
      page: '1',
      limit: '30',
    });
  });

  it('says not found for a builder that is not public', async () => {
    renderApp('/developer/x/999', { '/api/builder/999': errorResponse(404, 'Builder not found') });
    expect(await screen.findByText('We couldn’t find that developer')).toBeTruthy();
  });
});
