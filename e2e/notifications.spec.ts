import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { latestPasscode } from './support/passcode';
import { capture } from './support/screenshots';

/**
 * Issue 17: a saved-search notice is visible in the app, not only in the outbox, and never reaches the listing's own
 * uploader. A user saves a search; another user uploads a matching listing, which the provider approves and its
 * owner switches live; the first user sees the bell's count and the notice with a link to the listing; the uploader,
 * whose own search matches too, gets nothing.
 */

/** The seed's provider account (the lifecycle spec signs in with it too, so a 429 cooldown is waited out). */
const STAFF_EMAIL = 'provider@nivaas.local';

async function staffToken(request: APIRequestContext): Promise<string> {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const sent = await request.post('/api/auth/provider/send-otp', { data: { email: STAFF_EMAIL } });
    if (sent.status() === 429) {
      await new Promise((resolve) => setTimeout(resolve, (Number(sent.headers()['retry-after'] ?? '30') + 1) * 1000));
      continue;
    }
    expect(sent.ok()).toBe(true);
    const verified = await request.post('/api/auth/provider/verify-otp', { data: { email: STAFF_EMAIL, otp: await latestPasscode(request, STAFF_EMAIL) } });
    // Another spec may have asked for a code between our send and our read: ask again.
    if (verified.ok()) return ((await verified.json()) as { token: string }).token;
  }
  throw new Error('the provider could not sign in');
}

async function userToken(request: APIRequestContext, phone: string): Promise<string> {
  expect((await request.post('/api/auth/portal/send-otp', { data: { phone } })).ok()).toBe(true);
  const verified = await request.post('/api/auth/portal/verify-otp', { data: { email: phone, otp: await latestPasscode(request, phone) } });
  expect(verified.ok()).toBe(true);
  return ((await verified.json()) as { token: string }).token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test('a user who saved a search sees the new match under the bell, with a link to it; the uploader is not told', async ({ page, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const phone = `97${String(stamp % 100_000_000).padStart(8, '0')}`;
  const uploaderPhone = `96${String(stamp % 100_000_000).padStart(8, '0')}`;
  // A made-up word (letters only), so the search matches this listing and nothing else.
  const word = `Quillon${[...String(stamp).slice(-6)].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`;
  const listingName = `${word} Enclave 3 BHK`;

  // 1. A visitor on the results page for the word saves the search: signing in first, with the passcode.
  await page.goto(`/property-detail-page?search=${word}`);
  await page.getByRole('button', { name: 'Save this search' }).click();
  const signIn = page.getByRole('dialog', { name: 'Find Your Dream Home' });
  await expect(signIn).toBeVisible();
  await signIn.getByLabel('Enter Phone Number').fill(phone);
  await signIn.getByRole('button', { name: 'Get OTP' }).click();
  await expect(signIn.getByRole('heading', { name: 'Confirm Your Phone Number' })).toBeVisible();
  await signIn.getByLabel('Digit 1 of 6').pressSequentially(await latestPasscode(request, phone));
  await signIn.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(signIn).toBeHidden();
  const saveDialog = page.getByRole('dialog', { name: 'Save this search' });
  if (!(await saveDialog.isVisible())) await page.getByRole('button', { name: 'Save this search' }).click();
  await saveDialog.getByLabel('Name').fill(`New ${word} homes`);
  await saveDialog.getByRole('button', { name: 'Save search' }).click();
  await expect(saveDialog).toBeHidden();
  await expect(page.getByText('Search saved').first()).toBeVisible();

  // Nothing yet: the bell has no count, the page says how notices arrive.
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await capture(page, 'notifications-empty');

  // 2. Another user uploads a matching listing, with a search of their own that matches it too.
  const uploader = await userToken(request, uploaderPhone);
  expect((await request.post('/api/saved-searches', { headers: bearer(uploader), data: { name: 'My own word', filters: { search: word } } })).status()).toBe(201);
  const { locations } = (await (await request.get('/api/location?limit=1')).json()) as { locations: { id: number; city: { id: number } }[] };
  const [place] = locations;
  if (!place) throw new Error('the seed has no locality');
  const created = await request.post('/api/project/upload', {
    headers: bearer(uploader),
    data: { name: listingName, type: 'apartment', transactionTag: 'Resale', cityId: place.city.id, locationId: place.id, units: [{ type: '3', minPrice: 9_500_000, maxPrice: 10_500_000 }] },
  });
  expect(created.status()).toBe(201);
  const listingId = ((await created.json()) as { project: { id: number } }).project.id;

  // 3. The provider approves it; it is not live until its owner switches it on, so nobody is told yet.
  const staff = await staffToken(request);
  expect((await request.post(`/api/admin/projects/${listingId}/approve`, { headers: bearer(staff), data: {} })).ok()).toBe(true);
  await page.reload();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  const published = await request.patch(`/api/project/publish/${listingId}`, { headers: bearer(uploader), data: { status: 'active' } });
  expect(published.ok()).toBe(true);

  // The notice went out (an SMS, kept in the dev outbox).
  const told = (await (await request.get(`/api/dev/outbox?recipient=${phone}&purpose=saved-search`)).json()) as { messages: { body: string }[] };
  expect(told.messages).toHaveLength(1);

  // 4. The user sees it: the bell counts it, the page lists it with the search it matched and a link to the listing.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await capture(page, 'notifications-bell', { fullPage: false });
  await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  const notice = page.getByRole('article', { name: listingName });
  await expect(notice).toBeVisible();
  await expect(notice.getByText('New', { exact: true })).toBeVisible();
  await expect(notice.getByText(`Matches your saved search “New ${word} homes”.`, { exact: false })).toBeVisible();
  await capture(page, 'notifications-list');
  // Seen once shown: the count clears.
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await notice.getByRole('link', { name: 'View listing' }).click();
  await expect(page).toHaveURL(new RegExp(`/user-property-details/3/apartment/${listingId}$`));
  await expect(page.getByRole('heading', { level: 1, name: listingName })).toBeVisible();

  // 5. The uploader's own matching search told them nothing, in the app or the outbox.
  const own = (await (await request.get('/api/notifications', { headers: bearer(uploader) })).json()) as { notifications: unknown[] };
  expect(own.notifications).toEqual([]);
  const outbox = (await (await request.get(`/api/dev/outbox?recipient=${uploaderPhone}&purpose=saved-search`)).json()) as { messages: unknown[] };
  expect(outbox.messages).toEqual([]);
});
