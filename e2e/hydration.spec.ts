import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { discoverRoutes } from './support/open-routes';

/**
 * Issue 15 acceptance, decision 028: every open route arrives rendered by the server with the data it was rendered
 * from, and the browser takes it over without a hydration mismatch and without asking the API again for that data.
 * Decision 045: Preact hydrates without reporting a mismatch, so the page is compared with itself: the markup of
 * #root as the server sent it against the DOM as the hydrating commit left it (the app's ready mark calls
 * `window.nivaasHydrated` from a layout effect, before any state set in that commit renders again). The fixture
 * also fails a test on any console error, and errors that speak of hydration are collected here.
 */

const HYDRATION_TROUBLE = /hydrat|did not match|didn.t match|mismatch|recoverable/i;

/**
 * The root's elements, attributes and text as lines, one per element or run of text. Adjacent text nodes are
 * joined: the server writes `© {year} Nivaas` as one node, the browser keeps three, and a reader sees the same text.
 * Event-handler attributes are left out.
 */
function outlineScript(): string {
  return `(root) => {
    const lines = [];
    const walk = (node, depth) => {
      if (node.nodeType === 3) {
        if (node.previousSibling && node.previousSibling.nodeType === 3) return;
        let text = '';
        for (let next = node; next && next.nodeType === 3; next = next.nextSibling) text += next.textContent;
        text = text.replace(/\\s+/g, ' ').trim();
        if (text) lines.push(' '.repeat(depth) + JSON.stringify(text));
        return;
      }
      if (node.nodeType !== 1) return;
      const attributes = [...node.attributes]
        .filter((attribute) => !attribute.name.startsWith('on'))
        .map((attribute) => attribute.name.toLowerCase() + '=' + JSON.stringify(attribute.value))
        .sort()
        .join(' ');
      lines.push(' '.repeat(depth) + node.tagName.toLowerCase() + (attributes ? ' ' + attributes : ''));
      // A textarea's text is its value: the server writes it as the element's text, Preact sets the property.
      if (node.tagName === 'TEXTAREA') lines.push(' '.repeat(depth + 1) + 'value=' + JSON.stringify(node.value));
      else for (const child of node.childNodes) walk(child, depth + 1);
    };
    walk(root, 0);
    return lines;
  }`;
}

/** The first lines where the two outlines part, with a few lines of context: what a failure message shows. */
function firstDifference(server: string[], hydrated: string[]): string | null {
  const length = Math.max(server.length, hydrated.length);
  for (let index = 0; index < length; index += 1) {
    if (server[index] !== hydrated[index]) {
      const context = server.slice(Math.max(0, index - 3), index).join('\n');
      return `${context}\nserver:   ${server[index] ?? '(nothing)'}\nhydrated: ${hydrated[index] ?? '(nothing)'}`;
    }
  }
  return null;
}

/** The browser's own calls to the API, less the visit tracking (issue 12), which is not page data. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/track/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

test('every open route is server-rendered and hydrates without a mismatch or a second fetch', async ({ page, request }) => {
  test.setTimeout(360_000);
  const routes = await discoverRoutes(request);
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (HYDRATION_TROUBLE.test(message.text())) trouble.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_TROUBLE.test(error.message)) trouble.push(`pageerror: ${error.message}`);
  });
  const apiCalls = recordApiCalls(page);
  // The DOM of #root when hydration commits, kept by the app's ready mark calling this (see the comment at the top).
  await page.addInitScript(
    `window.nivaasOutline = ${outlineScript()}; window.nivaasHydrated = () => { window.nivaasHydratedOutline = window.nivaasOutline(document.getElementById('root')); };`,
  );

  for (const route of routes) {
    await test.step(route, async () => {
      trouble.length = 0;
      apiCalls.length = 0;
      const response = await page.goto(route);
      const html = (await response?.text()) ?? '';
      expect(html, `${route} carries the state it was rendered with`).toContain('id="nivaas-state"');
      expect(html, `${route} has its body in the HTML`).not.toContain('<div id="root"></div>');
      await expect(page.getByRole('heading', { level: 1 }).first(), `${route} has a page heading`).toBeVisible();
      // The ready mark is set by the last effect of the hydrating commit (app/providers.tsx): the page is the browser's.
      // (The toast container no longer says so: it mounts with the first toast, decision 041.)
      await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle').catch(() => undefined);
      expect(trouble, `${route} hydrated cleanly`).toEqual([]);
      const outlines = await page.evaluate((sentHtml) => {
        const probe = window as Window & { nivaasOutline?: (root: Element | null) => string[]; nivaasHydratedOutline?: string[] };
        const sent = new DOMParser().parseFromString(sentHtml, 'text/html');
        return { server: probe.nivaasOutline?.(sent.getElementById('root')) ?? [], hydrated: probe.nivaasHydratedOutline ?? [] };
      }, html);
      expect(outlines.hydrated.length, `${route} reported its hydration`).toBeGreaterThan(0);
      expect(firstDifference(outlines.server, outlines.hydrated), `${route}: the hydrated page is the server's`).toBeNull();
      expect(apiCalls, `${route} fetched nothing the server had sent`).toEqual([]);
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a project page's HTML names the project in its h1 and shows its price", async ({ page, request }) => {
    const route = (await discoverRoutes(request)).find((path) => path.startsWith('/properties/'));
    if (!route) throw new Error('the routes list has a project page');
    const id = route.split('/').pop();
    const { project } = (await (await request.get(`/api/project/${id}`)).json()) as { project: { name: string } };

    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.name);
    // The price as the page shows it, beside the name; the head's description (made by the API, not the web app)
    // quotes the same range, so both sides agree on it.
    const price = page.getByRole('main').locator('p').filter({ hasText: /^₹\s?[\d.]+/ }).first();
    await expect(price).toBeVisible();
    const description = await page.locator('meta[name="description"]').first().getAttribute('content');
    expect(description).toContain((await price.textContent())?.trim());
    // The page reads on its own: no "needs JavaScript" notice.
    await expect(page.getByText('needs JavaScript')).toHaveCount(0);
  });
});
