import type { Project } from '@nivaas/contracts/project.schema';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createProject, createUnit } from '../../test/factories';
import { errorResponse, type MockRoute } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

/** The first render loads the lazy route chunk, which is slow when the machine is busy. */
const SLOW = { timeout: 5000 };

/** An IntersectionObserver the test fires by hand (happy-dom never does). */
class ManualObserver {
  static instances: ManualObserver[] = [];
  private targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    ManualObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets = [];
  }
  takeRecords() {
    return [];
  }
  /** Reports every observed element as in view. */
  static showAll() {
    for (const observer of [...ManualObserver.instances]) {
      if (observer.targets.length > 0) {
        observer.callback(
          observer.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
          observer as unknown as IntersectionObserver,
        );
      }
    }
  }
}

beforeEach(() => {
  ManualObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', ManualObserver);
});

const whitefield = {
  success: true,
  location: {
    id: 3,
    name: 'Whitefield',
    slug: 'whitefield',
    city: { id: 1, name: 'Bengaluru' },
    zone: { id: 2, name: 'East Bengaluru' },
    projectCount: 40,
    listingCount: 5,
    lat: null,
    lng: null,
    priceRange: { min: 4_000_000, max: 40_000_000 },
    rating: { average: 4.2, count: 10, distribution: { 1: 0, 2: 1, 3: 1, 4: 3, 5: 5 } },
  },
};

function page(projects: Project[], total: number, pageNumber = 1) {
  return { success: true, projects, pagination: { page: pageNumber, limit: 30, total, hasMore: projects.length === 30 } };
}

function projectsFrom(first: number, count: number): Project[] {
  return Array.from({ length: count }, (_, i) =>
    createProject({
      id: first + i,
      name: `Project ${first + i}`,
      units: [createUnit({ minPrice: 5_000_000 + (first + i) * 10_000, maxPrice: 6_000_000 + (first + i) * 10_000 })],
    }),
  );
}

function routes(projectRoute: MockRoute): Record<string, MockRoute> {
  return { '/api/location/3': whitefield, '/api/project': projectRoute };
}

const projectRequests = (requests: URL[]) => requests.filter((url) => url.pathname === '/api/project');
const cards = () => within(screen.getByRole('list', { name: 'Properties' })).getAllByRole('article');

