import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showSuccess: toasts.success, showError: toasts.error }));

const faqs = {
  success: true,
  faqs: [
    { id: 1, question: 'Is Nivaas free for buyers?', answer: 'Yes. Buyers never pay us.', associatedWith: 'contact_faqs' },
    { id: 2, question: 'How do I list my flat?', answer: 'Use Post Your Property.\n\nWe check it within a day.', associatedWith: 'contact_faqs' },
  ],
};

beforeEach(() => {
  toasts.success.mockReset();
  toasts.error.mockReset();
});

async function fill(user: ReturnType<typeof userEvent.setup>, values: { name: string; phone: string; email: string; message?: string }) {
  const form = await screen.findByRole('form', { name: 'Contact enquiry' });
  await user.type(within(form).getByLabelText('Your name'), values.name);
  await user.type(within(form).getByLabelText('Mobile number'), values.phone);
  await user.type(within(form).getByLabelText('E-mail'), values.email);
  if (values.message) await user.type(within(form).getByLabelText(/Message/), values.message);
  return form;
}

describe('contact page', () => {
  it('asks for the approved contact FAQs and opens one answer at a time', async () => {
    const user = userEvent.setup();
    const { api } = renderApp('/contact-us', { '/api/faq': faqs });
    const first = await screen.findByRole('button', { name: 'Is Nivaas free for buyers?' });
    const second = screen.getByRole('button', { name: 'How do I list my flat?' });
    const faqRequest = api.requests.find((url) => url.pathname === '/api/faq');
    expect(faqRequest?.searchParams.get('associatedWith')).toBe('contact_faqs');
    expect(faqRequest?.searchParams.get('approval')).toBe('approved');

    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Yes. Buyers never pay us.')).toBeTruthy();
    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('We check it within a day.')).toBeTruthy();
    expect(screen.getByText('Yes. Buyers never pay us.').closest('[role="region"]')?.hasAttribute('hidden')).toBe(true);
    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('false');
  });

  it("says 'Something went wrong' with a retry when the FAQs fail", async () => {
    renderApp('/contact-us', { '/api/faq': errorResponse(500, 'Something failed') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
  });

  it('explains bad fields before sending anything', async () => {
    const user = userEvent.setup();
    const { api } = renderApp('/contact-us', { '/api/faq': faqs });
    const form = await fill(user, { name: 'A', phone: '12345', email: 'asha@' });
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(within(form).getByText('Name must be at least 2 characters')).toBeTruthy();
    expect(within(form).getByText(/10-digit Indian mobile/)).toBeTruthy();
    expect(within(form).getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(within(form).getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(form).getByLabelText('Your name'));
    expect(api.requests.some((url) => url.pathname === '/api/leadMenegmentRoute/uILeadFormData')).toBe(false);
  });

  it('sends the enquiry, shows the server’s message and clears the form', async () => {
    const user = userEvent.setup();
    renderApp('/contact-us', {
      '/api/faq': faqs,
      '/api/leadMenegmentRoute/uILeadFormData': () => new Response(JSON.stringify({ success: true, message: 'Thanks, Asha! We will call you.' }), { status: 201, headers: { 'Content-Type': 'application/json' } }),
    });
    const form = await fill(user, { name: 'Asha Rao', phone: '98450 12345', email: 'asha@example.in', message: 'Need a 2 BHK' });
    const fetchSpy = vi.mocked(globalThis.fetch);
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Thanks, Asha! We will call you.'));
    const call = fetchSpy.mock.calls.find(([input]) => String(input instanceof Request ? input.url : input).includes('uILeadFormData'));
    const request = call?.[0] as Request;
    expect(await request.clone().json()).toEqual({ name: 'Asha Rao', phone: '98450 12345', email: 'asha@example.in', message: 'Need a 2 BHK' });
    expect((within(form).getByLabelText('Your name') as HTMLInputElement).value).toBe('');
  });

  it('shows an error toast and keeps everything typed when sending fails', async () => {
    const user = userEvent.setup();
    renderApp('/contact-us', {
      '/api/faq': faqs,
      '/api/leadMenegmentRoute/uILeadFormData': errorResponse(500, 'Something failed on our side'),
    });
    const form = await fill(user, { name: 'Asha Rao', phone: '98450 12345', email: 'asha@example.in', message: 'Need a 2 BHK' });
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    await vi.waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Something failed on our side'));
    expect(toasts.success).not.toHaveBeenCalled();
    expect((within(form).getByLabelText('Your name') as HTMLInputElement).value).toBe('Asha Rao');
    expect((within(form).getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('Need a 2 BHK');
  });

  it('shows the wait a 429 asks for, with nothing marked wrong and everything typed kept', async () => {
    const user = userEvent.setup();
    renderApp('/contact-us', {
      '/api/faq': faqs,
      '/api/leadMenegmentRoute/uILeadFormData': errorResponse(429, 'Too many enquiries from your network. Please try again in 45 seconds.'),
    });
    const form = await fill(user, { name: 'Asha Rao', phone: '98450 12345', email: 'asha@example.in', message: 'Need a 2 BHK' });
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    await vi.waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Too many enquiries from your network. Please try again in 45 seconds.'));
    expect(within(form).queryAllByRole('textbox').filter((box) => box.getAttribute('aria-invalid') === 'true')).toEqual([]);
    expect((within(form).getByLabelText('Mobile number') as HTMLInputElement).value).toBe('98450 12345');
  });
});
