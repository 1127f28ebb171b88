import { expect, test } from './support/fixtures';

test.describe('city, zone and location pages', () => {
  test('a visitor walks from the city to a zone to a locality, with reviews on each', async ({ page }) => {
    await page.goto('/location-property/bengaluru/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property in Bengaluru');
    const cityReviews = page.getByRole('region', { name: 'Reviews of Bengaluru' });
    await cityReviews.scrollIntoViewIfNeeded();
    await expect(cityReviews.getByText('out of 5')).toBeVisible();
    await expect(cityReviews.getByRole('table')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Projects in Bengaluru' }).locator('a').first()).toBeVisible();

    const zones = page.getByRole('region', { name: 'Zones of Bengaluru' });
    const zoneLink = zones.getByRole('link').first();
    const zoneName = (await zoneLink.locator('span > span').first().textContent())?.trim() ?? '';
    await zoneLink.click();
    await expect(page).toHaveURL(/\/location-property\/bengaluru\/[^/]+\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zoneName);
    await expect(page.getByRole('region', { name: `Reviews of ${zoneName}` })).toBeVisible();

    const localities = page.getByRole('region', { name: `Localities in ${zoneName}` });
    const localityLink = localities.getByRole('link').first();
    const localityName = (await localityLink.locator('span > span').first().textContent())?.trim() ?? '';
    await localityLink.click();
    await expect(page).toHaveURL(/\/actual-location\/bengaluru\/[^/]+\/[^/]+\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(localityName);
    await expect(page.getByText('Price range')).toBeVisible();
    const results = page.getByRole('link', { name: `See all properties in ${localityName}` });
    await expect(results).toHaveAttribute('href', /^\/property-detail-page\?locationId=\d+$/);
    const reviews = page.getByRole('region', { name: `Reviews of ${localityName}` });
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews.getByText(/out of 5|No reviews of/)).toBeVisible();
  });

});
