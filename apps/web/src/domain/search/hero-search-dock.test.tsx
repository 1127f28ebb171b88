import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCK_SCROLL_THROTTLE_MS, useHeroSearchDock, useHeroSearchVisible } from './hero-search-dock';

let heroBottom = 400;

function Hero() {
  const ref = useRef<HTMLDivElement>(null);
  useHeroSearchDock(ref);
  return <div ref={ref} data-testid="hero-box" />;
}

function Bar() {
  return (
    <header data-top-bar>
      <span>{useHeroSearchVisible() ? 'hero box on screen' : 'navbar box shown'}</span>
    </header>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  heroBottom = 400;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const bottom = this.dataset.testid === 'hero-box' ? heroBottom : 64;
    return { bottom, top: bottom - 50, left: 0, right: 0, width: 0, height: 50, x: 0, y: 0, toJSON: () => ({}) };
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hero search docking (spec §2, §9)', () => {
  it('shows the navbar box once the hero box scrolls under the top bar, checking at most every 100 ms', () => {
    const { rerender } = render(
      <>
        <Bar />
        <Hero />
      </>,
    );
    expect(screen.getByText('hero box on screen')).toBeTruthy();

    heroBottom = 40;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    // The first scroll is checked at once; the next ones wait for the throttle.
    expect(screen.getByText('navbar box shown')).toBeTruthy();

    heroBottom = 300;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByText('navbar box shown')).toBeTruthy();
    act(() => vi.advanceTimersByTime(DOCK_SCROLL_THROTTLE_MS));
    expect(screen.getByText('hero box on screen')).toBeTruthy();

    // Leaving the home page releases the navbar box.
    rerender(<Bar />);
    expect(screen.getByText('navbar box shown')).toBeTruthy();
  });
});
