import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { latestPasscode } from './support/passcode';
import { capture } from './support/screenshots';

/**
 * Issue 13: the brokers' insights at /RemoteComponent, a Module Federation remote (apps/remote-component). A seeded
 * approved broker reads their own listings' figures; a visitor views one of them and enquires, and after the
 * tracking flush and the rollup job (every 5 s) the broker's Refresh shows both; another broker sees none of it; and
 * when the remote is missing the page says so with a retry.
 */

interface SeededBroker {
  id: number;
  email: string;
}

/** Seeded brokers' e-mails are their name as dots plus their number (packages/db/src/seed/util.ts fakeEmail). */
async function seededBrokersWithListings(request: APIRequestContext): Promise<SeededBroker[]> {
  const listed = await request.get('/api/project?limit=50');
  const body = (await listed.json()) as { projects?: { brokerId: number | null }[]; data?: { brokerId: number | null }[] };
  const ids = [...new Set((body.projects ?? body.data ?? []).map((project) => project.brokerId).filter((id): id is number => id !== null))];
  const brokers: SeededBroker[] = [];
  for (const id of ids.slice(0, 2)) {
    const answer = (await (await request.get(`/api/broker/${id}`)).json()) as { broker?: { name: string }; data?: { name: string }; name?: string };
    const name = answer.broker?.name ?? answer.data?.name ?? answer.name ?? '';
    const local = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '');
    brokers.push({ id, email: `${local}.${id}@example.com` });
  }
  expect(brokers).toHaveLength(2);
  return brokers;
}

async function signInAsBroker(browser: Browser, baseURL: string | undefined, request: APIRequestContext, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Passcode' }).click();
  await page.getByLabel('E-mail or phone number').fill(email);
  await page.getByRole('button', { name: 'Send passcode' }).click();
  await page.getByLabel('6-digit passcode').fill(await latestPasscode(request, email));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('broker'))).toBeTruthy();
  return page;
}

async function total(page: Page, label: string): Promise<number> {
  const figure = page.getByRole('region', { name: 'Totals' }).getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
  return Number((await figure.innerText()).replaceAll(',', ''));
}

test('a broker reads their listings\' figures, which move after a visitor views and enquires; another broker sees none of it', async ({ browser, baseURL, request }) => {
  test.setTimeout(240_000);
  const [owner, other] = await seededBrokersWithListings(request);

  const page = await signInAsBroker(browser, baseURL, request, owner!.email);
  await page.goto('/RemoteComponent');
  await expect(page.getByRole('heading', { name: 'Your listings\' insights', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Post Your Property' })).toHaveCount(0);
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByText(/\(7 days, India time\)/)).toBeVisible();
  const listings = page.getByRole('region', { name: 'Your listings' }).getByRole('table');
  const first = listings.getByRole('row').nth(1).getByRole('link');
  const listingName = (await first.innerText()).trim();
  const listingPath = await first.getAttribute('href');
  const viewsBefore = await total(page, 'Views');
  const enquiriesBefore = await total(page, 'Enquiries');
  await expect(page.getByTestId('daily-chart').locator('canvas')).toBeVisible();
  await capture(page, 'insights');

  // A visitor (another browser context) views the listing and enquires.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(listingPath!);
  const bar = visitor.getByRole('region', { name: 'Your privacy choice' });
  if (await bar.isVisible().catch(() => false)) await bar.getByRole('button', { name: 'Allow analytics' }).click();
  const enquiry = visitor.getByRole('form', { name: /^Enquiry about / });
  await enquiry.getByLabel('Your name').fill('Rohan Insights');
  await enquiry.getByLabel('Mobile number').fill('9845012388');
  await enquiry.getByLabel('E-mail').fill(`rohan-${Date.now()}@example.in`);
  await enquiry.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(visitor.getByText(/Thank you/)).toBeVisible();
  // Leaving the page flushes the tracking buffer.
  await visitor.goto('/about');
  await visitorContext.close();

  // The broker's Refresh shows both once the rollup job has run.
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
        return [await total(page, 'Views'), await total(page, 'Enquiries')];
      },
      { timeout: 90_000, intervals: [2_000, 5_000] },
    )
    .toEqual([viewsBefore + 1, enquiriesBefore + 1]);

  // Another broker sees their own listings only.
  const otherPage = await signInAsBroker(browser, baseURL, request, other!.email);
  await otherPage.goto('/RemoteComponent');
  await expect(otherPage.getByRole('region', { name: 'Your listings' })).toBeVisible({ timeout: 30_000 });
  await expect(otherPage.getByRole('region', { name: 'Your listings' }).getByRole('link', { name: listingName, exact: true })).toHaveCount(0);
  await otherPage.context().close();

  // When the remote is missing the page says so, and offers a retry.
  const missing = await page.context().newPage();
  await missing.route('**/remotes/insights/remoteEntry.js*', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await missing.goto('/RemoteComponent');
  const alert = missing.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Your insights could not be loaded.' })).toBeVisible({ timeout: 30_000 });
  await capture(missing, 'insights-missing', { fullPage: false });
  await missing.unroute('**/remotes/insights/remoteEntry.js*');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(missing.getByRole('region', { name: 'Totals' })).toBeVisible({ timeout: 30_000 });
});

test('a visitor opening /RemoteComponent is sent to /login', async ({ page }) => {
  await page.goto('/RemoteComponent');
  await expect(page).toHaveURL(/\/login$/);
});
