import { expect, test } from './support/fixtures';

test.describe('developers', () => {
  test('the list shows public builders; a builder opens on their page with their projects', async ({ page }) => {
    await page.goto('/developers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Builders you can trust');
    const list = page.getByRole('list', { name: 'Developers' });
    const first = list.getByRole('link').first();
    await expect(first).toBeVisible();
    expect(await list.getByRole('link').count()).toBeGreaterThanOrEqual(10);
    await expect(list.getByText(/\d+ projects?/).first()).toBeVisible();

    const name = (await first.textContent())?.trim() ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/developer\/[^/]+\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByText('Public projects')).toBeVisible();
    const projects = page.getByRole('list', { name: `Projects by ${name}` });
    await expect(projects.locator('a[href^="/properties/"], a[href^="/prelaunch/"]').first()).toBeVisible();
    await expect(projects).toContainText('₹');
  });

  test('the name filter asks the server and narrows the list', async ({ page }) => {
    await page.goto('/developers');
    const list = page.getByRole('list', { name: 'Developers' });
    const first = list.getByRole('link').first();
    const name = (await first.textContent())?.trim() ?? '';
    const word = name.split(' ')[0] ?? name;
    await page.getByLabel('Find a developer').fill(word.toLowerCase());
    await expect.poll(async () => (await list.getByRole('link').allTextContents()).every((text) => text.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    await expect(list.getByRole('link', { name })).toBeVisible();
  });
});
