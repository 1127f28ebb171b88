import { describe, expect, it } from 'vitest';
import { createProject, createUnit } from '../../../test/factories';
import { brokerPropertyPath, pathCrumbs, searchProjects, sortProjects } from './broker-projects';

describe('pathCrumbs (spec §2 broker projects breadcrumb)', () => {
  it('starts with Home and shows the last two segments as plain text, in words (issue 17)', () => {
    expect(pathCrumbs('/broker-properties/42', { '42': 'Ravi Kumar' })).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Broker properties' },
      { label: 'Ravi Kumar' },
    ]);
  });

  it('links every segment but the last two to /{segment}', () => {
    expect(pathCrumbs('/a/b%20c/d-e/f/')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'A', to: '/a' },
      { label: 'B c', to: '/b%20c' },
      { label: 'D e' },
      { label: 'F' },
    ]);
  });

  it('is just Home at the root', () => {
    expect(pathCrumbs('/')).toEqual([{ label: 'Home', to: '/' }]);
  });
});

describe('brokerPropertyPath (spec §2 card link)', () => {
  it('uses the first unit type, the property type and the id, lower-cased and hyphenated', () => {
    const project = createProject({ id: 77, type: 'pent house', units: [createUnit({ type: ' Pent House ' }), createUnit({ type: '3' })] });
    expect(brokerPropertyPath(project)).toBe('/broker-property-details/pent-house/pent-house/77');
  });

  it("says 'unknown' for a missing unit type", () => {
    expect(brokerPropertyPath(createProject({ id: 5, type: 'villa', units: [] }))).toBe(
      '/broker-property-details/unknown/villa/5',
    );
  });
});

describe('searchProjects (spec §5)', () => {
  const projects = [
    createProject({ name: 'Prestige Lakeside', location: { id: 1, name: 'Whitefield' } }),
    createProject({ name: 'Sobha Dream Acres', location: { id: 2, name: 'Panathur' } }),
  ];

  it('matches the property name case-insensitively', () => {
    expect(searchProjects(projects, 'LAKE').map((p) => p.name)).toEqual(['Prestige Lakeside']);
  });

  it('matches the location name', () => {
    expect(searchProjects(projects, 'panath').map((p) => p.name)).toEqual(['Sobha Dream Acres']);
  });

  it('keeps everything for a blank query and nothing for a miss', () => {
    expect(searchProjects(projects, '  ')).toHaveLength(2);
    expect(searchProjects(projects, 'koramangala')).toEqual([]);
  });
});

describe('sortProjects (spec §4)', () => {
  const cheap = createProject({ name: 'cheap', units: [createUnit({ minPrice: 3_000_000, maxPrice: 9_000_000 })] });
  const dear = createProject({ name: 'dear', units: [createUnit({ minPrice: 5_000_000, maxPrice: 6_000_000 })] });
  const none = createProject({ name: 'none', units: [] });

  it("orders 'Price L - H' by the first unit's minPrice, no units counting as 0", () => {
    expect(sortProjects([dear, cheap, none], 'Price L - H').map((p) => p.name)).toEqual(['none', 'cheap', 'dear']);
  });

  it("orders 'Price H - L' by the first unit's maxPrice, highest first", () => {
    expect(sortProjects([none, dear, cheap], 'Price H - L').map((p) => p.name)).toEqual(['cheap', 'dear', 'none']);
  });

  it('looks only at the first unit', () => {
    const firstCheap = createProject({
      name: 'first-cheap',
      units: [createUnit({ minPrice: 1_000_000, maxPrice: 1_000_000 }), createUnit({ minPrice: 99_000_000, maxPrice: 99_000_000 })],
    });
    expect(sortProjects([dear, firstCheap], 'Price H - L').map((p) => p.name)).toEqual(['dear', 'first-cheap']);
  });
});
