import { expect, test } from './support/fixtures';

const NAVBAR_HIDDEN = ['/login', '/registration', '/forgot-password', '/reset-password'];
// /chat hides the footer too, but it is broker-only (a visitor lands on /login): chat.spec.ts and the web tests cover it.
const FOOTER_HIDDEN = ['/registration'];

test.describe('layout rules (spec §2 Layout)', () => {
  for (const path of NAVBAR_HIDDEN) {
    test(`no navbar on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    });
  }

  for (const path of FOOTER_HIDDEN) {
    test(`no footer on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    });
  }

  for (const path of ['/', '/about', '/mortage-calculator', '/privacy-policy', '/no-such-page']) {
    test(`navbar and footer on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }

  test('the footer has the spec heading, links, social links in a new tab and this year', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Company & Resources' })).toBeVisible();
    const footerLinks: Array<[string, string]> = [
      ['/about', 'About Us'],
      ['/contact-us', 'Contact Us'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-conditions', 'Terms And Conditions'],
      ['/blog', 'Blogs'],
    ];
    for (const [href, label] of footerLinks) {
      await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    for (const social of ['Facebook', 'Instagram', 'Twitter', 'YouTube']) {
      await expect(footer.getByRole('link', { name: new RegExp(`^${social}`) })).toHaveAttribute('target', '_blank');
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('an unknown path shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/definitely/not/a/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/couldn.t find that page/);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Find your next home in');
  });

  test('every navigation starts at the top of the page', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms And Conditions' }).click();
    await expect(page).toHaveURL(/\/terms-conditions$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('unknown API paths answer JSON 404, not the web app', async ({ request, baseURL }) => {
    const response = await request.get(`${baseURL}/api/no-such-endpoint`);
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
  });
});