describe('results page (spec §2 /property-detail-page)', () => {
  it('names the locality, counts the results and asks for active, approved projects 30 at a time, L - H', async () => {
    const { api } = renderApp('/property-detail-page?locationId=3', routes(page(projectsFrom(1, 3), 3)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Properties in Whitefield, Bengaluru' }, SLOW)).toBeTruthy();
    expect(await screen.findByText('3 properties found', undefined, SLOW)).toBeTruthy();
    const request = projectRequests(api.requests)[0];
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      status: 'active',
      approval: 'approved',
      sort: 'price_asc',
      locationId: '3',
      page: '1',
      limit: '30',
    });
    expect(cards()).toHaveLength(3);
    await waitFor(() => expect(document.title).toBe('Properties in Whitefield, Bengaluru | Nivaas'));
  });

  it('heads a free-text search with the words searched', async () => {
    const { api } = renderApp('/property-detail-page?search=lake%20view', routes(page(projectsFrom(1, 1), 1)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “lake view”' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(projectRequests(api.requests)[0]?.searchParams.get('search')).toBe('lake view'));
  });

  it('offers exactly the two spec sorts and keeps the choice in the address', async () => {
    const user = userEvent.setup();
    const { api, router } = renderApp('/property-detail-page?locationId=3', routes(page(projectsFrom(1, 2), 2)));
    const sort = (await screen.findByLabelText('Sort', undefined, SLOW)) as HTMLSelectElement;
    expect([...sort.options].map((option) => option.text)).toEqual(['Price L - H', 'Price H - L']);
    expect(sort.value).toBe('price_asc');

    await user.selectOptions(sort, 'Price H - L');
    await waitFor(() => expect(router.state.location.search).toBe('?locationId=3&sort=price_desc'));
    await waitFor(() => expect(projectRequests(api.requests).at(-1)?.searchParams.get('sort')).toBe('price_desc'));
  });

  it('puts filters in the address, sends them to the API, and Back undoes them', async () => {
    const user = userEvent.setup();
    const { api, router } = renderApp('/property-detail-page?locationId=3', routes(page(projectsFrom(1, 2), 2)));
    const filters = await screen.findByRole('complementary', { name: 'Filters' }, SLOW);

    await user.click(within(filters).getByRole('button', { name: '2 BHK' }));
    await user.click(within(filters).getByRole('button', { name: '5+ BHK' }));
    await user.click(within(filters).getByRole('button', { name: 'Villa' }));
    await user.click(within(filters).getByRole('button', { name: 'Resale' }));
    await user.click(within(filters).getByRole('button', { name: 'Ready to move' }));
    await user.selectOptions(within(filters).getByLabelText('Min'), '₹ 50 L');
    await user.selectOptions(within(filters).getByLabelText('Max'), '₹ 1.5 Cr');

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        locationId: '3',
        minPrice: '5000000',
        maxPrice: '15000000',
        bhk: '2,5',
        propertyType: 'villa',
        transaction: 'Resale',
        possession: 'ready',
      }),
    );
    await waitFor(() => {
      const last = projectRequests(api.requests).at(-1);
      expect(last?.searchParams.get('bhk')).toBe('2,5,6,7,8,9,10');
      expect(last?.searchParams.get('maxPrice')).toBe('15000000');
      expect(last?.searchParams.get('possession')).toBe('ready');
    });
    expect(within(filters).getByRole('button', { name: '2 BHK' }).getAttribute('aria-pressed')).toBe('true');

    await act(async () => {
      await router.navigate(-1);
    });
    expect(new URLSearchParams(router.state.location.search).get('maxPrice')).toBeNull();
    await waitFor(() => expect((within(filters).getByLabelText('Max') as HTMLSelectElement).value).toBe(''));
  });

  it('restores filters from a shared link', async () => {
    renderApp('/property-detail-page?locationId=3&bhk=3&propertyType=plot&sort=price_desc', routes(page(projectsFrom(1, 1), 1)));
    const filters = await screen.findByRole('complementary', { name: 'Filters' }, SLOW);
    expect(within(filters).getByRole('button', { name: '3 BHK' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(filters).getByRole('button', { name: 'Plot' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('price_desc');
  });

  it('loads the next page when the sentinel shows, drops duplicates, and stops after a short page', async () => {
    const pages: Record<string, Project[]> = {
      '1': projectsFrom(1, 30),
      // The list shifted between requests: the first two of page 2 were already on page 1.
      '2': [...projectsFrom(29, 2), ...projectsFrom(31, 28)],
      '3': projectsFrom(59, 5),
    };
    const { api } = renderApp(
      '/property-detail-page?locationId=3',
      routes((url: URL) => {
        const number = url.searchParams.get('page') ?? '1';
        return page(pages[number] ?? [], 63, Number(number));
      }),
    );
    await waitFor(() => expect(cards()).toHaveLength(30), SLOW);

    act(() => ManualObserver.showAll());
    await waitFor(() => expect(cards()).toHaveLength(58));
    act(() => ManualObserver.showAll());
    await waitFor(() => expect(cards()).toHaveLength(63));
    expect(new Set(cards().map((card) => card.textContent)).size).toBe(63);
    expect(await screen.findByText("That's all 63 properties.", undefined, SLOW)).toBeTruthy();

    act(() => ManualObserver.showAll());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(projectRequests(api.requests).map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('says so when nothing matches, and offers to clear the filters', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/property-detail-page?locationId=3&bhk=4', routes(page([], 0)));
    expect(await screen.findByText('No properties match this search', undefined, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?locationId=3'));
  });

  it('shows the spec error text with a retry when the list fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderApp(
      '/property-detail-page?locationId=3',
      routes(() => (fail ? errorResponse(500, 'Something failed') : page(projectsFrom(1, 2), 2))),
    );
    const alert = await screen.findByRole('alert', undefined, SLOW);
    expect(alert.textContent).toContain('Failed to fetch projects');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(2), SLOW);
  });

  it('opens the filters in a sheet on a phone, and adds a project to compare from its card', async () => {
    const user = userEvent.setup();
    const { store } = renderApp('/property-detail-page?locationId=3', routes(page(projectsFrom(1, 2), 2)));
    await waitFor(() => expect(cards()).toHaveLength(2), SLOW);

    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    await user.click(within(sheet).getByRole('button', { name: '1 BHK' }));
    expect(within(sheet).getByRole('button', { name: '1 BHK' }).getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add to compare: Project 1' }));
    expect(store.getState().compare.items.map((item) => item.id)).toEqual([1]);
    expect(screen.getByRole('button', { name: 'Added to compare: Project 1' }).getAttribute('aria-pressed')).toBe('true');
  });
});
