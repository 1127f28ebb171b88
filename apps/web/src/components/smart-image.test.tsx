import { act, fireEvent, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { finishHydrating, startHydrating } from '../lib/use-hydrated';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetLoadedImages, SmartImage } from './smart-image';

/** An IntersectionObserver the test can fire, since happy-dom's never does. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly options: IntersectionObserverInit | undefined;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeObserver.instances.push(this);
  }
  observe() {}
  disconnect() {}
  enter() {
    this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

beforeEach(() => {
  FakeObserver.instances = [];
  forgetLoadedImages();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  forgetLoadedImages();
});

const frameOf = (container: HTMLElement) => container.firstElementChild as HTMLElement;

describe('SmartImage (spec §4 images)', () => {
  it('reserves its box and shows a skeleton before the photo is near the viewport', () => {
    const { container } = render(<SmartImage src="/media/a.webp" alt="Green Meadows" ratio="4 / 3" />);
    expect(frameOf(container).style.aspectRatio).toBe('4 / 3');
    expect(frameOf(container).dataset.state).toBe('loading');
    expect(container.querySelector('img')).toBeNull();
    expect(FakeObserver.instances[0]?.options).toEqual({ rootMargin: '100px', threshold: 0.1 });
  });

  it('loads lazily once near the viewport, then drops the skeleton', () => {
    const { container } = render(<SmartImage src="/media/a.webp" alt="Green Meadows" />);
    act(() => FakeObserver.instances[0]?.enter());
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('alt')).toBe('Green Meadows');
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.load(img);
    expect(frameOf(container).dataset.state).toBe('loaded');
  });

  it('remembers loaded images: a second mount shows the photo at once', () => {
    const first = render(<SmartImage src="/media/a.webp" alt="A" />);
    act(() => FakeObserver.instances[0]?.enter());
    fireEvent.load(first.container.querySelector('img') as HTMLImageElement);
    first.unmount();

    const second = render(<SmartImage src="/media/a.webp" alt="A" />);
    expect(frameOf(second.container).dataset.state).toBe('loaded');
    expect(second.container.querySelector('img')).not.toBeNull();
  });

  it('shows a drawn placeholder instead of a broken image', () => {
    const { container, getByRole } = render(<SmartImage src="/media/missing.webp" alt="Skyline Towers" priority />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(frameOf(container).dataset.state).toBe('failed');
    expect(getByRole('img', { name: 'Skyline Towers' })).toBeTruthy();
  });

  it('treats an empty url as no photo', () => {
    const { container } = render(<SmartImage src="" alt="" />);
    expect(frameOf(container).dataset.state).toBe('failed');
  });

  it('pulses its placeholder only once the page is the browser\'s, never in the server-rendered HTML', () => {
    // Issue 15: a pulsing placeholder under every server-rendered picture kept the browser compositing until hydration.
    const server = document.createElement('div');
    server.innerHTML = renderToString(<SmartImage src="/media/a.webp" alt="Green Meadows" />);
    expect(server.querySelector('[aria-hidden="true"]')?.className).not.toContain('animate-pulse');

    const { container } = render(<SmartImage src="/media/a.webp" alt="Green Meadows" />);
    expect(container.querySelector('[aria-hidden="true"]')?.className).toContain('animate-pulse');
    expect(render(<SmartImage src="/media/b.webp" alt="" pulse={false} />).container.querySelector('[aria-hidden="true"]')?.className).not.toContain(
      'animate-pulse',
    );
  });

  it('never pulses a picture that came in the server-rendered HTML, also once hydrated', async () => {
    // Issue 15 (TBT): some 40 placeholders starting to pulse at once right after hydration cost a long style task.
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SmartImage src="/media/c.webp" alt="Lake View" />);
    document.body.append(container);
    startHydrating();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <SmartImage src="/media/c.webp" alt="Lake View" />);
    });
    finishHydrating();
    await act(async () => {});
    expect(container.querySelector('[data-state="loading"]')).not.toBeNull();
    expect(container.querySelector('[aria-hidden="true"]')?.className).not.toContain('animate-pulse');
    act(() => root?.unmount());
    container.remove();
  });
});
