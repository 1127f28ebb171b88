import { describe, expect, it } from 'vitest';
import { propertyTypeLabel, unitLabel, unitSummary } from './unit-labels';

describe('unitLabel (spec §5)', () => {
  it('follows bedroom counts with BHK and the property type', () => {
    expect(unitLabel('3', 'apartment')).toBe('3 BHK Apartment');
    expect(unitLabel('4 BHK', 'villa')).toBe('4 BHK Villa');
  });
  it('lists plot, pent house and studio alone', () => {
    expect(unitLabel('plot', 'plot')).toBe('Plot');
    expect(unitLabel('1200 sqft', 'plot')).toBe('Plot');
    expect(unitLabel('pent house', 'apartment')).toBe('Penthouse');
    expect(unitLabel('studio', 'apartment')).toBe('Studio');
  });
});

describe('unitSummary', () => {
  it('joins bedroom counts in order, once each', () => {
    expect(unitSummary(['3', '2', '3'], 'apartment')).toBe('2, 3 BHK Apartment');
  });
  it('puts standalone types first', () => {
    expect(unitSummary(['2', 'studio', '1'], 'apartment')).toBe('Studio, 1, 2 BHK Apartment');
  });
  it('names a plotted development once', () => {
    expect(unitSummary(['plot', 'plot'], 'plot')).toBe('Plot');
  });
  it("reads labels already made ('3 BHK') like bare counts, so the type is never doubled (issue 17)", () => {
    // A chat card's configurations are labels; this card once read '3 BHK, 4 BHK BHK Villa'.
    expect(unitSummary(['3 BHK', '4 BHK'], 'villa')).toBe('3, 4 BHK Villa');
    expect(unitSummary(['4bhk', '2 BHK'], 'residentialhouse')).toBe('2, 4 BHK Independent House');
    expect(unitSummary(['pent house'], 'pent house')).toBe('Penthouse');
  });
  it('falls back to the property type when there are no units', () => {
    expect(unitSummary([], 'residentialhouse')).toBe('Independent House');
  });
});

describe('propertyTypeLabel', () => {
  it('title-cases types it does not know', () => {
    expect(propertyTypeLabel('farm house')).toBe('Farm House');
  });
});
