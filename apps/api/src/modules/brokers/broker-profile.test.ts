import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from '../../test/auth';
import { createBroker, createCity } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('PUT /api/broker/{id} (issue 4 "/broker-profile")', () => {
  let ctx: TestContext;
  let cityId: number;
  let otherCityId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    cityId = (await createCity(ctx.database.db)).id;
    otherCityId = (await createCity(ctx.database.db)).id;
  });
  afterAll(() => ctx.close());

  const put = async (id: number, payload: Record<string, unknown>, as?: { kind: 'user' | 'broker' | 'provider'; id: number }) =>
    ctx.app.inject({ method: 'PUT', url: `/api/broker/${id}`, payload, headers: as ? await bearerFor(ctx.app, as) : {} });
  const stored = async (id: number) => (await ctx.database.db.select().from(schema.brokers).where(eq(schema.brokers.id, id)))[0];

  it('lets a broker edit their own editable fields and answers the record', async () => {
    const broker = await createBroker(ctx.database.db, { approval: 'pending', cityId, phone: '9811100001' });
    const response = await put(
      broker.id,
      {
        name: '  Ravi Kumar ',
        phone: '+91 98111 00002',
        company: 'Kumar Estates',
        reraNumber: 'A51800012345',
        cityId: otherCityId,
        about: 'Resale flats in the east.',
        profilePhoto: '/media/uploads/ravi.webp',
      },
      { kind: 'broker', id: broker.id },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      broker: { id: broker.id, name: 'Ravi Kumar', phone: '9811100002', company: 'Kumar Estates', cityId: otherCityId, approval: 'pending', profilePhoto: '/media/uploads/ravi.webp' },
    });
    // Absent fields stay; null clears the optional ones.
    const cleared = await put(broker.id, { about: null }, { kind: 'broker', id: broker.id });
    expect(cleared.json().broker).toMatchObject({ name: 'Ravi Kumar', about: null });
  });

  it('changes none of id, e-mail, approval, role, ownerId or the password when a full record adds them', async () => {
    const broker = await createBroker(ctx.database.db, { approval: 'pending', cityId, passwordHash: 'scrypt$kept' });
    const before = await stored(broker.id);
    const response = await put(
      broker.id,
      {
        id: broker.id + 1000,
        name: 'Sneaky Name',
        email: 'taken-over@example.test',
        approval: 'approved',
        role: 'provider',
        ownerId: 1,
        passwordHash: 'scrypt$replaced',
        createdAt: '2000-01-01T00:00:00Z',
      },
      { kind: 'broker', id: broker.id },
    );
    expect(response.statusCode).toBe(200);
    const after = await stored(broker.id);
    expect(after).toMatchObject({ id: broker.id, name: 'Sneaky Name', email: before?.email, approval: 'pending', passwordHash: 'scrypt$kept', createdAt: before?.createdAt });
    expect(response.json().broker).toMatchObject({ id: broker.id, email: before?.email, approval: 'pending' });
  });

  it('allows only the broker themself or the provider', async () => {
    const broker = await createBroker(ctx.database.db, { cityId });
    const other = await createBroker(ctx.database.db, { cityId });
    expect((await put(broker.id, { name: 'Nobody' })).statusCode).toBe(401);
    expect((await put(broker.id, { name: 'Other Broker' }, { kind: 'broker', id: other.id })).statusCode).toBe(403);
    expect((await put(broker.id, { name: 'A User' }, { kind: 'user', id: broker.id })).statusCode).toBe(403);
    expect((await stored(broker.id))?.name).toBe(broker.name);

    const byProvider = await put(broker.id, { name: 'Fixed By Staff' }, { kind: 'provider', id: 1 });
    expect(byProvider.statusCode).toBe(200);
    expect((await stored(broker.id))?.name).toBe('Fixed By Staff');
    expect((await put(999_999, { name: 'Ghost' }, { kind: 'provider', id: 1 })).statusCode).toBe(404);
  });

  it('refuses bad values naming the field, and a phone another broker holds with 409', async () => {
    const broker = await createBroker(ctx.database.db, { cityId, phone: '9811100010' });
    const other = await createBroker(ctx.database.db, { cityId, phone: '9811100011' });
    const as = { kind: 'broker' as const, id: broker.id };
    expect((await put(broker.id, { phone: '12345' }, as)).json()).toMatchObject({ statusCode: 400, field: 'phone' });
    expect((await put(broker.id, { cityId: 987_654 }, as)).json()).toMatchObject({ statusCode: 400, field: 'cityId' });
    expect((await put(broker.id, { profilePhoto: 'javascript:alert(1)' }, as)).json()).toMatchObject({ statusCode: 400, field: 'profilePhoto' });
    expect((await put(broker.id, { name: 'x' }, as)).json()).toMatchObject({ statusCode: 400, field: 'name' });
    const taken = await put(broker.id, { phone: other.phone }, as);
    expect(taken.json()).toMatchObject({ statusCode: 409, field: 'phone' });
    expect((await stored(broker.id))?.phone).toBe('9811100010');
  });
});
