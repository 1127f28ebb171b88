import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createProject, createUnit } from '../../test/factories';
import { errorResponse } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

/** The first render loads the lazy route chunk, which is slow when the machine is busy. */
const SLOW = { timeout: 5000 };

function detailRoute(id: number, name: string, price: number) {
  return {
    success: true,
    project: {
      ...createProject({
        id,
        name,
        reraNumber: `RERA-${id}`,
        amenities: ['Gym', 'Pool'],
        units: [createUnit({ type: '2', minPrice: price, maxPrice: price + 1_000_000, exteriorArea: 1200 })],
      }),
      builder: { id: 4, name: 'Sobha Limited', logo: null, description: null, establishedYear: null },
    },
  };
}

const entry = (id: number, name: string) => ({ id, name, image: `/media/${id}.webp` });

function seedCompare(...entries: { id: number; name: string; image: string }[]) {
  sessionStorage.setItem('compare', JSON.stringify(entries));
}

describe('compare page (spec §2, §4)', () => {
  it('shows the set side by side with price, configurations, area, builder, location, status and RERA', async () => {
    seedCompare(entry(1, 'Lake View'), entry(2, 'Hill Crest'));
    renderApp('/Compare', {
      '/api/project/1': detailRoute(1, 'Lake View', 8_500_000),
      '/api/project/2': detailRoute(2, 'Hill Crest', 12_000_000),
    });
    const table = await screen.findByRole('table', { name: 'Projects compared side by side' }, SLOW);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Lake View', 'Hill Crest']);
    await waitFor(() => expect(within(table).getByRole('row', { name: /Price range/ }).textContent).toContain('₹ 85 – 95 L'));
    const rowNames = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rowNames).toEqual(['Price range', 'Configurations', 'Area', 'Builder', 'Location', 'Status', 'Possession', 'Transaction', 'Amenities', 'RERA']);
    expect(within(table).getByRole('row', { name: /Area/ }).textContent).toContain('1,200 sq ft');
    expect(within(table).getByRole('row', { name: /RERA/ }).textContent).toContain('RERA-2');
    expect(screen.getByText('2 of 4 projects. Price, size, builder and possession side by side.')).toBeTruthy();
    // The tray is for other pages; here the page itself is the comparison.
    expect(screen.queryByRole('region', { name: 'Compare projects' })).toBeNull();
  });

  it('removes one project, and clears all into an empty state with a search', async () => {
    const user = userEvent.setup();
    seedCompare(entry(1, 'Lake View'), entry(2, 'Hill Crest'));
    renderApp('/Compare', {
      '/api/project/1': detailRoute(1, 'Lake View', 8_500_000),
      '/api/project/2': detailRoute(2, 'Hill Crest', 12_000_000),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Lake View from compare' }, SLOW));
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Hill Crest']);
    expect(JSON.parse(sessionStorage.getItem('compare') ?? '[]')).toEqual([entry(2, 'Hill Crest')]);

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByRole('heading', { name: 'Nothing to compare yet' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Search properties' })).toBeTruthy();
    expect(sessionStorage.getItem('compare')).toBe('[]');
  });

  it('puts the named project first on /Compare/{PropertyName}', async () => {
    seedCompare(entry(1, 'Lake View'), entry(2, 'Hill Crest'));
    renderApp('/Compare/hill-crest', {
      '/api/project/1': detailRoute(1, 'Lake View', 8_500_000),
      '/api/project/2': detailRoute(2, 'Hill Crest', 12_000_000),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Compare Hill Crest' }, SLOW)).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')[0]?.textContent).toBe('Hill Crest');
  });

  it('says when a project is no longer listed', async () => {
    seedCompare(entry(5, 'Gone Towers'));
    renderApp('/Compare', { '/api/project/5': errorResponse(404, 'Project not found') });
    expect(await screen.findByText('No longer listed on Nivaas.', undefined, SLOW)).toBeTruthy();
  });
});
