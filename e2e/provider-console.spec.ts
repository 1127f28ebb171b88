import { expect, test } from './support/fixtures';
import { latestPasscode, passcodeToken } from './support/passcode';
import { capture } from './support/screenshots';

/**
 * Issue 5: the provider console, a Module Federation remote the host loads at /dashboard (outside the main layout).
 * A seeded member of the provider's staff signs in with the passcode from the dev outbox, works the pending queue
 * against the real API, and the owner's own view shows the outcome.
 */

/**
 * A seeded moderator of the provider's staff. Not provider@nivaas.local: other specs sign in as that one in parallel,
 * and a second passcode to one address within 30 s is refused (the resend cooldown).
 */
const PROVIDER_EMAIL = 'moderation.one@nivaas.example.com';

interface QueuedListing {
  id: number;
  name: string;
  owner: { kind: string; email: string | null } | null;
}

test('the provider signs in, rejects one pending listing with a remark and approves another; the owner sees both', async ({ page, request }) => {
  test.setTimeout(150_000);
  const queued: QueuedListing[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/admin/projects/pending') || !response.ok()) return;
    queued.push(...((await response.json()) as { projects: QueuedListing[] }).projects);
  });

  await page.goto('/dashboard');
  // Outside the main layout: no site navbar or footer around the console.
  await expect(page.getByRole('heading', { name: 'Provider console' })).toBeVisible();
  await expect(page.getByRole('link', { name: /post your property/i })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await capture(page, 'provider-console-sign-in');

  // Issue 17: the first send says 'sent', whatever the server calls it (it says 'resent' while an earlier code is valid).
  await page.getByRole('textbox', { name: 'Work e-mail' }).fill(PROVIDER_EMAIL);
  await page.getByRole('button', { name: 'Send passcode' }).click();
  await expect(page.getByText('OTP sent successfully')).toBeVisible();
  await expect(page.getByText('OTP resent successfully')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Resend passcode \(\d+ s\)$/ })).toBeDisabled();
  await capture(page, 'provider-console-passcode-sent', { fullPage: false });
  await page.getByRole('textbox', { name: 'Passcode' }).fill(await latestPasscode(request, PROVIDER_EMAIL));
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The seed leaves listings waiting for a decision, oldest first, 30 a page.
  await expect(page.getByRole('heading', { name: 'Pending listings' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  const waiting = Number((await page.getByText(/^\d+ waiting$/).textContent())?.split(' ')[0]);
  expect(waiting).toBeGreaterThan(30);
  const pages = page.getByRole('navigation', { name: 'Pending listings pages' });
  const pageCount = Math.ceil(waiting / 30);
  await expect(pages.getByText(`Page 1 of ${pageCount}`)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(30);
  await expect(page.getByRole('searchbox', { name: 'Search pending listings' })).toBeVisible();
  // A long queue: the first screenful is what the provider sees.
  await capture(page, 'provider-console-queue', { fullPage: false });

  // Numbered pages from the server, kept in the address.
  await pages.scrollIntoViewIfNeeded();
  await capture(page, 'provider-console-queue-pages', { fullPage: false });
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/dashboard\?page=2$/);
  await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await page.reload();
  await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();

  // Brokers' uploads, whose owners can read the outcome back: the newest come first on request.
  await page.getByRole('combobox', { name: 'Order' }).selectOption('newest');
  await expect(page).toHaveURL(/order=newest/);
  const byBrokers = () => queued.filter((listing) => listing.owner?.kind === 'broker' && listing.owner.email);
  await expect.poll(() => byBrokers().length).toBeGreaterThanOrEqual(2);
  const [toReject, toApprove] = byBrokers() as [QueuedListing, QueuedListing];
  // Names can repeat across listings; each card is labelled by its own heading id.
  const card = (listing: QueuedListing) => page.locator(`article[aria-labelledby="listing-${listing.id}-name"]`);

  // The search runs on the server: the owner's e-mail and the listing's name, every word matching.
  const search = page.getByRole('searchbox', { name: 'Search pending listings' });
  const find = async (listing: QueuedListing) => {
    await search.fill(`${listing.owner?.email ?? ''} ${listing.name}`);
    await search.press('Enter');
    await expect(page.getByText(/^\d+ matching “/)).toBeVisible();
    await expect(card(listing)).toBeVisible();
  };
  await find(toReject);
  await capture(page, 'provider-console-queue-search', { fullPage: false });

  // Reject with a remark: the remark is required.
  const rejectCard = card(toReject);
  await rejectCard.scrollIntoViewIfNeeded();
  await rejectCard.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject “${toReject.name}”` });
  await dialog.getByRole('button', { name: 'Reject with remark' }).click();
  await expect(dialog.getByText('Remark must be at least 3 characters')).toBeVisible();
  const remark = `The photos do not show the property; add one of the living room (e2e ${Date.now()}).`;
  await dialog.getByRole('textbox', { name: 'Remark' }).fill(remark);
  await capture(page, 'provider-console-reject-modal', { fullPage: false });
  await dialog.getByRole('button', { name: 'Reject with remark' }).click();
  await expect(dialog).toHaveCount(0);
  // The rejection's own toast: on a fast machine the sign-in's 'Success' toast (3 s) may still be showing beside it.
  const rejectedToast = page.getByRole('status').locator('div', { hasText: 'Listing rejected. The owner sees your remark' }).last();
  await expect(rejectedToast.getByText('Success')).toBeVisible();
  await expect(rejectCard).toHaveCount(0);

  await find(toApprove);
  const approveCard = card(toApprove);
  await approveCard.getByRole('button', { name: 'Approve' }).click();
  await expect(approveCard).toHaveCount(0);
  await search.fill('no listing is called this zzqx');
  await search.press('Enter');
  await expect(page.getByText('Nothing waiting matches “no listing is called this zzqx”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText(/^\d+ waiting$/)).toBeVisible();

  // Issue 17: an address that is no console page says so, instead of quietly showing the listings queue.
  await page.goto('/dashboard/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/dashboard/no-such-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending listings' })).toHaveCount(0);
  await capture(page, 'provider-console-not-found');
  await page.getByRole('main').getByRole('link', { name: 'Pending listings' }).click();
  await expect(page.getByRole('heading', { name: 'Pending listings' })).toBeVisible();

  // The audit log lists both decisions: who, what, when, and the remark.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit$/);
  await expect(page.getByText(`Remark: ${remark}`)).toBeVisible();
  await expect(page.getByText(`Approved listing “${toApprove.name}”`).first()).toBeVisible();
  await capture(page, 'provider-console-audit');

  // The brokers queue: the seed leaves registrations waiting; approve the oldest.
  await page.getByRole('link', { name: 'Brokers' }).click();
  await expect(page.getByRole('heading', { name: 'Pending brokers' })).toBeVisible();
  const broker = page.getByRole('article').first();
  await expect(broker).toBeVisible();
  await capture(page, 'provider-console-brokers', { fullPage: false });
  // The brokers queue searches too: the oldest broker's name finds them.
  const brokerName = (await broker.getByRole('heading').textContent()) ?? '';
  const brokerSearch = page.getByRole('searchbox', { name: 'Search pending brokers' });
  await brokerSearch.fill(brokerName);
  await brokerSearch.press('Enter');
  await expect(page.getByText(/^\d+ matching “/)).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await capture(page, 'provider-console-brokers-search', { fullPage: false });
  const approvedBroker = page.locator(`article[aria-labelledby="${await broker.getAttribute('aria-labelledby')}"]`);
  await approvedBroker.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Broker approved', { exact: false }).first()).toBeVisible();
  await expect(approvedBroker).toHaveCount(0);

  // Read the outcome back as each owner sees it: their own listing view, with their own token.
  for (const [listing, approval] of [
    [toReject, 'rejected'],
    [toApprove, 'approved'],
  ] as const) {
    const email = listing.owner?.email as string;
    const token = await passcodeToken(request, 'broker', email);
    const own = await request.get(`/api/project/upload/${listing.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(own.ok()).toBe(true);
    const { project } = (await own.json()) as { project: { approval: string; remarks: Record<string, string> } };
    expect(project.approval).toBe(approval);
    if (approval === 'rejected') expect(Object.values(project.remarks)).toContain(remark);
  }
});

test('when the remote cannot be loaded, /dashboard says so and a retry loads it', async ({ page, pageErrors }) => {
  await page.route('**/remotes/dashboard/remoteEntry.js*', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }));
  await page.goto('/dashboard');

  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'The provider console could not be loaded.' })).toBeVisible();
  await expect(page.getByRole('link', { name: /post your property/i })).toHaveCount(0);
  await capture(page, 'provider-console-unavailable');

  await page.unroute('**/remotes/dashboard/remoteEntry.js*');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('textbox', { name: 'Work e-mail' })).toBeVisible();

  // The browser reports the missing entry we staged; that, and only that, is expected.
  const staged = pageErrors.filter((error) => /404|remoteEntry/.test(error));
  expect(staged.length).toBeGreaterThan(0);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !staged.includes(error)));
});
