import { describe, expect, it } from 'vitest';
import { toProject } from './projects.mapper';
import type { ProjectRow, RemarkRow } from './projects.repository';

const row: ProjectRow = {
  id: 7,
  name: 'Lakeside Residency',
  type: 'apartment',
  item: 'listing',
  status: 'inactive',
  approval: 'rejected',
  description: null,
  updatedAt: '2026-05-01T10:00:00+00:00',
  ownerId: null,
  brokerId: 3,
  builderId: null,
  tags: [],
  transactionTag: 'Resale',
  possessionDate: null,
  reraNumber: null,
  amenities: ['Lift'],
  minPrice: 6_500_000,
  maxPrice: 6_500_000,
  cityId: 1,
  cityName: 'Bengaluru',
  zoneId: null,
  zoneName: null,
  locationId: 2,
  locationName: 'Whitefield',
  builderName: null,
};

function remark(id: number, at: string, message: string): RemarkRow {
  return { id, projectId: 7, message, createdAt: at };
}

describe('toProject remarks (spec §3: a map of timestamp to message)', () => {
  it('keys each remark by its ISO time', () => {
    const project = toProject(row, [], [], [
      remark(1, '2026-04-02T09:30:00Z', 'Blurry photos'),
      remark(2, '2026-04-05T11:00:00Z', 'Add the floor plan'),
    ]);
    expect(project.remarks).toEqual({
      '2026-04-02T09:30:00.000Z': 'Blurry photos',
      '2026-04-05T11:00:00.000Z': 'Add the floor plan',
    });
  });

  it('keeps both of two remarks written in the same millisecond', () => {
    const project = toProject(row, [], [], [
      remark(1, '2026-04-02T09:30:00Z', 'First'),
      remark(2, '2026-04-02T09:30:00Z', 'Second'),
    ]);
    expect(Object.values(project.remarks)).toEqual(['First', 'Second']);
  });
});
