import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

interface ProjectRef {
  id: number;
  name: string;
  tags: string[];
  city: { name: string };
  zone: { name: string } | null;
  location: { name: string };
  units: unknown[];
}

const segment = (value: string | undefined) => (value ?? '').trim().toLowerCase().replace(/\s+/g, '-') || 'unknown';

function pathOf(project: ProjectRef): string {
  const base = project.tags.includes('Upcoming Launches') ? 'prelaunch' : 'properties';
  return `/${base}/${[project.city.name, project.zone?.name, project.location.name, project.name].map(segment).join('/')}/${project.id}`;
}

async function firstProject(request: APIRequestContext, query: string): Promise<ProjectRef> {
  const body = (await (await request.get(`/api/project?status=active&approval=approved&${query}`)).json()) as { projects: ProjectRef[] };
  const project = body.projects.find((candidate) => candidate.units.length > 1) ?? body.projects[0];
  if (!project) throw new Error(`no seeded project for ${query}`);
  return project;
}

test.describe('project details (spec §2)', () => {
  test('shows the gallery, units, builder, RERA, EMI teaser and similar projects', async ({ page, request }) => {
    const project = await firstProject(request, 'cityId=1&limit=5&possession=ready');
    await page.goto(pathOf(project));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.name);

    const gallery = page.getByRole('region', { name: `Photos of ${project.name}` });
    // The phone strip is hidden at this width; the desktop grid's first photo is the one shown.
    const photo = gallery.locator('img:visible').first();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    const units = page.getByRole('table', { name: `Units and prices of ${project.name}` });
    await expect(units.getByRole('row')).toHaveCount(project.units.length + 1);
    await expect(units).toContainText('₹');
    // Full rupee amounts use Indian digit grouping (12,34,567).
    await expect(units).toContainText(/₹ \d{1,2},\d{2},\d{2},\d{3}|₹ \d{1,2},\d{2},\d{3}/);

    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Bengaluru', exact: true })).toHaveAttribute(
      'href',
      /^\/location-property\/bengaluru\/\d+$/,
    );
    await expect(page.getByText(/RERA registration|No RERA number is listed/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Work out your EMI' })).toHaveAttribute('href', /^\/mortage-calculator\?amount=\d+$/);
    const similar = page.getByRole('region', { name: 'Similar projects in Bengaluru' });
    await similar.scrollIntoViewIfNeeded();
    await expect(similar.getByRole('article').first()).toBeVisible();
  });

  test('the lightbox pages with the arrow keys and closes with Escape', async ({ page, request }) => {
    const project = await firstProject(request, 'cityId=1&limit=5');
    await page.goto(pathOf(project));
    await page.getByRole('button', { name: /^Open photo 1 of \d+$/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer.getByText(/^Photo 1 of \d+$/)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(/^Photo 2 of \d+$/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  test('an enquiry is sent and the server message shown', async ({ page, request }) => {
    const project = await firstProject(request, 'cityId=1&limit=1');
    await page.goto(pathOf(project));
    const form = page.getByRole('form', { name: /Enquire about this property|Register interest/ });
    await form.getByLabel('Your name').fill('Asha Rao');
    await form.getByLabel('Mobile number').fill('98450 12345');
    await form.getByLabel('E-mail').fill('asha.rao@example.in');
    await form.getByRole('button', { name: /Send enquiry|Register interest/ }).click();
    await expect(page.getByText('Thank you! Our team will get in touch with you shortly.')).toBeVisible();
    await expect(form.getByLabel('Your name')).toHaveValue('');
  });

  test('a wrong phone number is explained before anything is sent', async ({ page, request }) => {
    const project = await firstProject(request, 'cityId=1&limit=1');
    await page.goto(pathOf(project));
    const form = page.getByRole('form', { name: /Enquire about this property|Register interest/ });
    await form.getByLabel('Your name').fill('Asha Rao');
    await form.getByLabel('Mobile number').fill('12345');
    await form.getByLabel('E-mail').fill('asha.rao@example.in');
    await form.getByRole('button', { name: /Send enquiry|Register interest/ }).click();
    await expect(form.getByText(/10-digit Indian mobile number/)).toBeVisible();
    await expect(form.getByLabel('Mobile number')).toHaveValue('12345');
  });

  test('a pre-launch project shows the pre-launch banner and register-interest wording', async ({ page, request }) => {
    const project = await firstProject(request, 'cityId=1&limit=1&possession=upcoming');
    expect(pathOf(project)).toMatch(/^\/prelaunch\//);
    await page.goto(pathOf(project));
    await expect(page.getByText('Launch expected soon', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register interest' })).toBeVisible();
  });

  test('a malformed id shows a not-found state', async ({ page }) => {
    const response = await page.goto('/properties/bengaluru/east/whitefield/nothing/not-a-number');
    // Issue 15: the server answers the document itself with 404 (the same app shell, noindex), so a crawler sees no
    // soft 404; the client still renders the page's not-found state.
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This property is not on Nivaas');
    // The console error Chromium logs for the document's own 404 is let off by the shared fixture; any other fails.
  });

  test('works on a 375 px phone: swipeable photos, unit cards, no sideways scrolling', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const project = await firstProject(request, 'cityId=1&limit=5');
    await page.goto(pathOf(project));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: `Units and prices of ${project.name}` })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/**
 * Issue 17: the lead prompt keeps spec §4's timing (on 30 s after load, then every 30 s, reset on navigation) but is
 * a small bar: it covers little of a phone, closing it holds for the rest of the page, its promise names who calls
 * back, and its form still sends a lead. The page clock is fast-forwarded, never waited out.
 */

/** How long the page has existed on its clock: the prompt's timer cannot have started before that. */
const pageAge = (page: Page) => page.evaluate(() => Math.ceil(performance.now()));

/**
 * Moves the clock on until the bar shows: on a busy machine the page may set its timer only after the heading
 * is visible, so one jump could land before the timer exists. The exact 30 s is pinned by use-lead-form-flag.test.
 */
async function fastForwardUntilShown(page: Page, bar: Locator, first: number): Promise<void> {
  await page.clock.fastForward(first);
  await expect(async () => {
    if ((await bar.count()) === 0) await page.clock.fastForward(5_000);
    await expect(bar).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
interface ListingRef {
  id: number;
  type: string;
  units: Array<{ type: string }>;
}

async function firstListing(request: APIRequestContext, uploader: 'broker' | 'user'): Promise<string> {
  const body = (await (await request.get(`/api/project/listings?uploader=${uploader}&limit=1`)).json()) as { projects: ListingRef[] };
  const listing = body.projects[0];
  if (!listing) throw new Error(`no seeded ${uploader} listing`);
  return `/${uploader}-property-details/${segment(listing.units[0]?.type)}/${segment(listing.type)}/${listing.id}`;
}

for (const width of [375, 1280]) {
  test.describe(`the lead bar at ${width} px (issue 17)`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });
    // Three page loads and a navigation back on a 2-core machine at load 15-25 (one run timed out at 30 s).
    test.describe.configure({ timeout: 120_000 });

    test('appears 30 s after load as a small bar, names the sales team on a builder project, and stays closed once closed', async ({ page, request }) => {
      const project = await firstProject(request, 'cityId=1&limit=5&possession=ready');
      await page.clock.install();
      await page.goto(pathOf(project));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.name);

      const bar = page.getByRole('complementary', { name: `Interested in ${project.name}?` });
      // The clock ran while the page loaded (slowly, on a busy machine), so the timer started somewhere in that
      // time: 29 s after the page began it is surely short of 30 s, and 30 s after now surely past it.
      const age = await pageAge(page);
      if (age < 29_000) await page.clock.fastForward(29_000 - age);
      await expect(bar).toHaveCount(0);
      await fastForwardUntilShown(page, bar, age + 1_000);
      await expect(bar).toContainText("The builder's sales team will call you back.");
      await expect(bar).not.toContainText('owner');

      // Small: a strip at the bottom, not a panel over the page.
      const box = await bar.boundingBox();
      const viewport = page.viewportSize();
      if (!box || !viewport) throw new Error('no bar box');
      expect(box.height / viewport.height).toBeLessThanOrEqual(0.2);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);

      await bar.getByRole('button', { name: 'Close the enquiry prompt' }).click();
      await expect(bar).toHaveCount(0);
      await page.clock.fastForward(95_000);
      await expect(bar).toHaveCount(0);

      // A navigation starts over: another page offers it again 30 s later.
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Bengaluru', exact: true }).click();
      await expect(page).toHaveURL(/\/location-property\/bengaluru\/\d+$/);
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.name);
      await expect(bar).toHaveCount(0);
      await fastForwardUntilShown(page, bar, 30_000);
    });

    test('on a broker listing it promises the broker, on an owner listing the owner', async ({ page, request }) => {
      await page.clock.install();
      for (const [uploader, promise] of [
        ['broker', 'The broker who listed it will call you back.'],
        ['user', 'The owner will call you back.'],
      ] as const) {
        await page.goto(await firstListing(request, uploader));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const bar = page.getByRole('complementary', { name: /^Interested in / });
        await fastForwardUntilShown(page, bar, 30_000);
        await expect(bar).toContainText(promise);
      }
    });

    test('its form still sends a lead, and the bar closes', async ({ page, request }) => {
      const project = await firstProject(request, 'cityId=1&limit=3');
      await page.clock.install();
      await page.goto(pathOf(project));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.name);
      const bar = page.getByRole('complementary', { name: `Interested in ${project.name}?` });
      await fastForwardUntilShown(page, bar, 30_000);
      await bar.getByRole('button', { name: 'Request a call back' }).click();
      const form = bar.getByRole('form', { name: `Quick enquiry about ${project.name}` });
      await expect(form.getByLabel('Your name')).toBeFocused();
      await form.getByLabel('Your name').fill('Meera Nair');
      await form.getByLabel('Mobile number').fill('98450 67890');
      await form.getByLabel('E-mail').fill('meera.nair@example.in');
      const sent = page.waitForResponse((response) => response.url().endsWith('/api/leadMenegmentRoute/uILeadFormData'));
      await form.getByRole('button', { name: 'Send enquiry' }).click();
      expect((await sent).status()).toBe(201);
      await expect(page.getByText('Thank you! Our team will get in touch with you shortly.')).toBeVisible();
      await expect(bar).toHaveCount(0);
    });
  });
}
