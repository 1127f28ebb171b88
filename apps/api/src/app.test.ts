import { Writable } from 'node:stream';
import { createTestDatabase } from '@nivaas/db/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createTestApp, type TestContext } from './test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  // A route that fails like a bug would, and one with a body schema, registered on this test instance only.
  ctx.app.get('/api/test/boom', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  ctx.app.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string().min(2), unit: z.object({ type: z.string() }) }) } },
    async (request) => request.body,
  );
});

afterAll(async () => {
  await ctx?.close();
});

describe('health', () => {
  it('GET /api/health answers ok with the uptime', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
  });

  it('GET /api/ready answers ready while the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: ctx.database.kind });
  });

  it('GET /api/ready answers 503 once the database is gone', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: ctx.config, database });
    try {
      await database.close();
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: database.kind });
    } finally {
      await app.close();
    }
  });
});

describe('errors', () => {
  it('names the query field that is not a number', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/city?limit=abc' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, statusCode: 400, error: 'Bad Request', field: 'limit' });
    expect(body.issues).toEqual([{ field: 'limit', message: expect.any(String) }]);
    expect(body.message).toContain('limit');
  });

  it('names the query field below its minimum', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/city?page=-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'page', issues: [{ field: 'page' }] });
  });

  it('refuses a limit over the cap', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/city?limit=101' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'limit' });
  });

  it('names a bad path parameter, including an id too large for the database', async () => {
    for (const url of ['/api/city/abc', '/api/city/0', '/api/city/99999999999']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ field: 'id' });
    }
  });

  it('names nested body fields', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'x', unit: {} } });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { field: string }) => issue.field).sort()).toEqual(['name', 'unit.type']);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ab", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, statusCode: 400, error: 'Bad Request' });
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ success: false, statusCode: 404, error: 'Not Found' });
  });

  it('answers a failing route with 500 and no internals, keeping the whole error in the log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // A second app on the same database, logging somewhere the test can read.
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger: pino({ level: 'info' }, sink) });
    app.get('/api/test/boom', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body).toEqual({
        success: false,
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
        requestId: response.headers['x-request-id'],
      });
      expect(response.body).not.toContain('secret');
      const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
      expect(logged).toMatchObject({ requestId: body.requestId, err: { message: expect.stringContaining('secret') } });
      expect(logged.err.stack).toContain('app.test.ts');
    } finally {
      await app.close();
    }
  });
});

describe('request ids', () => {
  it('keeps a sane incoming x-request-id and echoes it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(response.headers['x-request-id']).toBe('lb-1234.abc');
    expect(response.json().requestId).toBe('lb-1234.abc');
  });

  it('replaces an insane one', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\nforged' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers and compression', () => {
  it('sets the security headers on API responses and errors alike', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('compresses large JSON when the client accepts it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI document listing the routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/city', '/api/city/{id}', '/api/usersrouts/getAllBanner', '/api/project/random']),
    );
    expect(doc.paths['/api/city'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['page', 'limit']),
    );
    // Docs, media and the SPA fallback are plumbing, not API.
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/') && !path.startsWith('/api/docs'))).toBe(true);
  });

  it('serves Swagger UI from this origin, with no CDN', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\//);
    const script = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });
});

describe('config in tests', () => {
  it('is the production loader with a temporary data folder', () => {
    // The cache size is chosen per database kind by createTestApp (off on PostgreSQL; see test-app.ts).
    expect(ctx.config).toEqual({
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: ctx.config.dataDir, WEB_DIST_DIR: ctx.config.webDistDir, DASHBOARD_DIST_DIR: ctx.config.dashboardDistDir, INSIGHTS_DIST_DIR: ctx.config.insightsDistDir }),
      publicCacheBytes: ctx.config.publicCacheBytes,
    });
  });
});
