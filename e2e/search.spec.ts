import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** The navbar's search box on a desktop page (the phone row under the bar is hidden at this width). */
function navbarSearch(page: Page) {
  return page.getByRole('search', { name: 'Site search' }).getByRole('combobox');
}

function suggestions(page: Page) {
  return page.getByRole('listbox', { name: 'Search suggestions' });
}

test.describe('navbar search (spec §2, §5)', () => {
  test('a project suggestion opens its details page', async ({ page, request }) => {
    const { projects } = (await (await request.get('/api/project/random?tag=Trending&cityId=1&limit=1')).json()) as {
      projects: { id: number; name: string }[];
    };
    const project = projects[0];
    if (!project) throw new Error('the seed has no trending project in Bengaluru');

    await page.goto('/about');
    await navbarSearch(page).fill(project.name);
    const option = suggestions(page).getByRole('group', { name: 'Projects' }).getByRole('option', { name: new RegExp(project.name) });
    await option.first().click();

    await expect(page).toHaveURL(new RegExp(`^[^?]*/(properties|prelaunch)/bengaluru/[^/]+/[^/]+/[^/]+/${project.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.name);
    // spec §7: the repeated search's properties are kept in session storage under a random id.
    const stored = await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('search-')));
    expect(stored.length).toBe(1);
  });

  test('a builder suggestion opens /developer/{name}/{id}', async ({ page, request }) => {
    const { builders } = (await (await request.get('/api/builder?status=active&approval=approved&limit=1')).json()) as {
      builders: { id: number; name: string; slug: string }[];
    };
    const builder = builders[0];
    if (!builder) throw new Error('the seed has no builders');

    await page.goto('/about');
    await navbarSearch(page).fill(builder.name);
    await suggestions(page).getByRole('group', { name: 'Builders' }).getByRole('option', { name: new RegExp(builder.name) }).click();
    const slug = builder.name.trim().toLowerCase().replace(/\s+/g, '-');
    await expect(page).toHaveURL(new RegExp(`/developer/${slug}/${builder.id}$`));
  });

  test('a location suggestion opens the results for that locality, with the keyboard', async ({ page }) => {
    await page.goto('/about');
    const input = navbarSearch(page);
    await input.fill('Whitefield');
    const locations = suggestions(page).getByRole('group', { name: 'Locations' });
    await expect(locations.getByRole('option', { name: /Whitefield/ }).first()).toBeVisible();

    // Arrow down through the groups to the first location, then Enter.
    const before = await suggestions(page).getByRole('option').evaluateAll((options) =>
      options.findIndex((option) => option.closest('[role="group"]')?.textContent?.startsWith('Locations')),
    );
    for (let i = 0; i <= before; i += 1) await input.press('ArrowDown');
    await expect(input).toHaveAttribute('aria-activedescendant', /.+/);
    await input.press('Enter');

    await expect(page).toHaveURL(/\/property-detail-page\?locationId=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Properties in Whitefield, Bengaluru$/);
  });

  test('free text and Enter opens the results for that text', async ({ page }) => {
    await page.goto('/about');
    await navbarSearch(page).fill('2 bhk in bengaluru');
    await navbarSearch(page).press('Escape');
    await navbarSearch(page).press('Enter');
    await expect(page).toHaveURL(/\/property-detail-page\?search=2\+bhk\+in\+bengaluru$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “2 bhk in bengaluru”');
    await expect(page.getByRole('list', { name: 'Properties' }).getByRole('article').first()).toBeVisible();
  });

  test('suggestions are filtered to names containing the text, and Escape closes them', async ({ page }) => {
    await page.goto('/about');
    const input = navbarSearch(page);
    await input.fill('green');
    await expect(suggestions(page).getByRole('group', { name: 'Projects' }).getByRole('option').first()).toBeVisible();
    const names = await suggestions(page)
      .locator('[role="group"] [role="option"] .font-medium')
      .allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain('green');
    await input.press('Escape');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  test('a blank search warns instead of searching', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('search', { name: 'Site search' }).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Please enter a valid search term.')).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('on the home page the navbar box appears once the hero box scrolls under the top bar', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('search', { name: 'Search properties' });
    await expect(hero).toBeVisible();
    await expect(page.getByRole('search', { name: 'Site search' })).toBeHidden();

    await page.mouse.wheel(0, 900);
    await expect(page.getByRole('search', { name: 'Site search' })).toBeVisible();
    await page.mouse.wheel(0, -2000);
    await expect(page.getByRole('search', { name: 'Site search' })).toBeHidden();
  });

  test('on a phone the search is a row under the navbar', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/about');
    const input = navbarSearch(page);
    await expect(input).toBeVisible();
    await input.fill('Whitefield');
    await expect(suggestions(page).getByRole('option').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
