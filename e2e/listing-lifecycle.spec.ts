import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import { signInToConsole } from './support/passcode';
import { capture } from './support/screenshots';

/**
 * Issue 5 acceptance, the whole loop: an approved broker uploads a listing with two photos; the provider, in the
 * /dashboard console, rejects it with a remark; the broker reads the remark in /ViewallUploads, edits and resubmits;
 * the provider approves; the broker switches it live; a visitor finds it in search and enquires; the broker sees the
 * lead on /leads and marks it Interested. Screenshots of each step at 375 and 1280.
 */

const PROVIDER_EMAIL = 'provider@nivaas.local';
/** Full-page screenshots, each width given 300 ms to settle. */
const SHOT = { settleMs: 300 };

/** A small real image, so the server's byte check and re-encoding run on it. */
function photo(red: number, green: number, blue: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width: 96, height: 64, channels: 3, background: { r: red, g: green, b: blue } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** The provider console (/dashboard) in its own browser context, signed in with the passcode from the outbox. */
async function openConsole(browser: Browser, baseURL: string, request: APIRequestContext): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const consolePage = await context.newPage();
  await consolePage.goto('/dashboard');
  // Another spec running at the same time may have just signed the same staff address in.
  await signInToConsole(consolePage, request, PROVIDER_EMAIL, { waitOutResendCooldown: true });
  await expect(consolePage.getByRole('heading', { name: 'Pending listings' })).toBeVisible();
  return consolePage;
}

/** Issue 17: the queues are searched on the server; the card's own name finds it whatever page it would be on. */
async function findInQueue(consolePage: Page, name: string, searchLabel: 'Search pending listings' | 'Search pending brokers') {
  const search = consolePage.getByRole('searchbox', { name: searchLabel });
  await search.fill(name);
  await search.press('Enter');
  await expect(consolePage.getByText(/^\d+ matching “/)).toBeVisible();
  const card = consolePage.getByRole('article', { name, exact: true });
  await expect(card).toBeVisible();
  return card;
}

/** spec §2's five counters on the uploads dashboard, by label. */
async function expectCounters(page: Page, counts: Record<'Approved Properties' | 'Live Properties' | 'Pending Properties', number>) {
  const counters = page.getByRole('list', { name: 'Your uploads at a glance' });
  for (const [label, count] of Object.entries(counts)) {
    await expect(counters.getByRole('listitem').filter({ hasText: label }).locator('p').first(), label).toHaveText(String(count));
  }
}

