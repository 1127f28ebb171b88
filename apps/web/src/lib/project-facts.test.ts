import { describe, expect, it } from 'vitest';
import { createProject, createUnit } from '../test/factories';
import { areaRange, configurations, constructionStage, formatArea, possessionText } from './project-facts';

const now = new Date('2026-11-21T00:00:00Z');

describe('project facts', () => {
  it('gives areas with Indian grouping', () => {
    expect(formatArea(1250)).toBe('1,250 sq ft');
    expect(areaRange([createUnit({ exteriorArea: 1850 }), createUnit({ exteriorArea: 1050 }), createUnit({ exteriorArea: null })])).toBe(
      '1,050 – 1,850 sq ft',
    );
    expect(areaRange([createUnit({ exteriorArea: 12000 })])).toBe('12,000 sq ft');
    expect(areaRange([createUnit({ exteriorArea: null })])).toBeNull();
  });

  it('lists configurations by the spec unit labels', () => {
    expect(configurations(createProject({ type: 'villa', units: [createUnit({ type: '4' }), createUnit({ type: '3' })] }))).toBe(
      '3, 4 BHK Villa',
    );
    expect(configurations(createProject({ type: 'plot', units: [createUnit({ type: 'Plot' })] }))).toBe('Plot');
  });

  it('tells pre-launch, under construction and ready to move apart', () => {
    expect(constructionStage(createProject({ tags: ['Upcoming Launches'], possessionDate: '2029-06-01' }), now)).toBe('Pre-launch');
    expect(constructionStage(createProject({ tags: [], possessionDate: '2027-10-01' }), now)).toBe('Under construction');
    expect(constructionStage(createProject({ tags: [], possessionDate: '2024-01-01' }), now)).toBe('Ready to move');
    expect(constructionStage(createProject({ tags: ['Ready to Move'], possessionDate: null }), now)).toBe('Ready to move');
  });

  it('words possession for a buyer', () => {
    expect(possessionText(createProject({ tags: [], possessionDate: '2027-10-01' }), now)).toBe('Possession Oct 2027');
    expect(possessionText(createProject({ tags: [], possessionDate: '2020-10-01' }), now)).toBe('Ready to move');
    expect(possessionText(createProject({ tags: ['Upcoming Launches'], possessionDate: null }), now)).toBe('Pre-launch');
  });
});
