import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Issue 10 'Headers and edges': what a production server shows the world that development does not (HSTS), and
 * what it stops showing (Swagger UI and the JSON document, unless API_DOCS=true).
 */

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), PUBLIC_ORIGIN: 'https://nivaas.example', LOG_LEVEL: 'silent' };
const HSTS = 'max-age=31536000; includeSubDomains';

let production: TestContext;
let productionWithDocs: TestContext;
let development: TestContext;

beforeAll(async () => {
  production = await createTestApp({ env: PRODUCTION });
  productionWithDocs = await createTestApp({ env: { ...PRODUCTION, API_DOCS: 'true' } });
  development = await createTestApp({ env: { NODE_ENV: 'development', LOG_LEVEL: 'silent' } });
});

afterAll(async () => {
  await production?.close();
  await productionWithDocs?.close();
  await development?.close();
});

describe('Strict-Transport-Security', () => {
  it('is sent in production on answers, errors and not-found alike', async () => {
    for (const url of ['/api/health', '/api/city/abc', '/api/nope']) {
      const response = await production.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe(HSTS);
    }
  });

  it('is not sent in development or tests (it would pin localhost to HTTPS)', async () => {
    const response = await development.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('/api/docs', () => {
  it('is not served in production', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js']) {
      const response = await production.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('is served in production when API_DOCS=true, and in development', async () => {
    for (const ctx of [productionWithDocs, development]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths['/api/health']).toBeDefined();
    }
  });

  it('leaves the OpenAPI document buildable in process when the UI is off (the fuzzer reads it)', async () => {
    await production.app.ready();
    const document = production.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/project/{id}', '/api/broker/{id}']));
  });
});
