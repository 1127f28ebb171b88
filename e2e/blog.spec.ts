import { expect, test } from './support/fixtures';

test.describe('blog', () => {
  test('the list opens an article with its body and related posts', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guides for home buyers');
    const articles = page.getByRole('region', { name: 'Articles' }).getByRole('article');
    await expect(articles.first()).toBeVisible();
    const count = await articles.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    if (await page.getByRole('button', { name: 'Load more' }).isVisible()) {
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(() => articles.count()).toBeGreaterThan(count);
    }

    const link = articles.first().getByRole('link');
    const title = (await link.textContent())?.trim() ?? '';
    await link.click();
    await expect(page).toHaveURL(/\/blog\/[^/]+\/\d+$/);
    const article = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(article.locator('p').nth(3)).toBeVisible();
    await expect(article.getByText(/min read/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'More from the blog' }).getByRole('link').first()).toBeVisible();
  });
});
