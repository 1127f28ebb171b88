import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { signInToConsole } from './passcode';

/**
 * The provider console's back office (issue 14), for specs that drive it: a signed-in console in its own browser
 * context (beside the visitor's `page`), and the steps every record's screen shares.
 */

/** /dashboard at desktop width in a context of its own, signed in as `email` with the passcode from the outbox. */
export async function openConsole(browser: Browser, baseURL: string | undefined, request: APIRequestContext, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL ?? '', viewport: { width: 1280, height: 800 } });
  const consolePage = await context.newPage();
  await consolePage.goto('/dashboard');
  // Another spec running at the same time may have just signed the same staff address in.
  await signInToConsole(consolePage, request, email, { waitOutResendCooldown: true });
  await expect(consolePage.getByRole('heading', { name: 'Pending listings' })).toBeVisible();
  return consolePage;
}

/** The section menu's link to a section ('Builders'): the sidebar at desktop width. */
export function consoleSection(consolePage: Page, label: string): Locator {
  return consolePage.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: label, exact: true });
}

/** The record's Publication panel: switched on and approved, until it says visitors see it. */
export async function publishRecord(consolePage: Page): Promise<void> {
  const publication = consolePage.getByRole('region', { name: 'Publication' });
  const toggle = publication.getByRole('switch', { name: 'Shown on the site (active)' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await publication.getByLabel('Approval').selectOption('approved');
  await publication.getByRole('button', { name: 'Save approval' }).click();
  await expect(publication.getByText('Visitors see it now.')).toBeVisible();
}

/** The record's Publication switch, turned off (hidden from the site). */
export async function switchOff(consolePage: Page): Promise<void> {
  const toggle = consolePage.getByRole('region', { name: 'Publication' }).getByRole('switch', { name: 'Shown on the site (active)' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
}

/** Types into a by-name picker and picks the option whose name starts with `name` (the server's search answers it). */
export async function pickByName(scope: Locator | Page, label: RegExp, text: string, name: string): Promise<void> {
  const box = scope.getByRole('combobox', { name: label });
  await box.fill(text);
  await scope.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
  await expect(box).toHaveValue(name);
}
