import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

function cards(page: Page): Locator {
  return page.getByRole('list', { name: 'Properties' }).getByRole('article');
}

async function addFromResults(page: Page, count: number): Promise<string[]> {
  await page.goto('/property-detail-page?search=bengaluru');
  await expect(cards(page)).toHaveCount(30);
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const card = cards(page).nth(i);
    names.push((await card.getByRole('heading').textContent())?.trim() ?? '');
    await card.getByRole('button', { name: /^Add to compare/ }).click();
  }
  return names;
}

test.describe('compare (spec §4)', () => {
  test('adds from the results, compares side by side, survives a reload, removes and clears', async ({ page }) => {
    const names = await addFromResults(page, 2);
    const tray = page.getByRole('region', { name: 'Compare projects' });
    await expect(tray.getByRole('link', { name: 'Compare 2' })).toBeVisible();

    await tray.getByRole('link', { name: 'Compare 2' }).click();
    await expect(page).toHaveURL(/\/Compare$/);
    const table = page.getByRole('table', { name: 'Projects compared side by side' });
    await expect(table.getByRole('columnheader')).toHaveText(names);
    await expect(table.getByRole('row', { name: /Price range/ })).toContainText('₹');
    await expect(table.getByRole('row', { name: /Builder/ })).not.toContainText('Loading');

    await page.reload();
    await expect(table.getByRole('columnheader')).toHaveText(names);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('compare'))) ?? '[]')).toHaveLength(2);

    await page.getByRole('button', { name: `Remove ${names[0]} from compare` }).click();
    await expect(table.getByRole('columnheader')).toHaveText([names[1] ?? '']);

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing to compare yet' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('compare'))).toBe('[]');
  });

  test('a fifth project is refused with a clear message', async ({ page }) => {
    await addFromResults(page, 4);
    await cards(page).nth(4).getByRole('button', { name: /^Add to compare/ }).click();
    await expect(page.getByText('You can compare up to 4 projects. Remove one to add another.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Compare projects' }).getByRole('link', { name: 'Compare 4' })).toBeVisible();
  });

  test('adds from a details page and shows the table scrolling sideways on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/property-detail-page?search=bengaluru');
    await cards(page).first().getByRole('link').click();
    // The results' card buttons are named 'Add to compare: {name}': wait for the details page itself.
    await expect(page).toHaveURL(/\/(properties|prelaunch)\//);
    await page.getByRole('button', { name: 'Add to compare', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Added to compare', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.goBack();
    await cards(page).nth(1).getByRole('button', { name: /^Add to compare/ }).click();
    await page.getByRole('region', { name: 'Compare projects' }).getByRole('link', { name: 'Compare 2' }).click();
    await expect(page.getByRole('table', { name: 'Projects compared side by side' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
