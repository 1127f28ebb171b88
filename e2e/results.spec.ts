import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const SEARCH = '/property-detail-page?search=bengaluru';

function cards(page: Page): Locator {
  return page.getByRole('list', { name: 'Properties' }).getByRole('article');
}

async function prices(page: Page, attribute: 'data-min-price' | 'data-max-price'): Promise<number[]> {
  return cards(page).evaluateAll((articles, name) => articles.map((article) => Number(article.getAttribute(name))), attribute);
}

function sortedAscending(values: number[]): boolean {
  return values.every((value, i) => i === 0 || (values[i - 1] ?? 0) <= value);
}

test.describe('results page (spec §2 /property-detail-page, §4 paging and sort)', () => {
  test('lists 30 results sorted Price L - H, and loads 30 more on scrolling, without duplicates', async ({ page }) => {
    await page.goto(SEARCH);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “bengaluru”');
    await expect(page.getByText(/^[\d,]+ properties found$/)).toBeVisible();
    await expect(cards(page)).toHaveCount(30);
    await expect(page.getByLabel('Sort')).toHaveValue('price_asc');
    expect(sortedAscending(await prices(page, 'data-min-price'))).toBe(true);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(cards(page)).toHaveCount(60);
    const mins = await prices(page, 'data-min-price');
    expect(sortedAscending(mins)).toBe(true);
    const links = await cards(page).locator('a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(new Set(links).size).toBe(60);
  });

  test("'Price H - L' sorts by the highest price, descending, and is kept in the address", async ({ page }) => {
    await page.goto(SEARCH);
    await expect(cards(page)).toHaveCount(30);
    const sort = page.getByLabel('Sort');
    expect(await sort.locator('option').allTextContents()).toEqual(['Price L - H', 'Price H - L']);
    await sort.selectOption({ label: 'Price H - L' });
    await expect(page).toHaveURL(/sort=price_desc/);
    // The old list's 30 cards can still be counted while the re-sorted page replaces them: read until it has.
    await expect
      .poll(async () => {
        const maxes = await prices(page, 'data-max-price');
        return maxes.length === 30 && sortedAscending([...maxes].reverse()) && (maxes[0] ?? 0) > (maxes[29] ?? Infinity);
      })
      .toBe(true);
  });

  test('filters narrow the results, live in the address, survive a reload and Back undoes them', async ({ page }) => {
    await page.goto(SEARCH);
    await expect(cards(page)).toHaveCount(30);
    const filters = page.getByRole('complementary', { name: 'Filters' });

    await filters.getByRole('button', { name: '2 BHK' }).click();
    await expect(page).toHaveURL(/bhk=2/);
    await filters.getByLabel('Max').selectOption({ label: '₹ 75 L' });
    await expect(page).toHaveURL(/maxPrice=7500000/);
    // The unfiltered list can still be on screen, or briefly none at all, while the filtered page replaces it:
    // read until the cards shown are the filtered ones.
    await expect
      .poll(async () => {
        const mins = await prices(page, 'data-min-price');
        const texts = await cards(page).allTextContents();
        return mins.length > 0 && mins.every((min) => min <= 7_500_000) && texts.every((text) => /\b2\b[^₹]*BHK/.test(text));
      })
      .toBe(true);

    await page.reload();
    await expect(filters.getByRole('button', { name: '2 BHK' })).toHaveAttribute('aria-pressed', 'true');
    await expect(filters.getByLabel('Max')).toHaveValue('7500000');

    await page.goBack();
    await expect(page).not.toHaveURL(/maxPrice/);
    await expect(filters.getByLabel('Max')).toHaveValue('');
    await expect(filters.getByRole('button', { name: '2 BHK' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('property type, transaction and possession filters reach the results', async ({ page }) => {
    await page.goto(SEARCH);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('button', { name: 'Villa' }).click();
    await filters.getByRole('button', { name: 'New Booking' }).click();
    await filters.getByRole('button', { name: 'Under construction' }).click();
    await expect(page).toHaveURL(/propertyType=villa&transaction=New\+Booking&possession=under-construction/);
    // Read until the filtered cards have replaced the unfiltered ones (the same race as the test above).
    await expect
      .poll(async () => {
        const texts = await cards(page).allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes('Villa'));
      })
      .toBe(true);
  });

  test('says so when nothing matches, and clears the filters', async ({ page }) => {
    await page.goto(`${SEARCH}&minPrice=900000000`);
    await expect(page.getByText('No properties match this search')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\?search=bengaluru$/);
    await expect(cards(page)).toHaveCount(30);
  });

  test('on a phone the filters open in a sheet, with no sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(SEARCH);
    await expect(cards(page).first()).toBeVisible();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('button', { name: '3 BHK' }).click();
    await expect(page).toHaveURL(/bhk=3/);
    await sheet.getByRole('button', { name: /^Show [\d,]+ propert/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('1');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
