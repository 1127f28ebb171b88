import { expect, test } from './support/fixtures';

test.describe('EMI calculator', () => {
  test('prefills from ?amount=, splits principal and interest and shows the yearly schedule', async ({ page }) => {
    await page.goto('/mortgage-calculator?amount=7500000');
    await expect(page).toHaveURL(/\/mortage-calculator\?amount=7500000$/);
    await expect(page.getByRole('textbox', { name: 'Loan amount' })).toHaveValue('75,00,000');
    const result = page.getByRole('region', { name: 'Your monthly EMI' });
    await expect(result).toContainText('₹ 65,087');
    await expect(result).toContainText('interest');

    const chart = page.getByRole('img', { name: /Yearly principal and interest/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('rect')).toHaveCount(40);

    await page.getByText('Year-by-year table').click();
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(20);
    await expect(rows.last().locator('td').last()).toHaveText('₹ 0');

    await page.getByRole('textbox', { name: 'Loan tenure' }).fill('10');
    await expect(rows).toHaveCount(10);
    await expect(chart.locator('rect')).toHaveCount(20);
  });
});
