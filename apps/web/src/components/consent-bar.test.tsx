import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CONSENT_KEY } from '../lib/tracking/tracking-storage';
import { ConsentBar } from './consent-bar';
import { PrivacyChoices } from './privacy-choices';

function renderBoth() {
  render(
    <MemoryRouter>
      <ConsentBar />
      <footer>
        <PrivacyChoices />
      </footer>
    </MemoryRouter>,
  );
}

describe('the tracking choice (issue 12)', () => {
  it('asks on the first visit, and the answer is kept and hides the bar', async () => {
    renderBoth();
    const bar = screen.getByRole('region', { name: 'Your privacy choice' });
    expect(within(bar).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    await userEvent.click(within(bar).getByRole('button', { name: 'Essential only' }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe('essential');
    expect(screen.queryByRole('region', { name: 'Your privacy choice' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Privacy choices: Essential only' })).toBeTruthy();
  });

  it('is not asked again once chosen, and can be changed from the footer', async () => {
    localStorage.setItem(CONSENT_KEY, 'analytics');
    renderBoth();
    expect(screen.queryByRole('region', { name: 'Your privacy choice' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Privacy choices: Allow analytics' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect((screen.getByRole('radio', { name: /Allow analytics/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: /Essential only/ }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe('essential');
    expect(screen.getByRole('button', { name: 'Privacy choices: Essential only' })).toBeTruthy();
  });
});
