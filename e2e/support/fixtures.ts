import { test as base, expect, type Page } from '@playwright/test';

/**
 * Decision 028: open pages arrive rendered by the server, so a button or a form is visible before the app has taken
 * the page over; a click then does nothing and typed text is not in React's state. After a navigation the specs wait
 * for <html data-app-ready>, which the app sets once its first render or hydration has committed. A document that is
 * not the app (no #root) does not wait; one whose scripts never run gives up after a while and the spec's own
 * expectations decide. Pages a spec opens in a context of its own call this after goto.
 */
export async function untilAppOwnsPage(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset['appReady'] === 'true', undefined, { timeout: 15_000 })
    .catch(() => undefined);
}

/**
 * Every spec runs against the server the global setup started, and fails on any error the
 * page logs: a console error a user never sees is still a bug.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await untilAppOwnsPage(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await untilAppOwnsPage(page);
        return response;
      };
    }
    await use(page);
  },
  // Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const baseUrl = process.env.E2E_BASE_URL;
    if (!baseUrl) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
    await use(baseUrl);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // An unknown page's document answers 404 (issue 15), and Chromium logs that as a failed resource; the page
      // itself then shows its not-found screen, which is what the spec checks. Only the document's own 404 is let off.
      const missingDocuments = new Set<string>();
      page.on('response', (response) => {
        if (response.status() === 404 && response.request().isNavigationRequest()) missingDocuments.add(response.url());
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (/status of 404/.test(message.text()) && missingDocuments.has(message.location().url)) return;
        errors.push(`console.error: ${message.text()}`);
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
