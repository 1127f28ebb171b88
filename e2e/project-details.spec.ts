import type { APIRequestContext } from '@playwright/test';
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
    await page.goto('/properties/bengaluru/east/whitefield/nothing/not-a-number');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This property is not on Nivaas');
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
