import { expect, test } from './support/fixtures';

/**
 * Decision 029: after a first visit the service worker keeps the app shell and the public pages, data and pictures
 * the visitor viewed; with the network gone a recently viewed project still opens, and a page never seen shows the
 * offline page instead of the browser's error.
 */

/**
 * What Chromium logs for requests that fail while offline: ERR_INTERNET_DISCONNECTED for those the worker leaves alone
 * (the chat socket, tracking), ERR_FAILED for a public read the worker never kept. Expected then, not a bug.
 */
const OFFLINE_NOISE = /^console\.error: Failed to load resource: net::(ERR_INTERNET_DISCONNECTED|ERR_FAILED|ERR_NETWORK_CHANGED)$/;

// The other specs block the worker (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: 'allow' });

test.describe('offline (decision 029)', () => {
  test('a recently viewed project opens offline; a page never seen shows the offline page', async ({ page, context, request, pageErrors }) => {
    const body = (await (await request.get('/api/project?status=active&approval=approved&cityId=1&limit=1')).json()) as {
      projects: { id: number; name: string }[];
    };
    const project = body.projects[0];
    if (!project) throw new Error('no seeded project');

    // First visit: the worker registers after the load event and takes over this page once it is active.
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Any slug: the server answers 301 to the project's canonical page (decision 023), the address kept offline.
    await page.goto(`/properties/x/x/x/x/${project.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.name);
    expect(new URL(page.url()).pathname).not.toContain('/x/x/');

    // Only what is logged from here on may be offline noise; an error before this fails the test as usual.
    const offlineFrom = pageErrors.length;
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.name);

      await page.goto('/developers');
      await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
      await expect(page).toHaveTitle(/offline/i);
    } finally {
      await context.setOffline(false);
    }
    // Back online, the same tab goes on as before.
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);

    // The failed loads of the offline minute are the point of the test, not errors.
    const unexpected = pageErrors.filter((message, index) => index < offlineFrom || !OFFLINE_NOISE.test(message));
    pageErrors.splice(0, pageErrors.length, ...unexpected);
  });

  test('the worker and the offline page are served, the worker revalidated on every check', async ({ request }) => {
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    // A deploy must reach the browser at its next check, not after an HTTP cache's max-age.
    expect(worker.headers()['cache-control']).toMatch(/no-cache|max-age=0/);
    const offline = await request.get('/offline.html');
    expect(offline.status()).toBe(200);
  });
});
