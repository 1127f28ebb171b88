import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { discoverRoutes } from './support/open-routes';

/**
 * Issue 15 acceptance, decision 028: every open route arrives rendered by the server with the data it was rendered
 * from, and the browser takes it over without a hydration mismatch and without asking the API again for that data.
 * (The fixture already fails a test on any console error; this also catches React's warnings and recoverable errors.)
 */

/** What React 19 logs when hydration goes wrong: mismatches, recoverable errors, and their minified codes in a build. */
const HYDRATION_TROUBLE = /hydrat|did not match|didn.t match|mismatch|recoverable|Minified React error #(418|419|421|422|423|425)/i;

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