test('a listing goes from upload through rejection, resubmission, approval and going live to a lead marked Interested', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const mobile = `93${String(stamp % 100_000_000).padStart(8, '0')}`;
  const email = `lifecycle-${stamp}@example.in`;
  const password = 'a long broker pass';
  // A made-up word (letters only), so the visitor's search finds this listing and nothing else.
  const word = `Zephyr${[...String(stamp).slice(-6)].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`;
  const name = `${word} Residency 2 BHK`;
  const brokerName = `Kavya ${word}`;

  // A broker registers; the provider approves them in the console (spec §4: uploads need an approved broker).
  const registered = await request.post('/api/auth/broker/register', {
    data: { name: brokerName, phone: mobile, email, company: 'Rao Realty', reraNumber: 'PRM/KA/RERA/1251/310/AG/171016/000789', cityId: 1, password },
  });
  expect(registered.status()).toBe(201);
  const consolePage = await openConsole(browser, baseURL ?? '', request);
  await consolePage.getByRole('link', { name: 'Brokers' }).click();
  await expect(consolePage.getByRole('heading', { name: 'Pending brokers' })).toBeVisible();
  const brokerCard = await findInQueue(consolePage, brokerName, 'Search pending brokers');
  await brokerCard.getByRole('button', { name: 'Approve' }).click();
  await expect(brokerCard).toHaveCount(0);
  await consolePage.getByRole('link', { name: 'Listings' }).click();

  // 1. The broker signs in on /login and comes back to /upload-property.
  await page.goto('/upload-property');
  await expect(page).toHaveURL(/\/login$/);
  const login = page.getByRole('form', { name: 'Log in with e-mail and password' });
  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/upload-property$/);
  const form = page.getByRole('form', { name: 'Upload a property' });
  await expect(form).toBeVisible();

  // Basics: a step is checked by the shared schema before the next opens.
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText('Name must be at least 3 characters')).toBeVisible();
  await form.getByLabel('Property name').fill(name);
  await form.getByLabel('Property type').selectOption('apartment');
  await form.getByLabel('Transaction').selectOption('Resale');
  await capture(page, 'lifecycle-01-upload-basics', SHOT);
  await form.getByRole('button', { name: 'Next' }).click();

  // Location from the catalogue: city, then zone, then locality.
  await form.getByLabel('City').selectOption({ label: 'Bengaluru' });
  const zone = form.getByLabel('Zone (optional)');
  await expect(zone.locator('option').nth(1)).toBeAttached();
  await zone.selectOption({ index: 1 });
  const locality = form.getByLabel('Locality');
  await expect(locality.locator('option').nth(1)).toBeAttached();
  await locality.selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Next' }).click();

  // Units: the price preview reads rupees as lakh and crore while typing.
  await form.getByLabel('Unit type').selectOption('2');
  await form.getByLabel('Minimum price (₹)').fill('8500000');
  await expect(form.getByText('₹ 85 L')).toBeVisible();
  await form.getByLabel('Maximum price (₹)').fill('90 lakh');
  await expect(form.getByText('₹ 90 L')).toBeVisible();
  await form.getByLabel('Facing').selectOption('East');
  await form.getByLabel('Area (sq ft)').fill('1250');
  await form.getByLabel('Floor').fill('3 of 12');
  await form.getByLabel('Furnishing').selectOption('Semi-Furnished');
  await capture(page, 'lifecycle-02-upload-units', SHOT);
  await form.getByRole('button', { name: 'Next' }).click();

  // Two photos.
  await form.getByLabel('Photos').setInputFiles([
    { name: 'living-room.png', mimeType: 'image/png', buffer: await photo(200, 120, 40, 'png') },
    { name: 'balcony.jpg', mimeType: 'image/jpeg', buffer: await photo(40, 120, 200, 'jpeg') },
  ]);
  await expect(form.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(2);
  await capture(page, 'lifecycle-03-upload-photos', SHOT);
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText('2 new')).toBeVisible();
  await capture(page, 'lifecycle-04-upload-review', SHOT);

  const created = page.waitForResponse((response) => response.url().endsWith('/api/project/upload') && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Submit for review' }).click();
  const listingId = ((await (await created).json()) as { project: { id: number } }).project.id;
  await expect(page.getByRole('heading', { name: 'Your property is sent for review' })).toBeVisible();
  await capture(page, 'lifecycle-05-upload-done', SHOT);

  // The draft is gone once submitted.
  expect(await page.evaluate(() => localStorage.getItem('nivaas_upload_draft_broker'))).toBeNull();

  // The broker's dashboard shows it pending, with both photos kept.
  await page.goto('/ViewallUploads/pending-properties');
  const pendingCard = page.getByRole('article', { name });
  await expect(pendingCard).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pending', pressed: true })).toBeVisible();
  await capture(page, 'lifecycle-06-dashboard-pending', SHOT);

  // 2. The provider rejects it with a remark in the console.
  await consolePage.reload();
  await expect(consolePage.getByRole('heading', { name: 'Pending listings' })).toBeVisible();
  const queued = await findInQueue(consolePage, name, 'Search pending listings');
  await expect(consolePage.getByRole('list', { name: `Photos of ${name}` }).getByRole('listitem')).toHaveCount(2);
  await queued.getByRole('button', { name: 'Reject' }).click();
  const remark = 'Add the carpet area and a photo of the kitchen, please.';
  const dialog = consolePage.getByRole('dialog', { name: `Reject “${name}”` });
  await dialog.getByRole('textbox', { name: 'Remark' }).fill(remark);
  await capture(consolePage, 'lifecycle-07-console-reject', SHOT);
  await dialog.getByRole('button', { name: 'Reject with remark' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(queued).toHaveCount(0);

  // 3. The broker reads the remark in /ViewallUploads (Rejected tab), then edits from the modal.
  await page.goto('/ViewallUploads/rejected-properties');
  const rejectedCard = page.getByRole('article', { name });
  await expect(rejectedCard).toBeVisible();
  await expect(page.getByText('Rejected Properties')).toBeVisible();
  await rejectedCard.getByRole('button', { name: 'Remarks' }).click();
  const remarks = page.getByRole('dialog', { name: 'Remarks' });
  await expect(remarks.getByText(remark)).toBeVisible();
  // spec §9: short month, day, 12-hour time.
  await expect(remarks.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);
  await capture(page, 'lifecycle-08-remarks', SHOT);
  await remarks.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/upload-property$/);
  const edit = page.getByRole('form', { name: 'Edit your property' });
  await expect(edit.getByLabel('Property name')).toHaveValue(name);
  await edit.getByLabel('Description (optional)').fill('Carpet area 1,050 sq ft. New kitchen photo added.');
  await edit.getByRole('button', { name: 'Next' }).click();
  await edit.getByRole('button', { name: 'Next' }).click();
  await expect(edit.getByLabel('Minimum price (₹)')).toHaveValue('8500000');
  await edit.getByRole('button', { name: 'Next' }).click();
  await expect(edit.getByText('Photos already on this listing')).toBeVisible();
  await edit.getByLabel('Photos').setInputFiles([{ name: 'kitchen.png', mimeType: 'image/png', buffer: await photo(90, 160, 90, 'png') }]);
  await edit.getByRole('button', { name: 'Next' }).click();
  await capture(page, 'lifecycle-09-edit-review', SHOT);
  const resubmitted = page.waitForResponse((response) => response.url().endsWith(`/api/project/upload/${listingId}`) && response.request().method() === 'PUT');
  await edit.getByRole('button', { name: 'Resubmit for review' }).click();
  expect((await resubmitted).ok()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Your changes are sent for review' })).toBeVisible();

  // 4. The provider approves it.
  await consolePage.reload();
  await expect(consolePage.getByRole('heading', { name: 'Pending listings' })).toBeVisible();
  const again = await findInQueue(consolePage, name, 'Search pending listings');
  await expect(consolePage.getByRole('list', { name: `Photos of ${name}` }).getByRole('listitem')).toHaveCount(3);
  await again.getByRole('button', { name: 'Approve' }).click();
  await expect(again).toHaveCount(0);
  await capture(consolePage, 'lifecycle-10-console-approved', SHOT);

  // 5. Approval does not switch it live (issue 17, spec §4): the counters say Approved 1, Live 0 until the broker
  // switches it on.
  await page.goto('/ViewallUploads/approved-properties');
  const approvedCard = page.getByRole('article', { name });
  await expect(approvedCard).toBeVisible();
  await expectCounters(page, { 'Approved Properties': 1, 'Live Properties': 0, 'Pending Properties': 0 });
  await expect(approvedCard.getByText('Hidden')).toBeVisible();
  await capture(page, 'lifecycle-11-dashboard-approved', SHOT);
  // Not on the site yet: its public page is not found.
  expect((await request.get(`/api/project/${listingId}`)).status()).toBe(404);
  const display = approvedCard.getByRole('switch', { name: `Display ${name}` });
  await expect(display).not.toBeChecked();
  // The switch follows the server: it flips once PATCH /project/publish answers (spec §4).
  await display.click();
  await expect(approvedCard).toHaveCount(0);
  await expectCounters(page, { 'Approved Properties': 0, 'Live Properties': 1, 'Pending Properties': 0 });
  await page.getByRole('button', { name: 'Active Properties' }).click();
  await expect(page).toHaveURL(/\/ViewallUploads\/live-properties$/);
  await expect(page.getByRole('article', { name }).getByRole('switch', { name: `Display ${name}` })).toBeChecked();
  // The §5 search rule: lower-cased, spaces removed, against the first unit type among others.
  await page.getByPlaceholder('Location, Property Type, Facing, Unit Types').fill('  EA ST ');
  await expect(page.getByRole('article', { name })).toBeVisible();
  await page.getByPlaceholder('Location, Property Type, Facing, Unit Types').fill('villa');
  await expect(page.getByText('No Properties Found...')).toBeVisible();
  await page.getByPlaceholder('Location, Property Type, Facing, Unit Types').fill('');
  await capture(page, 'lifecycle-12-dashboard-live', SHOT);

  // 6. A visitor finds it in search and enquires.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/property-detail-page?search=${encodeURIComponent(word)}`);
  await visitor.getByRole('link', { name }).first().click();
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await capture(visitor, 'lifecycle-13-visitor-listing', SHOT);
  // Result cards open the listing's /properties/... page (projectPath), whose form is 'Enquire about this property';
  // the /broker-property-details/... page names it 'Enquiry about <name>'. Anchored, so the lead bar's 'Quick
  // enquiry about ...' form (30 s after load) never matches.
  const enquiry = visitor.getByRole('form', { name: new RegExp(`^(Enquire about this property|Enquiry about ${name})$`) });
  await enquiry.getByLabel('Your name').fill('Asha Menon');
  await enquiry.getByLabel('Mobile number').fill('9845012345');
  await enquiry.getByLabel('E-mail').fill(`asha-${stamp}@example.in`);
  await enquiry.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(visitor.getByText(/Thank you/)).toBeVisible();
  await capture(visitor, 'lifecycle-14-visitor-enquired', SHOT);
  await visitorContext.close();

  // 7. The broker sees the lead on /leads and marks it Interested; the stage is kept.
  await page.goto('/leads');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('leads')).toBeVisible();
  const lead = page.getByRole('article', { name: 'Lead from Asha Menon' });
  await expect(lead.getByText(name, { exact: true })).toBeVisible();
  await expect(lead.getByText('Stage: New')).toBeVisible();
  await lead.getByRole('button', { name: 'Interested', exact: true }).click();
  await expect(lead.getByText('Stage: Interested')).toBeVisible();
  await expect(lead.getByRole('button', { name: 'Interested', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await capture(page, 'lifecycle-15-leads-interested', SHOT);
  await page.reload();
  await expect(page.getByRole('article', { name: 'Lead from Asha Menon' }).getByText('Stage: Interested')).toBeVisible();

  // The card's leads panel on the dashboard shows the same lead (one panel open at a time).
  await page.goto('/ViewallUploads');
  const liveCard = page.getByRole('article', { name });
  await expect(liveCard.getByText('Approved')).toBeVisible();
  await liveCard.getByRole('button', { name: 'Leads Show' }).click();
  await expect(liveCard.getByRole('list', { name: 'Leads on this property' }).getByText('Asha Menon')).toBeVisible();
  await expect(liveCard.getByRole('button', { name: 'Hide' })).toBeVisible();
  await capture(page, 'lifecycle-16-dashboard-leads-panel', SHOT);
  await consolePage.context().close();
});
