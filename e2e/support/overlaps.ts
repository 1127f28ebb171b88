import type { Page } from '@playwright/test';

/**
 * Issue 17: no element may sit on top of another interactive element (a heart over a chip's link, the help-chat
 * button over 'Add to compare' or a form's privacy link). Runs in the page and returns one line per overlapping
 * pair, empty when there is none.
 *
 * Interactive: a, button, input, select, textarea, [role=button], [tabindex]; visible (checkVisibility with
 * opacity and CSS visibility, more than 1 px each way, not clipped away as screen-reader-only text). A pair counts
 * when their boxes (cut to what clipping ancestors let show: a truncated title, a card scrolled out of its rail)
 * overlap by more than 1 px both ways, neither box holds the other whole (a button laid on
 * purpose over a larger control, like a card's photo link) and neither element is inside the other.
 *
 * Two passes, so fixed elements are judged where a person meets them: at the top of the page every element
 * (document coordinates, the whole page, not only the first screen); then scrolled to the bottom, where a fixed
 * element (the chat button, a bar) is compared with whatever is on screen under it.
 */
export async function findOverlaps(page: Page): Promise<string[]> {
  const atTop = await page.evaluate(() => {
    window.scrollTo(0, 0);
    return (window as unknown as { __nivaasOverlaps: (pass: 'all' | 'fixed') => string[] }).__nivaasOverlaps('all');
  });
  const atBottom = await page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const found = (window as unknown as { __nivaasOverlaps: (pass: 'all' | 'fixed') => string[] }).__nivaasOverlaps('fixed');
    window.scrollTo(0, 0);
    return found;
  });
  return [...new Set([...atTop, ...atBottom])];
}

/** Installs the in-page checker (window.__nivaasOverlaps) before any page script runs. */
export async function installOverlapCheck(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const SELECTOR = 'a[href], a, button, input, select, textarea, [role="button"], [tabindex]';
    const TOLERANCE = 1;

    const isFixed = (element: Element): boolean => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).position === 'fixed') return true;
      }
      return false;
    };

    const isShown = (element: HTMLElement, rect: DOMRect): boolean => {
      if (rect.width <= TOLERANCE || rect.height <= TOLERANCE) return false;
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      // Screen-reader-only text and skip links are clipped to nothing until focused.
      for (let node: HTMLElement | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return false;
      }
      return true;
    };

    /** The part of an element a person can see: its box cut by every ancestor that clips (overflow, a scroller). */
    const visibleBox = (element: Element): { left: number; right: number; top: number; bottom: number } => {
      const rect = element.getBoundingClientRect();
      const box = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position === 'fixed') break;
        const clipsX = style.overflowX !== 'visible';
        const clipsY = style.overflowY !== 'visible';
        if (!clipsX && !clipsY) continue;
        const clip = node.getBoundingClientRect();
        if (clipsX) {
          box.left = Math.max(box.left, clip.left);
          box.right = Math.min(box.right, clip.right);
        }
        if (clipsY) {
          box.top = Math.max(box.top, clip.top);
          box.bottom = Math.min(box.bottom, clip.bottom);
        }
      }
      return box;
    };

    const describe = (element: Element): string => {
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).placeholder ??
        element.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ??
        '';
      return `<${element.tagName.toLowerCase()}> "${name}"`;
    };

    (window as unknown as { __nivaasOverlaps: (pass: 'all' | 'fixed') => string[] }).__nivaasOverlaps = (pass) => {
      // Sections far below the first screen skip layout until near it (content-visibility: auto, decision 045), so
      // their controls have no real boxes yet: they are measured as laid out, which is what a visitor scrolls to.
      const laidOut = document.createElement('style');
      laidOut.textContent = '* { content-visibility: visible !important; }';
      document.head.append(laidOut);
      try {
        return overlapsFound(pass);
      } finally {
        laidOut.remove();
      }
    };

    const overlapsFound = (pass: 'all' | 'fixed'): string[] => {
      const items = Array.from(document.querySelectorAll<HTMLElement>(SELECTOR))
        .filter((element) => !element.closest('[aria-hidden="true"], [inert]'))
        .map((element) => {
          const rect = element.getBoundingClientRect();
          const fixed = isFixed(element);
          const seen = visibleBox(element);
          // Document coordinates for the whole-page pass; fixed elements stay where the viewport puts them.
          const dy = pass === 'all' && !fixed ? window.scrollY : 0;
          return { element, rect, fixed, box: { left: seen.left, right: seen.right, top: seen.top + dy, bottom: seen.bottom + dy } };
        })
        .filter(({ element, rect, box }) => isShown(element, rect) && box.right - box.left > TOLERANCE && box.bottom - box.top > TOLERANCE);

      const onScreen = (box: { top: number; bottom: number }) => box.bottom > 0 && box.top < window.innerHeight;
      const found: string[] = [];
      for (let i = 0; i < items.length; i += 1) {
        for (let j = i + 1; j < items.length; j += 1) {
          const a = items[i]!;
          const b = items[j]!;
          if (pass === 'fixed' && a.fixed === b.fixed) continue;
          if (pass === 'fixed' && (!onScreen(a.box) || !onScreen(b.box))) continue;
          if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
          const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
          const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
          if (width <= TOLERANCE || height <= TOLERANCE) continue;
          const holds = (outer: typeof a.box, inner: typeof a.box) =>
            outer.left <= inner.left + TOLERANCE &&
            outer.right >= inner.right - TOLERANCE &&
            outer.top <= inner.top + TOLERANCE &&
            outer.bottom >= inner.bottom - TOLERANCE;
          if (holds(a.box, b.box) || holds(b.box, a.box)) continue;
          found.push(`${describe(a.element)} overlaps ${describe(b.element)} by ${Math.round(width)}x${Math.round(height)} px`);
        }
      }
      return found;
    };
  });
}
