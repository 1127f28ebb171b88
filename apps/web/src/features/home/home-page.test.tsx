import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createProject, createUnit } from '../../test/factories';
import { errorResponse } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

function rail(name: string | RegExp) {
  return screen.findByRole('region', { name });
}

describe('home page', () => {
  it('headlines the selected city', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your next home in Bengaluru' })).toBeTruthy();
  });

  it('asks for each rail by tag, for the selected city', async () => {
    const { api } = renderApp('/');
    await waitFor(() => {
      const tags = api.requests.filter((url) => url.pathname === '/api/project/random').map((url) => url.searchParams.get('tag'));
      expect(tags.sort()).toEqual(['Ready to Move', 'Trending', 'Upcoming Launches']);
    });
    for (const url of api.requests.filter((u) => u.pathname === '/api/project/random')) {
      expect(url.searchParams.get('cityId')).toBe('1');
      expect(url.searchParams.get('page')).toBe('1');
    }
  });

  it('shows project cards with price, units, place and a link to the details page', async () => {
    const project = createProject({
      id: 77,
      name: 'Sobha Lake Garden',
      tags: ['Trending', 'Ready to Move'],
      builder: { id: 9, name: 'Sobha Limited' },
      units: [
        createUnit({ type: '3', minPrice: 12_500_000, maxPrice: 14_000_000 }),
        createUnit({ type: '2', minPrice: 8_500_000, maxPrice: 9_000_000 }),
      ],
    });
    renderApp('/', { '/api/project/random': { success: true, projects: [project] } });

    const trending = await rail('Trending Projects in Bengaluru');
    const card = (await within(trending).findByRole('link', { name: 'Sobha Lake Garden' })).closest('article') as HTMLElement;
    expect(within(card).getByRole('link').getAttribute('href')).toBe(
      '/properties/bengaluru/east-bengaluru/whitefield/sobha-lake-garden/77',
    );
    expect(within(card).getByText('₹ 85 L – 1.4 Cr')).toBeTruthy();
    expect(within(card).getByText('2, 3 BHK Apartment')).toBeTruthy();
    expect(within(card).getByText('Whitefield, Bengaluru')).toBeTruthy();
    expect(within(card).getByText('by Sobha Limited')).toBeTruthy();
    // The chip prefers a tag other than the rail's own.
    expect(within(card).getByText('Ready to Move')).toBeTruthy();
  });

  it('links upcoming launches to the pre-launch page', async () => {
    renderApp('/', {
      '/api/project/random': { success: true, projects: [createProject({ id: 5, name: 'Skyline', tags: ['Upcoming Launches'] })] },
    });
    const upcoming = await rail('Upcoming Launches');
    const link = await within(upcoming).findByRole('link', { name: 'Skyline' });
    expect(link.getAttribute('href')).toBe('/prelaunch/bengaluru/east-bengaluru/whitefield/skyline/5');
  });

  it('says so when a rail has no projects', async () => {
    renderApp('/', { '/api/project/random': { success: true, projects: [] } });
    expect(await screen.findByText('No trending projects in Bengaluru yet')).toBeTruthy();
  });

  it('keeps the page when one rail fails, and retries it', async () => {
    let trendingCalls = 0;
    renderApp('/', {
      '/api/project/random': (url: URL) => {
        const tag = url.searchParams.get('tag') ?? '';
        if (tag === 'Trending' && ++trendingCalls === 1) return errorResponse(500);
        return { success: true, projects: [createProject({ name: `${tag} Heights`, tags: [tag] })] };
      },
    });
    const trending = await rail('Trending Projects in Bengaluru');
    const retry = await within(trending).findByRole('button', { name: 'Try again' });
    expect(await screen.findByRole('link', { name: 'Ready to Move Heights' })).toBeTruthy();

    await userEvent.setup().click(retry);
    expect(await within(trending).findByRole('link', { name: 'Trending Heights' })).toBeTruthy();
  });

  it('treats a response that breaks the contract as an error, not a crash', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/', { '/api/project/random': { success: true, projects: [{ id: 'not-a-project' }] } });
    const trending = await rail('Trending Projects in Bengaluru');
    expect(await within(trending).findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('getRandomProjects'), expect.anything());
  });

  it('lists cities with their property counts and switches city from there', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const explore = await rail('Explore cities');
    const bengaluru = await within(explore).findByRole('button', { name: /Bengaluru/ });
    expect(within(bengaluru).getByText('1,234 properties')).toBeTruthy();
    expect(bengaluru.getAttribute('aria-pressed')).toBe('true');
    const pune = within(explore).getByRole('button', { name: /Pune/ });
    expect(within(pune).getByText('1 property')).toBeTruthy();

    await user.click(pune);
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your next home in Pune' })).toBeTruthy();
    expect(sessionStorage.getItem('selectedCity')).toBe('Pune');
    expect(await screen.findByRole('heading', { name: 'Trending Projects in Pune' })).toBeTruthy();
  });

  it('offers a retry everywhere when the city list fails', async () => {
    renderApp('/', { '/api/city': errorResponse(503) });
    const explore = await rail('Explore cities');
    expect(await within(explore).findByRole('button', { name: 'Try again' })).toBeTruthy();
    const trending = await rail('Trending Projects in Bengaluru');
    expect(await within(trending).findByText('We could not load the list of cities.')).toBeTruthy();
  });

  it('makes only honest promises in the trust strip', async () => {
    renderApp('/');
    const trust = await rail('Buy with your eyes open');
    expect(within(trust).getByRole('heading', { name: 'Zero brokerage on owner listings' })).toBeTruthy();
    expect(within(trust).getByRole('link', { name: /EMI calculator/ }).getAttribute('href')).toBe('/mortage-calculator');
  });
});
