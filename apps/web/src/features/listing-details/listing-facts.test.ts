import { describe, expect, it } from 'vitest';
import { createProject, createUnit } from '../../test/factories';
import { listingFacts } from './listing-facts';

describe('listingFacts', () => {
  it('describes a single home', () => {
    const project = createProject({
      transactionTag: 'Resale',
      units: [createUnit({ exteriorArea: 1250, facing: 'East', floors: '4', furnishing: 'Semi-furnished' })],
    });
    expect(listingFacts(project)).toEqual([
      { label: 'Area', value: '1,250 sq ft' },
      { label: 'Facing', value: 'East' },
      { label: 'Floor', value: '4' },
      { label: 'Furnishing', value: 'Semi-furnished' },
      { label: 'Transaction', value: 'Resale' },
    ]);
  });

  it("says 'N/A' for a missing floor and '-' for other missing facts", () => {
    const project = createProject({
      transactionTag: null,
      units: [createUnit({ exteriorArea: null, facing: null, floors: null, furnishing: null })],
    });
    expect(listingFacts(project).map((fact) => fact.value)).toEqual(['-', '-', 'N/A', '-', '-']);
  });

  it('gives an area range across units', () => {
    const project = createProject({ units: [createUnit({ exteriorArea: 1100 }), createUnit({ exteriorArea: 1650 })] });
    expect(listingFacts(project)[0]?.value).toBe('1,100 – 1,650 sq ft');
  });
});
