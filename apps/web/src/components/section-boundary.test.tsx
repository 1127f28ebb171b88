import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '@nivaas/client-kit/console-errors';
import { SectionBoundary } from './section-boundary';

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) throw new Error('rail exploded');
  return <p>Rail content</p>;
}

describe('SectionBoundary', () => {
  it('contains a crash to its section and can retry it', async () => {
    allowConsoleError(/rail exploded|Section "Trending" crashed/);
    shouldThrow = true;
    render(
      <>
        <SectionBoundary name="Trending">
          <Flaky />
        </SectionBoundary>
        <p>Rest of the page</p>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Trending could not be shown');
    expect(screen.getByText('Rest of the page')).toBeTruthy();

    shouldThrow = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Rail content')).toBeTruthy();
  });
});
