import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import { signInToConsole } from './support/passcode';
import { freshWord } from './support/fresh-word';
import { capture } from './support/screenshots';

/**
 * Issue 14 acceptance (part 2), the content loop through the console's own screens: the provider writes a blog post
 * and publishes it, a visitor reads it on the public blog page; the provider edits its title and the visitor's next
 * load shows it; switched off, the visitor gets the not-found page. The same, shorter, for a home-page banner (its
 * picture uploaded through the photo pipeline). Screenshots of the Banners, Blogs, FAQs, Construction projects and
 * Contractors screens at 375 and 1280 px.
 */

const PROVIDER_EMAIL = 'provider@nivaas.local';
const SHOT = { settleMs: 300 };

/** Approves the record and switches it on, through the shared publication control. */
async function publish(consolePage: Page): Promise<void> {
  const publication = consolePage.getByRole('region', { name: 'Publication' });
  await publication.getByLabel('Approval').selectOption('approved');
  await publication.getByRole('button', { name: 'Save approval' }).click();
  const toggle = publication.getByRole('switch', { name: 'Shown on the site (active)' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(publication.getByText('Visitors see it now.')).toBeVisible();
}

async function switchOff(consolePage: Page): Promise<void> {
  const toggle = consolePage.getByRole('region', { name: 'Publication' }).getByRole('switch', { name: 'Shown on the site (active)' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
}

test('the provider publishes a blog post and a home banner from the console; a visitor sees them, sees edits at once, and loses them when switched off', async ({ browser, baseURL, page, pageErrors, request }) => {
  test.setTimeout(240_000);
  const word = freshWord();
  const blogTitle = `Buying a home in ${word}`;
  const bannerTitle = `${word} festival offers`;

  const context = await browser.newContext({ baseURL: baseURL ?? '', viewport: { width: 1280, height: 800 } });
  const consolePage = await context.newPage();
  await consolePage.goto('/dashboard');
  await signInToConsole(consolePage, request, PROVIDER_EMAIL, { waitOutResendCooldown: true });
  await expect(consolePage.getByRole('heading', { name: 'Pending listings' })).toBeVisible();
  const nav = consolePage.getByRole('navigation', { name: /sections/i });

  // A blog post: written, refused while the body is too short (the contract's own message by the field), created.
  await nav.getByRole('link', { name: 'Blogs', exact: true }).click();
  await expect(consolePage.getByRole('heading', { name: 'Blogs', exact: true })).toBeVisible();
  await capture(consolePage, 'back-office-blogs-list', SHOT);
  await consolePage.getByRole('link', { name: 'New blog' }).click();
  const blogForm = consolePage.getByRole('form', { name: 'Blog' });
  await blogForm.getByLabel('Title *').fill(blogTitle);
  await blogForm.getByLabel('Author').fill('Asha Rao');
  await blogForm.getByLabel('Body *').fill('Too short');
  await blogForm.getByRole('button', { name: 'Create blog' }).click();
  await expect(blogForm.getByText('Body must be at least 20 characters')).toBeVisible();
  await blogForm.getByLabel('Body *').fill(`What to check before you book a flat in ${word}.\n\nWalk the road at rush hour, ask for the RERA number, and read the sale agreement twice.`);
  await blogForm.getByRole('button', { name: 'Create blog' }).click();
  await expect(consolePage).toHaveURL(/\/dashboard\/blogs\/\d+$/);
  const blogId = consolePage.url().split('/').pop() ?? '';
  await expect(consolePage.getByRole('heading', { name: blogTitle })).toBeVisible();
  await publish(consolePage);
  await capture(consolePage, 'back-office-blog-form', SHOT);

  // The visitor finds it on the blog page and reads it.
  await page.goto('/blog');
  await page.getByRole('link', { name: new RegExp(blogTitle) }).first().click();
  await expect(page).toHaveURL(new RegExp(`/blog/[^/]+/${blogId}$`));
  const articleUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(blogTitle);
  await expect(page.getByText('Walk the road at rush hour')).toBeVisible();

  // The provider edits the title: the visitor's next load shows it.
  const editForm = consolePage.getByRole('form', { name: 'Blog' });
  await editForm.getByLabel('Title *').fill(`${blogTitle}, updated`);
  await editForm.getByRole('button', { name: 'Save blog' }).click();
  await expect(consolePage.getByRole('heading', { name: `${blogTitle}, updated` })).toBeVisible();
  await page.goto(articleUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${blogTitle}, updated`);

  // Switched off: the visitor gets the not-found page.
  await switchOff(consolePage);
  await page.reload();
  await expect(page.getByRole('main').getByText('We couldn’t find that article')).toBeVisible();
  // Its audit history names every step.
  const history = consolePage.getByRole('region', { name: 'History' });
  await expect(history.getByText('Switched off').first()).toBeVisible();

  // A home-page banner: created as a draft, its picture uploaded through the photo pipeline, published.
  await nav.getByRole('link', { name: 'Banners', exact: true }).click();
  await expect(consolePage.getByRole('heading', { name: 'Banners', exact: true })).toBeVisible();
  await capture(consolePage, 'back-office-banners-list', SHOT);
  await consolePage.getByRole('link', { name: 'New banner' }).click();
  const bannerForm = consolePage.getByRole('form', { name: 'Banner' });
  await bannerForm.getByLabel('Title *').fill(bannerTitle);
  await bannerForm.getByLabel('Subtitle').fill('Zero brokerage this week');
  await bannerForm.getByLabel('Link').fill('/blog');
  await bannerForm.getByLabel('Position').fill('0');
  await bannerForm.getByRole('button', { name: 'Create banner' }).click();
  await expect(consolePage).toHaveURL(/\/dashboard\/banners\/\d+$/);
  const picture = consolePage.getByRole('region', { name: 'Banner picture' });
  await picture.getByLabel('Choose a photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(picture.getByRole('alert')).toContainText('notes.txt is not a JPEG, PNG, WebP, HEIC or AVIF image');
  const image = await sharp({ create: { width: 1200, height: 400, channels: 3, background: { r: 180, g: 90, b: 30 } } }).jpeg().toBuffer();
  await picture.getByLabel('Choose a photo').setInputFiles({ name: 'festival.jpg', mimeType: 'image/jpeg', buffer: image });
  await expect(picture.getByRole('img')).toHaveCount(1);
  await publish(consolePage);
  await capture(consolePage, 'back-office-banner-form', SHOT);

  // The visitor's home page carries it first in the carousel.
  await page.goto('/');
  const banner = page.getByRole('img', { name: `${bannerTitle}. Zero brokerage this week` });
  await expect(banner).toBeAttached();

  // Switched off: gone from the home page on the next load.
  await switchOff(consolePage);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: `${bannerTitle}. Zero brokerage this week` })).toHaveCount(0);

  // The other content screens, for the record at both widths.
  for (const [label, heading, shot] of [
    ['FAQs', 'FAQs', 'back-office-faqs-list'],
    ['Construction projects', 'Construction projects', 'back-office-construction-list'],
    ['Contractors', 'Contractors', 'back-office-contractors-list'],
  ] as const) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(consolePage.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(consolePage.getByRole('table')).toBeVisible();
    await capture(consolePage, shot, SHOT);
  }
  await consolePage.getByRole('link', { name: 'New contractor' }).click();
  await capture(consolePage, 'back-office-contractor-new', SHOT);

  // A construction project picks its contractor and city by name (searched on the server), not by numeric id; the
  // editor, opened by the record's id, shows the names again.
  await nav.getByRole('link', { name: 'Construction projects', exact: true }).click();
  await consolePage.getByRole('link', { name: 'New construction project' }).click();
  const projectForm = consolePage.getByRole('form', { name: 'Construction project' });
  await projectForm.getByLabel('Name *').fill(`${word} villas`);
  const picked: Record<string, string> = {};
  for (const [label, typed] of [['Contractor', 'a'], ['City', 'a']] as const) {
    await projectForm.getByRole('combobox', { name: label, exact: true }).fill(typed);
    const option = consolePage.getByRole('listbox', { name: `${label} choices` }).getByRole('option').first();
    await expect(option).toBeVisible();
    if (label === 'Contractor') await capture(consolePage, 'back-office-construction-picker', { ...SHOT, fullPage: false });
    picked[label] = (await option.locator('span').first().innerText()).trim();
    await option.click();
    await expect(projectForm.getByRole('combobox', { name: label, exact: true })).toHaveValue(picked[label] ?? '');
  }
  await projectForm.getByRole('button', { name: 'Create construction project' }).click();
  await expect(consolePage).toHaveURL(/\/dashboard\/construction\/\d+$/);
  // The success toast must leave the form's fields and buttons visible (issue 14 part 2).
  const toast = consolePage.getByRole('status').getByText('Construction project created.');
  await expect(toast).toBeVisible();
  // At 1280 it sits over the section menu's column, wholly left of the form (toaster.tsx).
  const [toastBox, formBox] = await Promise.all([toast.boundingBox(), projectForm.boundingBox()]);
  expect(toastBox && formBox && toastBox.x + toastBox.width <= formBox.x, JSON.stringify({ toastBox, formBox })).toBe(true);
  await capture(consolePage, 'back-office-construction-saved', { ...SHOT, fullPage: false });
  await consolePage.reload();
  for (const label of ['Contractor', 'City'] as const) await expect(projectForm.getByRole('combobox', { name: label, exact: true })).toHaveValue(picked[label] ?? '');

  // The article's 404 (the page served as not found, or its data call) is the answer the not-found page is built on;
  // Chromium logs every 4xx load, and only those are expected.
  const unexpected = pageErrors.filter((error) => !/status of 404 \(Not Found\)/.test(error));
  expect(pageErrors.length - unexpected.length).toBeGreaterThanOrEqual(1);
  pageErrors.splice(0, pageErrors.length, ...unexpected);
  await context.close();
});
