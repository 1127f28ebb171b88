import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '.artifacts/shots');

/**
 * Issue 17: twelve cities are seeded, spec §9 loads ten on start, and Jaipur and Kochi (with live listings) could not
 * be chosen. The navbar's selector now finds every city, and home's Explore cities shows the rest on demand.
 */
for (const width of [1280, 375]) {
  test.describe(`choosing a city past the first ten at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });
    // Home pages with their rails, reloads and screenshots: past 30 s on a 2-core machine at load 15-20.
    test.describe.configure({ timeout: 90_000 });

    test("the navbar's selector finds Jaipur by typing, and the home page shows Jaipur's listings", async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next home in Bengaluru');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('button', { name: 'City: Bengaluru' }).click();

      const picker = page.getByRole('dialog', { name: 'Choose a city' });
      const search = picker.getByRole('combobox', { name: 'Search cities' });
      await expect(search).toBeFocused();
      const options = picker.getByRole('listbox', { name: 'Cities' }).getByRole('option');
      await expect(options).toHaveCount(10);
      await expect(options.filter({ hasText: 'Jaipur' })).toHaveCount(0);
      // The panel fits a phone: nothing scrolls sideways.
      const box = await picker.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await page.screenshot({ path: path.join(shots, `city-picker-open-${width}.png`) });

      await search.fill('jai');
      await expect(options).toHaveCount(1);
      await expect(options.first()).toContainText('Jaipur');
      await expect(options.first()).toContainText(/\d+ propert(y|ies)/);
      await page.screenshot({ path: path.join(shots, `city-picker-searched-${width}.png`) });
      await page.keyboard.press('Enter');

      await expect(picker).toBeHidden();
      await expect(nav.getByRole('button', { name: 'City: Jaipur' })).toBeFocused();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next home in Jaipur');
      const trending = page.getByRole('region', { name: 'Trending Projects in Jaipur' });
      await expect(trending.locator('a[href^="/properties/jaipur/"], a[href^="/prelaunch/jaipur/"]').first()).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.getItem('selectedCity'))).toBe('Jaipur');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // Kept for the session, although Jaipur is not among the ten loaded on start.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next home in Jaipur');
      await expect(nav.getByRole('button', { name: 'City: Jaipur' })).toBeVisible();
    });

    // Seed order (position, then id) ends ..., Kochi, Jaipur: the keyboard reaches the end, then steps back one.
    test('the keyboard alone reaches Kochi, past the first ten, loading the rest on demand', async ({ page }) => {
      await page.goto('/about');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('button', { name: 'City: Bengaluru' }).focus();
      await page.keyboard.press('Enter');
      const options = page.getByRole('listbox', { name: 'Cities' }).getByRole('option');
      await expect(options).toHaveCount(10);
      await page.keyboard.press('End');
      await expect(options).toHaveCount(12);
      await page.keyboard.press('End');
      await expect(options.last()).toContainText('Jaipur');
      await page.keyboard.press('ArrowUp');
      const search = page.getByRole('combobox', { name: 'Search cities' });
      const kochi = options.filter({ hasText: 'Kochi' });
      await expect(search).toHaveAttribute('aria-activedescendant', (await kochi.getAttribute('id')) ?? 'no id');
      await page.keyboard.press('Enter');
      await expect(nav.getByRole('button', { name: 'City: Kochi' })).toBeFocused();
    });

    test("home's Explore cities shows the rest on demand, and picking Kochi switches the page", async ({ page }) => {
      await page.goto('/');
      const cities = page.getByRole('region', { name: 'Explore cities' });
      await cities.scrollIntoViewIfNeeded();
      await expect(cities.getByRole('button', { name: /Kochi/ })).toHaveCount(0);
      await cities.getByRole('button', { name: 'Show more cities' }).click();
      await cities.getByRole('button', { name: /Kochi/ }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next home in Kochi');
      await expect(page.getByRole('region', { name: 'Trending Projects in Kochi' }).locator('a[href^="/properties/kochi/"], a[href^="/prelaunch/kochi/"]').first()).toBeVisible();
    });
  });
}
