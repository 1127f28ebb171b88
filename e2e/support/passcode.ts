import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The newest passcode the dev outbox kept for this recipient (development only: GET /api/dev/outbox). The page may
 * show "We sent a passcode" a moment before the outbox row can be read, so it asks again for a few seconds.
 */
export async function latestPasscode(request: APIRequestContext, recipient: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(recipient)}&purpose=otp&limit=1`);
        expect(response.ok()).toBe(true);
        const { messages } = (await response.json()) as { messages: { body: string }[] };
        code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
        return code;
      },
      { message: `No passcode in the outbox for ${recipient}`, timeout: 10_000 },
    )
    .toBeTruthy();
  if (!code) throw new Error(`No passcode in the outbox for ${recipient}`);
  return code;
}

/**
 * A staff member's or a broker's bearer token, from a passcode sign-in through the API: send-otp, then verify-otp
 * with the code from the outbox. One passcode per address per 30 s (the resend cooldown), so specs running at the
 * same time sign in as different addresses.
 */
export async function passcodeToken(request: APIRequestContext, kind: 'provider' | 'broker', email: string): Promise<string> {
  const sent = await request.post(`/api/auth/${kind}/send-otp`, { data: { email } });
  expect(sent.ok()).toBe(true);
  const verified = await request.post(`/api/auth/${kind}/verify-otp`, { data: { email, otp: await latestPasscode(request, email) } });
  expect(verified.ok()).toBe(true);
  return ((await verified.json()) as { token: string }).token;
}

export interface ConsoleSignInOptions {
  /**
   * Another spec may have just signed the same staff address in: when the passcode box has not shown within 5 s,
   * wait the 30 s resend cooldown out once and ask again.
   */
  waitOutResendCooldown?: boolean;
}

/** The provider console's sign-in form (/dashboard, already open): the staff e-mail, the passcode from the outbox. */
export async function signInToConsole(page: Page, request: APIRequestContext, email: string, options: ConsoleSignInOptions = {}): Promise<void> {
  await page.getByRole('textbox', { name: 'Work e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send passcode' }).click();
  const passcode = page.getByRole('textbox', { name: 'Passcode' });
  if (options.waitOutResendCooldown) {
    const sent = await passcode.waitFor({ state: 'visible', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (!sent) {
      await page.waitForTimeout(31_000);
      await page.getByRole('button', { name: 'Send passcode' }).click();
    }
  }
  await expect(passcode).toBeVisible();
  await passcode.fill(await latestPasscode(request, email));
  await page.getByRole('button', { name: 'Sign in' }).click();
}
