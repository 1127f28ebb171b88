import type { ConstructionProjectListResponse, ContractorListResponse, ContractorResponse } from '@nivaas/contracts/construction.schema';
import { schema } from '@nivaas/db';
import { seed } from '@nivaas/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCity, createConstructionProject, createContractor } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
const known = { cityId: 0, contractorId: 0, hiddenContractorIds: [] as number[], hiddenProjectIds: [] as number[] };
const day = (n: number) => new Date(Date.UTC(2030, 0, n));

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      await seed(db);
      // A city whose construction directory is known exactly; its projects are dated after every seeded one.
      const city = await createCity(db, { name: 'Buildabad' });
      known.cityId = city.id;
      const contractor = await createContractor(db, {
        companyName: 'Known Builders',
        cityId: city.id,
        rating: 4.8,
        services: ['Turnkey homes', 'Interiors'],
        phone: '+91 90000 00001',
        email: 'known.contractor@example.test',
      });
      known.contractorId = contractor.id;
      await createContractor(db, { companyName: 'Unrated Works', cityId: city.id, rating: null });
      await createContractor(db, { companyName: 'Average Works', cityId: city.id, rating: 3.9 });
      const at = { cityId: city.id, contractorId: contractor.id };
      await createConstructionProject(db, { ...at, name: 'Villa One', tag: 'Villa', createdAt: day(3) });
      await createConstructionProject(db, { ...at, name: 'House Two', tag: 'Residential', createdAt: day(2) });
      await createConstructionProject(db, { cityId: city.id, name: 'Unattributed', tag: 'Residential', createdAt: day(1) });
      known.hiddenProjectIds.push((await createConstructionProject(db, { ...at, name: 'Inactive', status: 'inactive', createdAt: day(4) })).id);
      for (const approval of ['pending', 'rejected'] as const) {
        const hidden = await createContractor(db, { companyName: `Hidden ${approval}`, cityId: city.id, approval, rating: 5 });
        known.hiddenContractorIds.push(hidden.id);
        const project = await createConstructionProject(db, { cityId: city.id, contractorId: hidden.id, name: `By ${approval}`, createdAt: day(5) });
        known.hiddenProjectIds.push(project.id);
      }
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function getJson<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toMatch(/known\.contractor@example\.test|90000 00001|"(phone|email)"/);
  return response.json() as T;
}

describe('GET /api/construction/project', () => {
  it('answers 6 a page by default (spec §9), newest first, active projects of approved contractors only', async () => {
    const body = await getJson<ConstructionProjectListResponse>('/api/construction/project?page=1&limit=6&tag=');
    expect(body.projects).toHaveLength(6);
    expect(body.pagination).toMatchObject({ page: 1, limit: 6, hasMore: true });
    expect(body.projects.slice(0, 3).map((project) => project.name)).toEqual(['Villa One', 'House Two', 'Unattributed']);
    expect(body.projects[0]).toEqual({
      id: expect.any(Number),
      name: 'Villa One',
      tag: 'Villa',
      description: null,
      imageUrl: null,
      city: { id: known.cityId, name: 'Buildabad' },
      contractor: { id: known.contractorId, companyName: 'Known Builders', slug: expect.any(String) },
    });
    expect(body.projects[2]?.contractor).toBeNull();
    expect((await getJson<ConstructionProjectListResponse>('/api/construction/project')).pagination.limit).toBe(6);
  });

  it('pages through every visible project once and never shows a hidden one (oracle over the seed)', async () => {
    const db = ctx.database.db;
    const contractors = new Map((await db.select().from(schema.contractors)).map((row) => [row.id, row.approval]));
    const visible = (await db.select().from(schema.constructionProjects))
      .filter((row) => row.status === 'active' && (row.contractorId === null || contractors.get(row.contractorId) === 'approved'))
      .map((row) => row.id);
    const seen: number[] = [];
    for (let page = 1; ; page += 1) {
      const body = await getJson<ConstructionProjectListResponse>(`/api/construction/project?page=${page}&limit=7`);
      seen.push(...body.projects.map((project) => project.id));
      if (!body.pagination.hasMore) break;
    }
    expect(seen.sort((a, b) => a - b)).toEqual(visible.sort((a, b) => a - b));
    expect(seen.some((id) => known.hiddenProjectIds.includes(id))).toBe(false);
  });

  it('filters by tag whatever its case, and by city', async () => {
    const villas = await getJson<ConstructionProjectListResponse>(`/api/construction/project?tag=villa&cityId=${known.cityId}`);
    expect(villas.projects.map((project) => project.name)).toEqual(['Villa One']);
    const all = await getJson<ConstructionProjectListResponse>(`/api/construction/project?cityId=${known.cityId}`);
    expect(all.projects.map((project) => project.name)).toEqual(['Villa One', 'House Two', 'Unattributed']);
  });

  it('refuses a limit over the cap and a malformed filter with 400 naming the field', async () => {
    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['cityId=abc', 'cityId'],
      [`tag=${'x'.repeat(61)}`, 'tag'],
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/construction/project?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ field });
    }
  });
});

describe('GET /api/construction/contractor', () => {
  it("lists a city's approved contractors, highest rated first, unrated last, with project counts", async () => {
    const body = await getJson<ContractorListResponse>(`/api/construction/contractor?cityId=${known.cityId}`);
    expect(body.contractors.map((contractor) => contractor.companyName)).toEqual(['Known Builders', 'Average Works', 'Unrated Works']);
    expect(body.contractors[0]).toEqual({
      id: known.contractorId,
      companyName: 'Known Builders',
      slug: expect.any(String),
      services: ['Turnkey homes', 'Interiors'],
      city: { id: known.cityId, name: 'Buildabad' },
      rating: 4.8,
      yearsInBusiness: null,
      logoUrl: null,
      description: null,
      projectCount: 2,
    });
    expect(body.pagination).toEqual({ page: 1, limit: 12, total: 3, hasMore: false });
  });

  it('never lists a pending or rejected seeded contractor', async () => {
    const approved = (await ctx.database.db.select().from(schema.contractors)).filter((row) => row.approval === 'approved');
    const body = await getJson<ContractorListResponse>('/api/construction/contractor?limit=100');
    expect(body.contractors.map((contractor) => contractor.id).sort((a, b) => a - b)).toEqual(approved.map((row) => row.id).sort((a, b) => a - b));
  });
});

describe('GET /api/construction/contractor/:id', () => {
  it('answers an approved contractor with their active projects, newest first', async () => {
    const { contractor } = await getJson<ContractorResponse>(`/api/construction/contractor/${known.contractorId}`);
    expect(contractor).toMatchObject({ id: known.contractorId, companyName: 'Known Builders', projectCount: 2 });
    expect(contractor.projects.map((project) => project.name)).toEqual(['Villa One', 'House Two']);
  });

  it('answers 404 for a pending, rejected or unknown contractor and 400 for a malformed id', async () => {
    for (const id of [...known.hiddenContractorIds, 2147483647]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/construction/contractor/${id}` });
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toMatchObject({ success: false, statusCode: 404 });
    }
    for (const id of ['abc', '-1', '99999999999']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/construction/contractor/${id}` })).statusCode, id).toBe(400);
    }
  });
});
