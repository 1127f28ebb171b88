import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test, untilAppOwnsPage } from './support/fixtures';
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
  // A click that lands before the page is interactive (a server-rendered page still hydrating) does nothing: again.
  const passcodeTab = page.getByRole('tab', { name: 'Passcode' });
  await expect(async () => {
    await passcodeTab.click();
    await expect(passcodeTab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByLabel('E-mail or phone number').fill(email);
  await page.getByRole('button', { name: 'Send passcode' }).click();
  // The passcode reaches the outbox a moment after the click's answer on a busy machine.
  let passcode = '';
  await expect
    .poll(async () => (passcode = await latestPasscode(request, email).catch(() => '')), { timeout: 30_000 })
    .toMatch(/^\d{6}$/);
  await page.getByLabel('6-digit passcode').fill(passcode);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('broker'))).toBeTruthy();
  return page;
}

/**
 * The searches credited to one listing in "What viewers searched for" (0 while none led to any listing: the card then
 * says so instead of showing its tables). Waits for the card's answer first.
 */
async function listingSearches(page: Page, name: string): Promise<number> {
  const card = page.getByRole('region', { name: 'What viewers searched for' });
  await expect(card.getByText(/led to views of your listings|None yet in this period/)).toBeVisible({ timeout: 30_000 });
  // Only listings some search led to have a row; a row's header is the name followed by its most common searches.
  const table = card.getByRole('table', { name: 'Per listing: the searches that led to it' });
  const startsWithName = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: startsWithName }) });
  if ((await row.count()) === 0) return 0;
  return Number((await row.getByRole('cell').first().innerText()).replaceAll(',', ''));
}

async function total(page: Page, label: string): Promise<number> {
  const figure = page.getByRole('region', { name: 'Totals' }).getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
  return Number((await figure.innerText()).replaceAll(',', ''));
}

test('a broker reads their listings\' figures, which move after a visitor views and enquires; another broker sees none of it', async ({ browser, baseURL, request }) => {
  test.setTimeout(600_000);
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
  // A fresh install folds its seeded history in the background after it starts, oldest day first, so the last 7 days
  // can read 0 for a while and then jump. Wait on the 90 days (they move from the first batch) until they hold still
  // across two runs of the rollup job (every 5 s) before taking the 7 days as the "before".
  const figures = async () => [await total(page, 'Views'), await total(page, 'Enquiries'), await listingSearches(page, listingName)];
  const windowOf = async (days: 7 | 90) => {
    await page.getByRole('button', { name: `${days} days` }).click();
    await expect(page.getByText(new RegExp(`\\(${days} days, India time\\)`))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  };
  await windowOf(90);
  let settled = await figures();
  let stillFor = 0;
  await expect
    .poll(
      async () => {
        await page.waitForTimeout(8_000);
        await page.getByRole('button', { name: 'Refresh' }).click();
        await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
        const now = await figures();
        stillFor = (now[0] ?? 0) > 0 && now.join() === settled.join() ? stillFor + 1 : 0;
        settled = now;
        return stillFor;
      },
      { timeout: 300_000, intervals: [0] },
    )
    .toBeGreaterThanOrEqual(2);
  await windowOf(7);
  settled = await figures();
  const [viewsBefore, enquiriesBefore, searchesBefore] = settled as [number, number, number];
  await expect(page.getByTestId('daily-chart').locator('canvas')).toBeVisible();
  await capture(page, 'insights');

  // A visitor (another browser context) allows analytics (a change of choice starts a new visit, which the search and
  // the view must share), searches the listing's locality for 1 or 5+ BHK up to 80 lakh (a BHK set the seeded history
  // never searched, so its line in the broker's BHK list can only be this visitor's), then views the listing and
  // enquires.
  const listingId = Number(listingPath!.split('/').at(-1));
  const detail = (await (await request.get(`/api/project/${listingId}`)).json()) as { project: { location: { id: number; name: string } | null } };
  const locality = detail.project.location;
  expect(locality, 'the listing has a locality').not.toBeNull();
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  let searchSent = false;
  visitor.on('request', (sent) => {
    if (sent.url().includes('/api/track/event') && (sent.postData() ?? '').includes('"SEARCH"')) searchSent = true;
  });
  await visitor.goto('/');
  const bar = visitor.getByRole('region', { name: 'Your privacy choice' });
  await expect(async () => {
    if (await bar.isVisible()) await bar.getByRole('button', { name: 'Allow analytics' }).click();
    expect(await visitor.evaluate(() => localStorage.getItem('NIVAAS_CONSENT'))).toContain('analytics');
  }).toPass({ timeout: 30_000 });
  await visitor.goto(`/property-detail-page?locationId=${locality!.id}&maxPrice=8000000&bhk=1,5`);
  await expect(visitor.getByRole('heading', { name: new RegExp(`^Properties in ${locality!.name}`), level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText(/No properties match this search|That's all/).first()).toBeVisible({ timeout: 30_000 });
  // The results arrive rendered by the server; the SEARCH is recorded once the app has taken the page over (its
  // scripts load after the first paint, decision 041). Leaving sooner would leave no search to credit.
  await untilAppOwnsPage(visitor);
  await expect
    .poll(async () => searchSent || (await visitor.evaluate(() => localStorage.getItem('NIVAAS_EVENTS') ?? '')).includes('"SEARCH"'), { timeout: 30_000 })
    .toBe(true);
  await visitor.goto(listingPath!);
  const enquiry = visitor.getByRole('form', { name: /^Enquiry about / });
  // A server-rendered page takes typing before it is interactive and then clears it: type until it stays.
  await visitor.waitForLoadState('networkidle');
  const email = `rohan-${Date.now()}@example.in`;
  await expect(async () => {
    await enquiry.getByLabel('Your name').fill('Rohan Insights');
    await enquiry.getByLabel('Mobile number').fill('9845012388');
    await enquiry.getByLabel('E-mail').fill(email);
    await visitor.waitForTimeout(500);
    await expect(enquiry.getByLabel('Your name')).toHaveValue('Rohan Insights', { timeout: 100 });
    await expect(enquiry.getByLabel('E-mail')).toHaveValue(email, { timeout: 100 });
  }).toPass({ timeout: 30_000 });
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

  // ... and what the visitor searched before the view, credited to that listing once.
  await expect.poll(() => listingSearches(page, listingName), { timeout: 60_000, intervals: [2_000, 5_000] }).toBe(searchesBefore + 1);
  const searched = page.getByRole('region', { name: 'What viewers searched for' });
  await expect(searched.getByRole('list', { name: 'BHK searched' }).getByText('1 or 5+ BHK', { exact: true })).toBeVisible();
  await expect(searched.getByRole('list', { name: 'Budget searched' }).getByText('₹ 50 L – ₹ 80 L', { exact: true })).toBeVisible();
  await capture(page, 'insights-viewer-searches');

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
