import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { expect, test, untilAppOwnsPage } from './support/fixtures';
import { latestPasscode } from './support/passcode';
import { capture } from './support/screenshots';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '.artifacts/shots');

/**
 * Issue 4, the web side of identity: a home buyer signs in with a passcode through the sign-in modal (spec §2, §4),
 * stays signed in across a reload (the encrypted stored login, spec §3/§6), reaches /profile through the side menu
 * and logs out back to / ('Logged out successfully!', spec §8). Passcodes come from the dev outbox.
 */

/** The viewport (a modal or a menu is what matters, not the page under it), once the step's slide has finished. */
const SHOT = { fullPage: false, settleMs: 400 };

function unique(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`;
}

test('a visitor signs in from a favourite, stays signed in, reaches /profile and logs out to /', async ({ page, request }) => {
  // A long journey with screenshots at two widths, on two shared cores.
  test.setTimeout(120_000);
  const email = `buyer-${unique()}@example.in`;
  await page.goto('/');

  // spec §6: anonymous favouriting opens the sign-in modal.
  await page.getByRole('button', { name: /^Add .+ to favorites$/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Find Your Dream Home' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Access saved searches and favorites')).toBeVisible();
  await capture(page, 'sign-in-step-1', SHOT);

  await dialog.getByLabel('Enter Phone Number').fill(email);
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm Your Phone Number' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Resend OTP \( \d+s \)/ })).toBeDisabled();
  await capture(page, 'sign-in-step-2', SHOT);

  const code = await latestPasscode(request, email);
  // Typing into the first box moves along the six (spec §4).
  await dialog.getByLabel('Digit 1 of 6').pressSequentially(code);
  await expect(dialog.getByLabel('Digit 6 of 6')).toHaveValue(code.slice(-1));
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();

  await expect(dialog).toBeHidden();
  const account = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Your account' });
  await expect(account).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);

  // Stored encrypted (asynchronously, so wait for it): neither the e-mail nor a JWT is readable in local storage.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toBeTruthy();
  const stored = await page.evaluate(() => localStorage.getItem('user'));
  expect(stored).not.toContain(email);
  expect(stored).not.toMatch(/eyJ/);

  // A reload keeps the visitor signed in (the key lives in IndexedDB).
  await page.reload();
  await expect(account).toBeVisible();

  await account.click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: 'Add Your Name' })).toBeVisible();
  await capture(page, 'side-menu-user', SHOT);
  await menu.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Profile' }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Add Your Name' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Name' }).fill('Asha Rao');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  await account.click();
  await expect(menu.getByRole('heading', { name: 'Asha Rao' })).toBeVisible();
  await menu.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByText('Logged out successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  // Signed out, /profile sends the visitor to /login again.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a home buyer signs in by phone from the broker login page', async ({ page, request }) => {
  test.setTimeout(60_000);
  const phone = `9${unique().slice(-9)}`;
  // /wishlist is for a user or a broker, so /login offers both (an owner's page would offer the passcode form alone).
  await page.goto('/wishlist');
  // Protected pages send a visitor to /login (spec §2).
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in with a passcode' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find Your Dream Home' });

  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect(dialog.getByText('Phone number is required')).toBeVisible();

  await dialog.getByLabel('Enter Phone Number').fill(phone);
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm Your Phone Number' })).toBeVisible();
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  // spec §5: fewer than four digits turns the boxes red and makes no call.
  await expect(dialog.getByLabel('Digit 1 of 6')).toHaveAttribute('aria-invalid', 'true');

  const code = await latestPasscode(request, phone);
  await dialog.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.insertText(code);
  // A paste-like entry of the whole code fills every box.
  await expect(dialog.getByLabel('Digit 6 of 6')).toHaveValue(code.slice(-1));
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toBeTruthy();

  // Verify kept the refresh cookie (httpOnly, so only a refresh can show it): the stored identity refreshes.
  const refreshed = await page.evaluate(async (identity) => {
    const response = await fetch('/api/auth/portal/refresh-token', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: identity, role: 'user', app: 'portal' }),
    });
    const body = (await response.json()) as { token?: unknown };
    return { status: response.status, token: typeof body.token };
  }, phone);
  expect(refreshed).toEqual({ status: 200, token: 'string' });

  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue(phone);
});

for (const width of [375, 1280]) {
  test(`the modal shows a refused number's own message, never 'Invalid body' (issue 17, ${width} px)`, async ({ page, pageErrors }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.goto('/');
    // A context of its own, so not the fixture's page: wait for hydration as its goto would (decision 041: a rendered
    // page's scripts load after its first paint, so the load event no longer means the page is hydrated).
    await untilAppOwnsPage(page);
    await page.getByRole('button', { name: /^Add .+ to favorites$/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Find Your Dream Home' });
    // Ten digits, but not an Indian mobile number (those start 6-9): the API refuses it.
    await dialog.getByLabel('Enter Phone Number').fill('1234567890');
    await dialog.getByRole('button', { name: 'Get OTP' }).click();
    await expect(page.getByText('Enter a valid phone number or e-mail address')).toBeVisible();
    await expect(page.getByText(/Invalid body/)).toHaveCount(0);
    await expect(page.getByText(/email:/)).toHaveCount(0);
    // spec §4: a failed first send hides step 2 again.
    await expect(dialog.getByLabel('Enter Phone Number')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `sign-in-invalid-number-${width}.png`) });
    // The browser logs the refused request (400) itself; that one is expected here, nothing else is.
    const unexpected = pageErrors.filter((error) => !/status of 400 \(Bad Request\)/.test(error));
    pageErrors.splice(0, pageErrors.length, ...unexpected);
  });

  test(`going back to fix the number and pressing Get OTP again keeps the code step open with the countdown (issue 17, ${width} px)`, async ({
    page,
    request,
  }) => {
    // Home, the modal's chunk and two sends: one 1280 px run at load 20 timed out at 60 s (the 375 px one passed).
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    const phone = `96${String((Date.now() + width) % 100_000_000).padStart(8, '0')}`;
    await page.goto('/');
    // A context of its own, so not the fixture's page: wait for hydration as its goto would (decision 041: a rendered
    // page's scripts load after its first paint, so the load event no longer means the page is hydrated).
    await untilAppOwnsPage(page);
    await page.getByRole('button', { name: /^Add .+ to favorites$/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Find Your Dream Home' });
    await dialog.getByLabel('Enter Phone Number').fill(phone);
    await dialog.getByRole('button', { name: 'Get OTP' }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm Your Phone Number' })).toBeVisible();

    await dialog.getByRole('button', { name: `${phone}, change it` }).click();
    await expect(dialog.getByLabel('Enter Phone Number')).toBeFocused();
    await dialog.getByRole('button', { name: 'Get OTP' }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm Your Phone Number' })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText(/still works/);
    await expect(dialog.getByRole('button', { name: /Resend OTP \( \d+s \)/ })).toBeDisabled();
    await expect(page.getByText(/Please wait/)).toHaveCount(0);
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, `sign-in-get-otp-again-${width}.png`) });

    // The code sent first signs in.
    await dialog.getByLabel('Digit 1 of 6').focus();
    await page.keyboard.insertText(await latestPasscode(request, phone));
    await dialog.getByRole('button', { name: 'CONFIRM' }).click();
    await expect(dialog).toBeHidden();
  });
}

