import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from './footer';

function renderFooter() {
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
  return screen.getByRole('contentinfo');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('footer (spec §2)', () => {
  it("has the heading 'Company & Resources'", () => {
    const footer = renderFooter();
    expect(within(footer).getByRole('heading', { name: 'Company & Resources' })).toBeTruthy();
  });

  it('links the logo home and lists the company links in order', () => {
    const footer = renderFooter();
    expect(within(footer).getByRole('link', { name: 'Nivaas home' }).getAttribute('href')).toBe('/');
    const nav = within(footer).getByRole('navigation', { name: 'Company & Resources' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.getAttribute('href'), link.textContent]);
    expect(links).toEqual([
      ['/about', 'About Us'],
      ['/contact-us', 'Contact Us'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-conditions', 'Terms And Conditions'],
      ['/blog', 'Blogs'],
    ]);
  });

  it('links the catalogue’s browse pages under Explore', () => {
    const footer = renderFooter();
    const nav = within(footer).getByRole('navigation', { name: 'Explore' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/developers',
      '/brokers',
      '/construction',
      '/contractors',
      '/mortage-calculator',
    ]);
  });

  it.each(['Facebook', 'Instagram', 'Twitter', 'YouTube'])('opens %s in a new tab, safely', (name) => {
    const footer = renderFooter();
    const link = within(footer).getByRole('link', { name: new RegExp(`^${name}`) });
    expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('aria-label')).toBe(`${name} (opens in a new tab)`);
    expect(link.querySelector('svg')).not.toBeNull();
  });

  it('shows the current year in the copyright line', () => {
    vi.useFakeTimers({ now: new Date('2031-03-15T10:00:00+05:30'), toFake: ['Date'] });
    const footer = renderFooter();
    expect(within(footer).getByText(/^© 2031 Nivaas/)).toBeTruthy();
  });
});
