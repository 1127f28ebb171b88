import { expect, test } from './support/fixtures';

interface SeededProject {
  id: number;
  name: string;
  type: string;
  location: { name: string };
  units: { type: string; minPrice: number; maxPrice: number }[];
}

const segment = (value: string | undefined) => (value ?? '').trim().toLowerCase().replace(/\s+/g, '-') || 'unknown';

test.describe('brokers', () => {
  test('the broker list leads to a profile and on to the broker projects screen', async ({ page }) => {
    await page.goto('/brokers');
    const first = page.getByRole('list', { name: 'Brokers' }).getByRole('link').first();
    const name = (await first.textContent())?.trim() ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/broker-info\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByText('Member since')).toBeVisible();
    await expect(page.getByRole('form', { name: `Enquiry to ${name}` })).toBeVisible();
    await page.getByRole('link', { name: 'See properties' }).click();
    await expect(page).toHaveURL(/\/broker-properties\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Properties by ${name}`);
  });

  test('broker projects screen: breadcrumb, card links, search and sort (spec §2)', async ({ page }) => {
    await page.goto('/brokers');
    const href = await page.getByRole('list', { name: 'Brokers' }).getByRole('link').first().getAttribute('href');
    const brokerId = href?.split('/').pop() ?? '';
    const response = await page.request.get(`/api/project?brokerId=${brokerId}&status=active&approval=approved&page=1&limit=30`);
    const { projects } = (await response.json()) as { projects: SeededProject[] };
    expect(projects.length).toBeGreaterThan(1);

    await page.goto(`/broker-properties/${brokerId}`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link')).toHaveCount(1);
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    // Issue 17: the spec's crumb rule (one link, Home) with readable names instead of the raw slug and id.
    await expect(crumbs).toHaveText(/Home\s*\/?\s*Broker properties\s*\/?\s*\S+/);

    const grid = page.getByRole('region', { name: 'Properties' });
    const cards = grid.getByRole('link');
    await expect(cards).toHaveCount(projects.length);

    // Card link rule: first unit type, property type, id; lower-cased, hyphenated.
    const expected = projects.map(
      (p) => `/broker-property-details/${encodeURIComponent(segment(p.units[0]?.type))}/${encodeURIComponent(segment(p.type))}/${p.id}`,
    );
    const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect([...hrefs].sort()).toEqual([...expected].sort());

    // 'Price L - H' (default): the first unit's minPrice, ascending.
    const low = [...projects].sort((a, b) => (a.units[0]?.minPrice ?? 0) - (b.units[0]?.minPrice ?? 0));
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('Price L - H');
    expect((await cards.allTextContents())[0]).toBe(low[0]?.name);
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('Price H - L');
    const high = [...projects].sort((a, b) => (b.units[0]?.maxPrice ?? 0) - (a.units[0]?.maxPrice ?? 0));
    await expect.poll(async () => (await cards.allTextContents())[0]).toBe(high[0]?.name);

    // Search: case-insensitive substring of the property or location name.
    const place = projects[0]?.location.name ?? '';
    await page.getByPlaceholder('Search Properties').fill(place.toUpperCase());
    const matching = projects.filter((p) => p.name.toLowerCase().includes(place.toLowerCase()) || p.location.name.toLowerCase().includes(place.toLowerCase()));
    await expect(cards).toHaveCount(matching.length);
    await page.getByPlaceholder('Search Properties').fill('zzzz-no-such-place');
    await expect(grid.getByText('No more properties')).toBeVisible();

    // A card opens the listing's page.
    await page.getByPlaceholder('Search Properties').fill('');
    const target = projects[0];
    await grid.locator(`a[href$="/${target?.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/broker-property-details/.+/${target?.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target?.name ?? '');
    await expect(page.getByText('Listed by a verified broker')).toBeVisible();
  });
});
