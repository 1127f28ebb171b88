import { expect, test } from './support/fixtures';

test.describe('contact us', () => {
  test('FAQs open one at a time and an enquiry shows the server’s message', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
    const faqs = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faqs.getByRole('button');
    await expect(questions.first()).toHaveAttribute('aria-expanded', 'true');
    await questions.nth(1).click();
    await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.first()).toHaveAttribute('aria-expanded', 'false');

    const form = page.getByRole('form', { name: 'Contact enquiry' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();

    await form.getByLabel('Your name').fill('Asha Rao');
    await form.getByLabel('Mobile number').fill('98450 12345');
    await form.getByLabel('E-mail').fill(`asha.${Date.now()}@example.in`);
    await form.getByLabel(/Message/).fill('Looking for a 2 BHK near Whitefield.');
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/leadMenegmentRoute/uILeadFormData'));
    await form.getByRole('button', { name: 'Send message' }).click();
    const { message } = (await (await sent).json()) as { message: string };
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(form.getByLabel('Your name')).toHaveValue('');
  });
});
