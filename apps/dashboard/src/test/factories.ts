import type { AuditEntry, PendingBroker, PendingListing } from '@nivaas/contracts/moderation.schema';

let nextId = 100;

export function createPendingListing(overrides: Partial<PendingListing> = {}): PendingListing {
  const id = nextId++;
  return {
    id,
    name: `Sunrise Residency ${id}`,
    type: 'apartment',
    item: 'listing',
    status: 'inactive',
    approval: 'pending',
    description: null,
    remarks: {},
    updatedAt: '2026-11-20T10:30:00.000Z',
    createdAt: '2026-11-20T10:30:00.000Z',
    medias: [{ title: 'banner', url: `/media/uploads/${id}-1.webp` }],
    city: { id: 1, name: 'Bengaluru' },
    zone: { id: 2, name: 'East' },
    location: { id: 3, name: 'Whitefield' },
    builder: null,
    ownerId: null,
    brokerId: 7,
    builderId: null,
    tags: [],
    transactionTag: 'Resale',
    possessionDate: null,
    reraNumber: null,
    amenities: [],
    units: [
      { id: id * 10, type: '2', minPrice: 8_550_000, maxPrice: 12_500_000, facing: 'East', exteriorArea: 1200, floors: null, furnishing: null },
    ],
    owner: { kind: 'broker', id: 7, name: 'Vikram Brokers', phone: '9876543210', email: 'vikram@example.in', approval: 'approved' },
    ...overrides,
  };
}

export function createPendingBroker(overrides: Partial<PendingBroker> = {}): PendingBroker {
  const id = nextId++;
  return {
    id,
    name: `Asha Realty ${id}`,
    email: `broker${id}@example.in`,
    phone: '9845012345',
    company: 'Asha Realty',
    reraNumber: 'PRM/KA/RERA/1251/310/AG/171016/000123',
    city: { id: 1, name: 'Bengaluru' },
    about: null,
    profilePhoto: null,
    approval: 'pending',
    createdAt: '2026-11-19T08:00:00.000Z',
    ...overrides,
  };
}

export function createAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  const id = nextId++;
  return {
    id,
    at: '2026-11-21T09:15:00.000Z',
    actor: { kind: 'provider', id: 1, name: 'Portal Admin' },
    action: 'reject',
    entityKind: 'project',
    entityId: 55,
    entityName: 'Green Acres',
    fromState: 'pending',
    toState: 'rejected',
    remark: 'Add photos of the kitchen',
    before: null,
    after: null,
    ...overrides,
  };
}
