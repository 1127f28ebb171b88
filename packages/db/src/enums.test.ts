// Cross-checks the vocabularies against the API contracts. The db package does not depend on contracts at run
// time; this test reaches it through the workspace so the two lists cannot drift apart unnoticed.
import * as contracts from '@nivaas/contracts';
import { describe, expect, it } from 'vitest';
import { APPROVALS, FACINGS, FURNISHINGS, ITEMS, LEAD_STAGES, PROPERTY_TYPES, STATUSES } from './enums';

describe('enums', () => {
  it('match the contracts the API validates with', () => {
    expect(APPROVALS).toEqual(contracts.APPROVALS);
    expect(STATUSES).toEqual(contracts.STATUSES);
    expect(PROPERTY_TYPES).toEqual(contracts.PROPERTY_TYPES);
    expect(ITEMS).toEqual(contracts.ITEMS);
    expect(LEAD_STAGES).toEqual(contracts.LEAD_STAGES);
    expect(FURNISHINGS).toEqual(contracts.FURNISHINGS);
    expect(FACINGS).toEqual(contracts.FACINGS);
  });
});
