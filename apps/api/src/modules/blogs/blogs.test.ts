import type { BlogListResponse, BlogResponse } from '@nivaas/contracts/blog.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlog } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { readingMinutes } from './blogs.mapper';

let ctx: TestContext;
const ids = { newest: 0, hidden: [] as number[] };
const day = (n: number) => new Date(Date.UTC(2025, 4, n, 9));

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      // 12 public blogs published on days 1..12 (so two pages of 10), and one of each hidden state, published later.
      for (let n = 1; n <= 12; n += 1) {
        const blog = await createBlog(db, { title: `Public ${n}`, publishedAt: day(n), body: 'word '.repeat(n * 100) });
        if (n === 12) ids.newest = blog.id;
      }
      for (const hidden of [
        { status: 'inactive' as const },
        { approval: 'pending' as const },
        { approval: 'rejected' as const },
        { status: 'inactive' as const, approval: 'pending' as const },
      ]) {
        ids.hidden.push((await createBlog(db, { ...hidden, title: 'Hidden', publishedAt: day(20) })).id);
      }
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function getBlogs(query: string): Promise<BlogListResponse> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/blog?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/blog', () => {
  it('lists active, approved blogs newest first, 10 a page by default (spec §9)', async () => {
    const first = await getBlogs('status=active&approval=approved&page=1');
    expect(first.blogs.map((blog) => blog.title)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Public ${n}`));
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 12, hasMore: true });
    const second = await getBlogs('status=active&approval=approved&page=2');
    expect(second.blogs.map((blog) => blog.title)).toEqual(['Public 2', 'Public 1']);
    expect(second.pagination.hasMore).toBe(false);
  });

  it('shapes each summary without the body, with reading time', async () => {
    const { blogs } = await getBlogs('limit=1');
    expect(blogs[0]).toEqual({
      id: ids.newest,
      title: 'Public 12',
      slug: expect.any(String),
      excerpt: expect.any(String),
      coverUrl: null,
      authorName: null,
      publishedAt: day(12).toISOString(),
      readingMinutes: 6,
      status: 'active',
      approval: 'approved',
    });
  });

  it('never lists a hidden blog, whatever the query asks for', async () => {
    const { blogs } = await getBlogs('limit=100');
    expect(blogs.some((blog) => ids.hidden.includes(blog.id))).toBe(false);
    for (const query of ['status=inactive', 'approval=pending', 'approval=rejected', 'status=all']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/blog?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field).toBe(query.split('=')[0]);
    }
  });

  it('refuses a limit over the cap with 400 naming it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/blog?limit=101' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'limit' });
  });
});

describe('GET /api/blog/:id', () => {
  it('answers a public blog with its body', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/blog/${ids.newest}?internal=true` });
    expect(response.statusCode).toBe(200);
    const { blog } = response.json() as BlogResponse;
    expect(blog).toMatchObject({ id: ids.newest, title: 'Public 12', readingMinutes: 6, updatedAt: expect.any(String) });
    expect(blog.body.startsWith('word word')).toBe(true);
  });

  it('answers 404 for a hidden blog, even with internal=true, and for an unknown one; 400 for a malformed id', async () => {
    for (const id of [...ids.hidden, 2147483647]) {
      for (const query of ['', '?internal=true']) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/blog/${id}${query}` });
        expect(response.statusCode, `${id}${query}`).toBe(404);
        expect(response.json()).toMatchObject({ success: false, statusCode: 404 });
      }
    }
    for (const id of ['abc', '-1', '99999999999']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/blog/${id}` })).statusCode, id).toBe(400);
    }
  });
});

describe('readingMinutes', () => {
  it('rounds at 200 words a minute and is never below 1', () => {
    expect([0, 50, 299, 300, 1000].map(readingMinutes)).toEqual([1, 1, 1, 2, 5]);
  });
});
