import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, untilAppOwnsPage } from './support/fixtures';
import { signInToConsole } from './support/passcode';
import { capture } from './support/screenshots';

/**
 * Issue 13: the provider's analytics in the /dashboard console. The seeded 90 days of history give real figures;
 * an enquiry sent through the public site in this test shows in the overview's leads.
 */

// Not provider@nivaas.local: four other specs sign in as that address, and a fifth passcode to it from the one
// address the suite runs from waits out a doubled cooldown (decision 013). back-office.spec, the other user of this
// seeded staff address, runs minutes earlier.
const PROVIDER_EMAIL = 'moderation.two@nivaas.example.com';

async function figure(page: Page, label: string): Promise<number> {
  const value = page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(value).toBeVisible();
  return Number((await value.innerText()).replaceAll(',', ''));
}

test('the provider reads the overview, drills into a project and a broker, downloads a CSV and sees a new enquiry', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(180_000);
  await page.goto('/dashboard/analytics');
  await signInToConsole(page, request, PROVIDER_EMAIL, { waitOutResendCooldown: true });

  // Seeded history: the last 30 days have visits, and numbers are grouped the Indian way.
  await expect(page.getByRole('heading', { name: 'Analytics', level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  // A first start folds the seeded history in the background, oldest events first: the last 30 days fill in when the
  // rollup job reaches them (seconds after the server is up; this test can be signed in sooner).
  await expect
    .poll(
      async () => {
        await page.reload();
        return figure(page, 'Visits');
      },
      { timeout: 120_000, intervals: [2_000, 5_000] },
    )
    .toBeGreaterThan(0);
  const pageViews = page.locator('dt', { hasText: /^Page views$/ }).locator('xpath=following-sibling::dd[1]');
  const shown = await pageViews.innerText();
  if (Number(shown.replaceAll(',', '')) >= 100_000) expect(shown).toMatch(/^\d{1,2}(,\d{2})*,\d{3}$/);
  const leadsBefore = await figure(page, 'Leads');
  await expect(page.getByRole('region', { name: 'Top projects' }).getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Searches that found nothing' })).toBeVisible();
  await expect(page.getByTestId('daily-chart').first().locator('canvas')).toBeVisible();
  await capture(page, 'analytics-overview');

  // CSV of a table: a BOM, then the header row.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV: Top projects' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^nivaas-top-projects-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv.slice(1).split('\r\n')[0]).toBe('Project,Views,Visitors,Enquiries');
  expect(csv.slice(1).split('\r\n').length).toBeGreaterThan(2);

  // Last 7 days is another range.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByText(/\(7 days, India time\)/)).toBeVisible();

  // A project's funnel from the top projects.
  const firstProject = page.getByRole('region', { name: 'Top projects' }).getByRole('link').first();
  const projectName = (await firstProject.innerText()).trim();
  await firstProject.click();
  await expect(page.getByRole('heading', { name: projectName, level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/analytics\/projects\/\d+\?days=7/);
  const funnel = page.getByRole('region', { name: 'Funnel figures' });
  for (const step of ['Views', 'Favourites', 'Compares', 'Enquiries']) await expect(funnel.getByRole('row', { name: new RegExp(`^${step} `) })).toBeVisible();
  await capture(page, 'analytics-project-funnel');
  const projectId = Number(/projects\/(\d+)/.exec(page.url())?.[1]);
  const listingPath = await page.getByRole('link', { name: 'Open the listing on the site' }).getAttribute('href');

  // A broker's listings and leads: the broker of a seeded listing, by number.
  const listed = await request.get('/api/project?limit=50');
  const projects = ((await listed.json()) as { projects?: { brokerId: number | null }[]; data?: { brokerId: number | null }[] });
  const brokerId = (projects.projects ?? projects.data ?? []).find((project) => project.brokerId !== null)?.brokerId;
  expect(brokerId).toBeTruthy();
  await page.getByRole('link', { name: '← Analytics' }).click();
  await page.getByRole('link', { name: "A broker's figures" }).click();
  await page.getByLabel('Broker number').fill(String(brokerId));
  await page.getByRole('button', { name: 'Show figures' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`\\(broker #${brokerId}\\)`), level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Listings' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leads by stage' })).toBeVisible();
  await capture(page, 'analytics-broker');

  // A visitor enquires about the project on the public site; the overview's leads go up by one.
  expect(listingPath).toBeTruthy();
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(listingPath!);
  await untilAppOwnsPage(visitor);
  // The top project may be a builder's project or a broker's listing, whichever the traffic so far made it: both pages
  // keep their enquiry form in an #enquiry section (titled after the project's stage, or 'Ask about this property').
  const enquiry = visitor.locator('#enquiry form');
  await enquiry.getByLabel('Your name').fill('Meera Analytics');
  await enquiry.getByLabel('Mobile number').fill('9845012399');
  await enquiry.getByLabel('E-mail').fill(`meera-${Date.now()}@example.in`);
  await enquiry.getByRole('button', { name: /^(Send enquiry|Register interest)$/ }).click();
  await expect(visitor.getByText(/Thank you/).first()).toBeVisible();
  await visitorContext.close();

  await page.goto('/dashboard/analytics');
  // At least one more: other specs on the same server enquire at the same time (2 workers), so an exact +1 races.
  await expect.poll(() => figure(page, 'Leads'), { timeout: 15_000 }).toBeGreaterThanOrEqual(leadsBefore + 1);
  expect(projectId).toBeGreaterThan(0);
});
