import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { latestPasscode, passcodeToken } from './support/passcode';
import { capture } from './support/screenshots';

/**
 * Issue 4 acceptance: a visitor favourites a project, signs in with the passcode from the outbox, and the favourite
 * lands (with its toast) and shows on /wishlist; a broker registers, finds /leads pending, is approved by the
 * provider, reaches /leads, and logs out to /.
 */

// Each spec signs in as its own staff member: one address gets one passcode per 30 s (issue 4's resend lock).
const PROVIDER_EMAIL = 'moderation.two@nivaas.example.com';
/** Full-page screenshots, each width given 300 ms to settle. */
const SHOT = { settleMs: 300 };

/** A fresh Indian mobile number for this run (98xxxxxxxx), so reruns never meet an earlier account. */
function uniqueMobile(): string {
  return `98${String(Date.now() % 100_000_000).padStart(8, '0')}`.slice(0, 10);
}

test('a visitor favourites a project, signs in with the passcode, and finds it on /wishlist', async ({ page, request }) => {
  test.setTimeout(90_000);
  const phone = uniqueMobile();
  await page.goto('/property-detail-page');

  const heart = page.getByRole('button', { name: /^Add .+ to favorites$/ }).first();
  const label = (await heart.getAttribute('aria-label')) ?? '';
  const projectName = /^Add (.+) to favorites$/.exec(label)?.[1] ?? '';
  expect(projectName).not.toBe('');
  await heart.click();

  // spec §6: a visitor's favourite opens the sign-in modal.
  const dialog = page.getByRole('dialog', { name: 'Find Your Dream Home' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Enter Phone Number').fill(phone);
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm Your Phone Number' })).toBeVisible();
  await dialog.getByLabel('Digit 1 of 6').pressSequentially(await latestPasscode(request, phone));
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(dialog).toBeHidden();

  // The favourite asked for before signing in lands, with its toast (spec §4).
  await expect(page.getByText('Added to favorites')).toBeVisible();
  const saved = page.getByRole('button', { name: `Remove ${projectName} from favorites` }).first();
  await expect(saved).toHaveAttribute('aria-pressed', 'true');

  // The next click removes it, and the one after adds it back.
  await saved.click();
  await expect(page.getByText('Removed from favorites')).toBeVisible();
  await page.getByRole('button', { name: `Add ${projectName} to favorites` }).first().click();
  await expect(page.getByRole('button', { name: `Remove ${projectName} from favorites` }).first()).toBeVisible();

  await page.goto('/wishlist');
  const favourites = page.getByRole('list', { name: 'Favourite properties' });
  await expect(favourites.getByRole('link', { name: projectName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Saved searches' })).toBeVisible();
  await capture(page, 'wishlist', SHOT);

  // Removing it from the wishlist empties the list.
  await favourites.getByRole('button', { name: `Remove ${projectName} from favorites` }).click();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  await capture(page, 'wishlist-empty', SHOT);
});

/** Registers a broker through /registration; the page signs them in and shows their profile. Returns the new id. */
async function registerThroughThePage(page: Page, mobile: string, email: string): Promise<number> {
  await page.goto('/registration');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Broker registration' });
  await form.getByLabel('Full name').fill('Meera Iyer');
  await form.getByLabel('Mobile number').fill(mobile);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Company').fill('Iyer Homes');
  await form.getByLabel('RERA registration number').fill('PRM/KA/RERA/1251/310/AG/171016/000123');
  await form.getByLabel('City').selectOption({ label: 'Bengaluru' });
  await form.getByLabel('Password', { exact: true }).fill('a long broker pass');
  await form.getByLabel('Confirm password').fill('a long broker pass');
  const registered = page.waitForResponse((response) => response.url().endsWith('/api/auth/broker/register'));
  await form.getByRole('button', { name: 'Register' }).click();
  const { broker } = (await (await registered).json()) as { broker: { id: number } };
  // Signed in at once, approval pending (issue 4).
  await expect(page).toHaveURL(/\/broker-profile$/);
  await expect(page.getByText('Approval: pending approval')).toBeVisible();
  return broker.id;
}

async function logOutToHome(page: Page): Promise<void> {
  // spec §2 side menu: Log Out returns to /.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Your account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out successfully!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
}

test('a broker registers, is signed in with approval pending, and logs out to /', async ({ page }) => {
  test.setTimeout(90_000);
  const mobile = uniqueMobile().replace(/^98/, '97');
  await registerThroughThePage(page, mobile, `broker-${mobile}@example.in`);
  await capture(page, 'broker-profile-pending', SHOT);
  await logOutToHome(page);
  // Logged out, the broker page sends the visitor to /login again.
  await page.goto('/broker-profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a pending broker sees the pending page on /leads until the provider approves, then reaches /leads', async ({ page, request }) => {
  test.setTimeout(120_000);
  const mobile = uniqueMobile().replace(/^98/, '95');
  const brokerId = await registerThroughThePage(page, mobile, `broker-${mobile}@example.in`);

  // spec §2/§4: /leads is behind approval; any other value shows the pending page.
  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'Your broker profile is pending approval' })).toBeVisible();

  // The provider decides through issue 5's moderation API, signed in with the staff passcode.
  const token = await passcodeToken(request, 'provider', PROVIDER_EMAIL);
  const approved = await request.post(`/api/admin/brokers/${brokerId}/approve`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(approved.ok()).toBe(true);

  await page.goto('/leads');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(/leads/i)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your broker profile is pending approval' })).toHaveCount(0);
  await page.goto('/broker-profile');
  await expect(page.getByText('Approval: approved')).toBeVisible();
  await logOutToHome(page);
});

test('a broker logs in with e-mail and password and returns to the page that sent them to /login', async ({ page, request }) => {
  test.setTimeout(90_000);
  const mobile = uniqueMobile().replace(/^98/, '96');
  const email = `broker-${mobile}@example.in`;
  const created = await request.post('/api/auth/broker/register', {
    data: {
      name: 'Ravi Kumar',
      phone: mobile,
      email,
      company: 'Kumar Estates',
      reraNumber: 'PRM/KA/RERA/1251/310/AG/171016/000456',
      cityId: 1,
      password: 'another long pass',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/broker-profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await capture(page, 'login', SHOT);
  const form = page.getByRole('form', { name: 'Log in with e-mail and password' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password').fill('another long pass');
  await form.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/broker-profile$/);
  await expect(page.getByRole('form', { name: 'Edit your broker profile' }).getByLabel('Company')).toHaveValue('Kumar Estates');
  await capture(page, 'broker-profile', SHOT);
});
