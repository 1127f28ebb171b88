import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBanner } from '../../../test/factories';
import { mockApi } from '../../../test/mock-api';
import { renderInStore } from '../../../test/render-app';
import { BANNER_INTERVAL_MS } from '../lib/use-banner-rotation';
import { HomeHero } from './home-hero';

function renderHero() {
  mockApi({
    '/api/usersrouts/getAllBanner': {
      success: true,
      Allbanner: [
        createBanner({ title: 'First offer' }),
        createBanner({ title: 'Hidden offer', approval: 'pending' }),
        createBanner({ title: 'Second offer' }),
        createBanner({ title: 'Third offer' }),
      ],
    },
  });
  const view = renderInStore(<HomeHero cityName="Bengaluru" propertyCount={1234} />);
  return view;
}

const tick = () => act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('banner carousel (spec §4)', () => {
  it('shows the city, its property count and only approved banners', async () => {
    renderHero();
    expect(screen.getByRole('heading', { level: 1, name: 'Find your next home in Bengaluru' })).toBeTruthy();
    expect(screen.getByText('· 1,234 properties')).toBeTruthy();
    expect(await screen.findByText('First offer')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Banner \d of 3/ })).toHaveLength(3);
    expect(screen.queryByText('Hidden offer')).toBeNull();
  });

  it('advances every few seconds and wraps to the first after the last', async () => {
    renderHero();
    await screen.findByText('First offer');
    await tick();
    expect(screen.getByText('Second offer')).toBeTruthy();
    await tick();
    expect(screen.getByText('Third offer')).toBeTruthy();
    await tick();
    expect(screen.getByText('First offer')).toBeTruthy();
  });

  it('loads the first banner eagerly with high priority', async () => {
    const { container } = renderHero();
    await screen.findByText('First offer');
    const first = container.querySelector('img');
    expect(first?.getAttribute('src')).toMatch(/^\/media\/banners\//);
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
  });

  it('stops when the visitor pauses it, and goes to a banner they pick', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderHero();
    await screen.findByText('First offer');
    await user.click(screen.getByRole('button', { name: 'Pause banner rotation' }));
    await tick();
    expect(screen.getByText('First offer')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Banner 3 of 3: Third offer' }));
    expect(screen.getByText('Third offer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Banner 3 of 3: Third offer' }).getAttribute('aria-current')).toBe('true');
  });

  it('holds still while keyboard focus is on its controls', async () => {
    renderHero();
    await screen.findByText('First offer');
    act(() => screen.getByRole('button', { name: 'Banner 2 of 3: Second offer' }).focus());
    await tick();
    expect(screen.getByText('First offer')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Banner 2 of 3: Second offer' }).blur());
    await tick();
    expect(screen.getByText('Second offer')).toBeTruthy();
  });

  it('rests while the tab is hidden', async () => {
    renderHero();
    await screen.findByText('First offer');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await tick();
    expect(screen.getByText('First offer')).toBeTruthy();

    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await tick();
    expect(screen.getByText('Second offer')).toBeTruthy();
  });

  it('does not move by itself for visitors who prefer reduced motion', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    renderHero();
    await screen.findByText('First offer');
    expect(screen.getByRole('button', { name: 'Play banner rotation' })).toBeTruthy();
    await tick();
    expect(screen.getByText('First offer')).toBeTruthy();
  });
});
