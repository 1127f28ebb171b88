import { expect, test } from './support/fixtures';

test.describe('construction services', () => {
  test('projects load six at a time, filter by tag, and lead to a contractor', async ({ page }) => {
    await page.goto('/construction');
    const list = page.getByRole('list', { name: 'Construction projects' });
    await expect(list.getByRole('listitem')).toHaveCount(6);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(6);

    await page.getByRole('button', { name: 'Interior', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Interior', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => {
      const items = await list.getByRole('listitem').allTextContents();
      return items.length > 0 && items.every((text) => text.startsWith('Interior'));
    }).toBe(true);

    await page.getByRole('link', { name: 'Browse contractors' }).click();
    const contractors = page.getByRole('list', { name: 'Contractors' });
    const first = contractors.getByRole('link').first();
    const name = (await first.textContent())?.trim() ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/contractors\/[^/]+\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('form', { name: `Enquiry to ${name}` })).toBeVisible();
  });
});
