import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { MortgageCalculatorPage } from './mortgage-calculator-page';

function renderPage(path = '/mortage-calculator') {
  const router = createMemoryRouter([{ path: '/mortage-calculator', Component: MortgageCalculatorPage }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return {
    router,
    amount: screen.getByRole('textbox', { name: 'Loan amount' }),
    rate: screen.getByRole('textbox', { name: 'Interest rate' }),
    years: screen.getByRole('textbox', { name: 'Loan tenure' }),
    emi: () => screen.getByRole('heading', { name: 'Your monthly EMI' }).nextElementSibling?.textContent,
  };
}

describe('EMI calculator page', () => {
  it('starts with a worked example', () => {
    const { amount, emi } = renderPage();
    expect((amount as HTMLInputElement).value).toBe('50,00,000');
    expect(emi()).toBe('₹ 43,391');
    expect(screen.getByText('₹ 1,04,13,879')).toBeTruthy();
  });

  it('recalculates as the visitor types', async () => {
    const user = userEvent.setup();
    const { years, rate, emi } = renderPage();
    await user.clear(years);
    await user.type(years, '1');
    await user.clear(rate);
    await user.type(rate, '12');
    await user.clear(screen.getByRole('textbox', { name: 'Loan amount' }));
    await user.type(screen.getByRole('textbox', { name: 'Loan amount' }), '1000000');
    expect(emi()).toBe('₹ 88,849');
  });

  it('explains a bad value next to its field and keeps the last good result', async () => {
    const user = userEvent.setup();
    const { years, emi } = renderPage();
    await user.clear(years);
    await user.type(years, '0');
    expect(years.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText('Tenure must be between 1 and 40 years.');
    expect(years.getAttribute('aria-describedby')).toContain(message.id);
    expect(emi()).toBe('₹ 43,391');
  });

  it('groups the amount the Indian way when the field is left', async () => {
    const user = userEvent.setup();
    const { amount } = renderPage();
    await user.clear(amount);
    await user.type(amount, '7500000.');
    expect(screen.getByText('Loan amount must be a number, like 50,00,000.')).toBeTruthy();
    await user.type(amount, '{Backspace}');
    await user.tab();
    expect((amount as HTMLInputElement).value).toBe('75,00,000');
  });

  it('prefills the amount a project page links with', () => {
    const { amount, emi } = renderPage('/mortage-calculator?amount=7500000');
    expect((amount as HTMLInputElement).value).toBe('75,00,000');
    expect(emi()).toBe('₹ 65,087');
  });

  it('starts afresh when a link brings another amount', async () => {
    const { router } = renderPage('/mortage-calculator?amount=7500000');
    await act(() => router.navigate('/mortage-calculator?amount=3000000'));
    expect((screen.getByRole('textbox', { name: 'Loan amount' }) as HTMLInputElement).value).toBe('30,00,000');
  });

  it('ignores an amount it cannot use', () => {
    const { amount } = renderPage('/mortage-calculator?amount=lots');
    expect((amount as HTMLInputElement).value).toBe('50,00,000');
  });

  it('shows the split, a yearly chart and a yearly table', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByText('interest')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Yearly principal and interest/ }).querySelectorAll('rect')).toHaveLength(40);
    await user.click(screen.getByText('Year-by-year table'));
    const table = screen.getByRole('table');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(20);
    expect(table.querySelector('tbody tr:last-child td:last-child')?.textContent).toBe('₹ 0');
  });
});

describe('/mortgage-calculator', () => {
  it('redirects to the spec’s /mortage-calculator, keeping the amount', async () => {
    const { router } = renderApp('/mortgage-calculator?amount=7500000');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mortage-calculator'));
    expect(router.state.location.search).toBe('?amount=7500000');
    expect(((await screen.findByRole('textbox', { name: 'Loan amount' })) as HTMLInputElement).value).toBe('75,00,000');
  });
});