test('a signed-in user stays signed in after closing and reopening the browser (a persistent profile, issue 17)', async ({ baseURL, request }) => {
  test.setTimeout(90_000);
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'nivaas-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      baseURL,
      viewport: { width: 1280, height: 800 },
    });
  const phone = `95${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  try {
    const first = await launch();
    const page = first.pages()[0] ?? (await first.newPage());
    await page.goto('/');
    // A context of its own, so not the fixture's page: wait for hydration as its goto would (decision 041: a rendered
    // page's scripts load after its first paint, so the load event no longer means the page is hydrated).
    await untilAppOwnsPage(page);
    await page.getByRole('button', { name: /^Add .+ to favorites$/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Find Your Dream Home' });
    await dialog.getByLabel('Enter Phone Number').fill(phone);
    await dialog.getByRole('button', { name: 'Get OTP' }).click();
    await dialog.getByLabel('Digit 1 of 6').focus();
    await page.keyboard.insertText(await latestPasscode(request, phone));
    await dialog.getByRole('button', { name: 'CONFIRM' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toBeTruthy();
    await first.close();

    // The same profile, a new browser process: local storage, the IndexedDB key and the refresh cookie come back.
    const second = await launch();
    const again = second.pages()[0] ?? (await second.newPage());
    const errors: string[] = [];
    again.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await again.goto('/profile');
    await expect(again).toHaveURL(/\/profile$/);
    await expect(again.getByRole('textbox', { name: 'Phone' })).toHaveValue(phone);
    await expect(again.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Your account' })).toBeVisible();
    // The session outlives its 15-minute access token: the refresh cookie survived the restart too.
    const refreshed = await again.evaluate(async (identity) => {
      const response = await fetch('/api/auth/portal/refresh-token', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: identity, role: 'user', app: 'portal' }),
      });
      return response.status;
    }, phone);
    expect(refreshed).toBe(200);
    expect(errors).toEqual([]);
    await second.close();
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
  }
});
