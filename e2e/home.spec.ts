import { expect, test } from './support/fixtures';

test.describe('home page with the seeded catalogue', () => {
  // Home loads its rails, banners and cities at once: past 30 s on a 2-core machine at load 15-25.
  test.describe.configure({ timeout: 90_000 });

  test('shows Bengaluru by default, its project rails and the cities', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next home in Bengaluru');

    const cityButton = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'City: Bengaluru' });
    await expect(cityButton).toBeVisible();
    await cityButton.click();
    await expect(page.getByRole('listbox', { name: 'Cities' }).getByRole('option')).toHaveCount(10);
    await page.keyboard.press('Escape');

    const trending = page.getByRole('region', { name: 'Trending Projects in Bengaluru' });
    const cards = trending.locator('a[href^="/properties/bengaluru/"], a[href^="/prelaunch/bengaluru/"]');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(2);
    await expect(trending).toContainText('₹');

    const upcoming = page.getByRole('region', { name: 'Upcoming Launches' });
    await expect(upcoming.locator('a[href^="/prelaunch/bengaluru/"]').first()).toBeVisible();

    const cities = page.getByRole('region', { name: 'Explore cities' });
    await cities.scrollIntoViewIfNeeded();
    await expect(cities.getByText(/properties/).first()).toBeVisible();
    expect(await cities.getByRole('button').count()).toBeGreaterThanOrEqual(10);
  });

  test('the first card photo is a real image served by the product', async ({ page }) => {
    await page.goto('/');
    // spec §4: photos load only near the viewport, and the rail starts below the fold (under the consent bar).
    const trending = page.getByRole('region', { name: 'Trending Projects in Bengaluru' });
    await expect(trending.getByRole('article').first()).toBeVisible();
    await trending.scrollIntoViewIfNeeded();
    const photo = trending.locator('img').first();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await photo.getAttribute('src')).toMatch(/^\/media\//);
  });

  test('changing the city updates the page and is kept for the session', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'City: Bengaluru' }).click();
    await page.getByRole('listbox', { name: 'Cities' }).getByRole('option', { name: /Mumbai/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next home in Mumbai');
    const trending = page.getByRole('region', { name: 'Trending Projects in Mumbai' });
    await expect(trending.locator('a[href^="/properties/mumbai/"]').first()).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('selectedCity'))).toBe('Mumbai');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next home in Mumbai');
  });

  test('works on a 375 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const trending = page.getByRole('region', { name: 'Trending Projects in Bengaluru' });
    await expect(trending.getByRole('article').first()).toBeVisible();
    await trending.scrollIntoViewIfNeeded();
    await expect(trending.locator('img').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Log In' })).toBeVisible();
  });
});
