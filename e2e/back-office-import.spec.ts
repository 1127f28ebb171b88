import { expect, test } from './support/fixtures';
import { consoleSection, openConsole } from './support/console';
import { freshWord } from './support/fresh-word';
import { capture } from './support/screenshots';

/**
 * Issue 14 part 3 acceptance in Chromium: the provider uploads a CSV of projects in the console's Import screen, sees
 * the report naming each refused cell, fixes the file, checks it again and confirms; a visitor then finds the imported
 * project in search and opens its page. Also the Reviews, Broker accounts and Users screens. Screenshots of each at
 * 375 and 1280 px.
 */

const PROVIDER_EMAIL = 'provider@nivaas.local';
const SHOT = { settleMs: 300 };
const HEADER = 'project_name,builder,city,zone,locality,property_type,transaction,possession_date,rera_number,tags,amenities,description,status,unit_type,unit_min_price,unit_max_price,unit_facing,unit_area_sqft,unit_floors,unit_furnishing';

test('the provider imports projects from a CSV: the report names each bad cell, the fixed file imports, and a visitor finds the project', async ({ browser, baseURL, page, pageErrors, request }) => {
  test.setTimeout(240_000);
  // A seeded public project gives a real builder, city, zone and locality by name.
  const seeded = (await (await request.get('/api/project?status=active&approval=approved&limit=1')).json()) as {
    projects: { builderId: number | null; city: { name: string }; zone: { name: string } | null; location: { name: string } }[];
  };
  const place = seeded.projects.find((project) => project.builderId !== null);
  expect(place).toBeDefined();
  const builder = (await (await request.get(`/api/builder/${place!.builderId}`)).json()) as { builder?: { name: string }; name?: string };
  const builderName = builder.builder?.name ?? builder.name ?? '';
  expect(builderName).not.toBe('');

  const word = freshWord();
  const projectName = `${word} Residency`;
  const row = (unit: string, min: string, max: string, locality = place!.location.name) =>
    [projectName, builderName, place!.city.name, place!.zone?.name ?? '', locality, 'apartment', 'New Booking', '2027-06-30', `PRM/KA/RERA/${word}`, 'Ready to Move', 'Pool;Gym', 'Imported in the e2e run', 'active', unit, min, max, 'East', '1200', '4 of 12', 'Semi-Furnished']
      .map((cell) => (cell.includes(',') ? `"${cell}"` : cell))
      .join(',');
  const badFile = [HEADER, row('2', 'lots', '9000000'), row('3', '12500000', '13000000', 'Atlantis Layout'), row('1', '5200000', '5600000')].join('\r\n');
  const goodFile = [HEADER, row('2', '8500000', '9000000'), row('3', '12500000', '13000000'), row('1', '5200000', '5600000')].join('\r\n');

  const consolePage = await openConsole(browser, baseURL, request, PROVIDER_EMAIL);
  await consoleSection(consolePage, 'Import projects').click();
  await expect(consolePage.getByRole('heading', { name: 'Import projects' })).toBeVisible();
  const [template] = await Promise.all([consolePage.waitForEvent('download'), consolePage.getByRole('button', { name: 'Download the template (CSV)' }).click()]);
  expect(template.suggestedFilename()).toBe('nivaas-projects-import-template.csv');
  await capture(consolePage, 'back-office-import-empty', SHOT);

  // The file with two bad rows: the report names row, column and reason; nothing can be imported yet.
  const fileInput = consolePage.getByLabel('File (CSV UTF-8 or XLSX)');
  await fileInput.setInputFiles({ name: 'projects.csv', mimeType: 'text/csv', buffer: Buffer.from(badFile) });
  await consolePage.getByRole('button', { name: 'Check the file' }).click();
  await expect(consolePage.getByRole('heading', { name: 'Rows to fix' })).toBeVisible();
  const refused = consolePage.getByRole('table', { name: 'Refused cells' });
  await expect(refused.getByRole('row')).toHaveCount(3);
  await expect(refused.getByRole('row').nth(1)).toContainText('2');
  await expect(refused.getByRole('row').nth(1)).toContainText('unit_min_price');
  await expect(refused.getByRole('row').nth(2)).toContainText('locality');
  await expect(refused.getByRole('row').nth(2)).toContainText('Atlantis Layout');
  await expect(consolePage.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
  await capture(consolePage, 'back-office-import-report', SHOT);

  // Fixed: every row valid, then confirmed.
  await fileInput.setInputFiles({ name: 'projects-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(goodFile) });
  await consolePage.getByRole('button', { name: 'Check the file' }).click();
  await expect(consolePage.getByRole('heading', { name: 'Ready to import' })).toBeVisible();
  await consolePage.getByRole('button', { name: 'Import 1 project' }).click();
  await expect(consolePage.getByRole('heading', { name: 'Imported', exact: true })).toBeVisible();
  await expect(consolePage.getByText('Imported 1 project with 3 units.')).toBeVisible();
  await capture(consolePage, 'back-office-import-done', SHOT);

  // A visitor finds it at once and opens its page.
  await page.goto(`/property-detail-page?search=${encodeURIComponent(projectName)}`);
  const results = page.getByRole('list', { name: 'Properties' });
  await expect(results.getByText(projectName).first()).toBeVisible();
  await results.getByRole('link', { name: new RegExp(projectName) }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('the provider reads the review queue, the broker accounts and the users, and approves a waiting review', async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  const consolePage = await openConsole(browser, baseURL, request, 'moderation.one@nivaas.example.com');

  await consoleSection(consolePage, 'Reviews').click();
  await expect(consolePage.getByRole('heading', { name: 'Reviews', exact: true })).toBeVisible();
  const approve = consolePage.getByRole('button', { name: 'Approve' }).first();
  await expect(approve).toBeVisible();
  await capture(consolePage, 'back-office-reviews', SHOT);
  await approve.click();
  await expect(consolePage.getByText('Review approved. It is on the place page now.')).toBeVisible();

  await consoleSection(consolePage, 'Broker accounts').click();
  await expect(consolePage.getByRole('heading', { name: 'Broker accounts' })).toBeVisible();
  await expect(consolePage.getByRole('button', { name: 'Suspend' }).first()).toBeVisible();
  await capture(consolePage, 'back-office-broker-accounts', SHOT);
  await consolePage.getByRole('button', { name: 'Suspend' }).first().click();
  await expect(consolePage.getByRole('dialog')).toContainText('Suspend');
  await capture(consolePage, 'back-office-suspend-dialog', { ...SHOT, fullPage: false });
  await consolePage.getByRole('button', { name: 'Cancel' }).click();

  await consoleSection(consolePage, 'Users').click();
  await expect(consolePage.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  await consolePage.getByRole('searchbox').fill('@');
  await consolePage.getByRole('searchbox').press('Enter');
  await expect(consolePage.getByRole('button', { name: 'Block' }).first()).toBeVisible();
  await capture(consolePage, 'back-office-users', SHOT);
});
