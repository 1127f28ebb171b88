import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachChat } from '../chat/chat.gateway';
import { loggerOptions } from '../logger';
import { ChatTestClient } from '../test/chat-test-client';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * /metrics (issue 16, docs/decisions/027-metrics.md) as Prometheus and an outsider see it, on the real app and
 * database (PGlite, or PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set).
 */

const TOKEN = 'scrape-token-0123456789abcdef0123456789';
const OUTSIDE = '203.0.113.9';
const redisEnv = (): Record<string, string> => (process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, RATE_LIMIT_REDIS_PREFIX: `nivaas-test:${randomUUID()}:` } : {});

/** The sum of a metric's samples whose labels include `labels` (0 when there are none). */
function valueOf(exposition: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) total += Number(match[3]);
  }
  return total;
}

interface Asked {
  remoteAddress?: string;
  headers?: Record<string, string>;
}

const scrape = (context: TestContext, { remoteAddress = '127.0.0.1', headers = {} }: Asked = {}) =>
  context.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

async function metricsOf(context: TestContext): Promise<string> {
  const response = await scrape(context);
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** What an unknown path answers, without its request id: what a refused scrape must look like. */
async function notFoundShape(context: TestContext, url: string, asked: Asked = {}) {
  const response = await context.app.inject({ method: 'GET', url, remoteAddress: asked.remoteAddress ?? OUTSIDE, headers: asked.headers ?? {} });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.body.replaceAll(url, '<path>').replace(/"requestId":"[^"]*"/, '') };
}

describe('/metrics with the default access (loopback only, no token)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { TRACKING_REQUESTS_PER_IP_PER_MINUTE: '1', ...redisEnv() } });
  });
  afterAll(() => ctx?.close());

  it('answers Prometheus text with the process metrics, and no cache may keep it', async () => {
    const response = await scrape(ctx);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE nivaas_http_request_duration_seconds histogram');
    expect(response.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(response.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it("counts a request under its route's pattern, method and status class, never its URL", async () => {
    const labels = { route: '/api/project/:id', method: 'GET', status_class: '4xx' };
    const before = valueOf(await metricsOf(ctx), 'nivaas_http_request_duration_seconds_count', labels);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/project/987654' })).statusCode).toBe(404);
    const after = await metricsOf(ctx);
    expect(valueOf(after, 'nivaas_http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(valueOf(after, 'nivaas_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 1);
    expect(after).not.toContain('987654');
    // Scrapes themselves are not requests of the site.
    expect(after).not.toContain('route="/metrics"');
  });

  it('counts the public cache by route: a miss, then a hit', async () => {
    const url = `/api/city?page=1&limit=${3 + Math.floor(Math.random() * 5)}`;
    const labels = { route: '/api/city' };
    const before = await metricsOf(ctx);
    const first = await ctx.app.inject({ method: 'GET', url });
    const second = await ctx.app.inject({ method: 'GET', url });
    const after = await metricsOf(ctx);
    for (const [response, outcome] of [
      [first, 'miss'],
      [second, 'hit'],
    ] as const) {
      // The public cache is off in the PostgreSQL test app (test-app.ts): then nothing is looked up, nothing counted.
      const seen = response.headers['x-cache'] === outcome ? 1 : 0;
      expect(valueOf(after, 'nivaas_public_cache_requests_total', { ...labels, outcome }) - valueOf(before, 'nivaas_public_cache_requests_total', { ...labels, outcome })).toBe(seen);
    }
  });

  it('refuses an outside address with exactly the answer of an unknown path', async () => {
    const refused = await notFoundShape(ctx, '/metrics');
    expect(refused.status).toBe(404);
    expect(refused).toEqual(await notFoundShape(ctx, '/no-such-page'));
    // A token sent where none is configured opens nothing.
    expect((await scrape(ctx, { remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });

  it('refuses a loopback peer that forwards someone else (a local load balancer the app does not trust)', async () => {
    const proxied: Record<string, string>[] = [{ 'x-forwarded-for': OUTSIDE }, { 'x-real-ip': OUTSIDE }, { forwarded: `for=${OUTSIDE}` }];
    for (const headers of proxied) {
      expect((await scrape(ctx, { headers })).statusCode, JSON.stringify(headers)).toBe(404);
    }
  });

  it('counts a refused rate limit by limiter, and an ingested batch by stored, duplicate and refused', async () => {
    const before = await metricsOf(ctx);
    const events = [1, 2, 3].map(() => ({ id: randomUUID(), event_name: 'PAGE_VIEW', at: new Date().toISOString(), page: '/developers' }));
    const send = (remoteAddress: string) => ctx.app.inject({ method: 'POST', url: '/api/track/event', remoteAddress, payload: { events } });
    expect((await send('10.16.0.1')).statusCode).toBe(202);
    // One call per minute per address here: the second from that address is refused.
    expect((await send('10.16.0.1')).statusCode).toBe(429);
    expect((await send('10.16.0.2')).json()).toMatchObject({ stored: 0, duplicates: 3 });
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/track/event', remoteAddress: '10.16.0.3', payload: { events: [{ event_name: 'PAGE_VIEW' }] } });
    expect(bad.statusCode).toBe(400);

    const after = await metricsOf(ctx);
    const moved = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('nivaas_rate_limit_refusals_total', { limiter: 'tracking:address' })).toBe(1);
    expect(moved('nivaas_tracking_events_total', { outcome: 'stored' })).toBe(3);
    expect(moved('nivaas_tracking_events_total', { outcome: 'duplicate' })).toBe(3);
    expect(moved('nivaas_tracking_batches_refused_total', { status: '429' })).toBe(1);
    expect(moved('nivaas_tracking_batches_refused_total', { status: '400' })).toBe(1);
  });

  it('times database statements, and on PostgreSQL reports its pool', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/project/987655' });
    const exposition = await metricsOf(ctx);
    const driver = ctx.database.kind;
    expect(valueOf(exposition, 'nivaas_db_query_duration_seconds_count', { driver, kind: 'statement' })).toBeGreaterThan(0);
    if (driver === 'postgres') {
      expect(valueOf(exposition, 'nivaas_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(exposition).toMatch(/^nivaas_db_pool_waiting_requests \d+$/m);
    }
  });

  it('is never rate limited', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => scrape(ctx)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
  });
});

describe('/metrics with an address range, a token and a trusted proxy', () => {
  let ctx: TestContext;
  let other: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    ctx = await createTestApp({
      env: { METRICS_ALLOW: '10.20.0.0/16', METRICS_TOKEN: TOKEN, TRUST_PROXY: 'loopback' },
      logger: pino(loggerOptions({ logLevel: 'info', nodeEnv: 'production' }), sink),
    });
    other = await createTestApp({ env: { METRICS_ALLOW: 'none', METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await ctx?.close();
    await other?.close();
  });

  it('answers the range directly and through the trusted proxy, and no longer loopback itself', async () => {
    expect((await scrape(ctx, { remoteAddress: '10.20.3.4' })).statusCode).toBe(200);
    expect((await scrape(ctx, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '10.20.3.4' } })).statusCode).toBe(200);
    expect((await scrape(ctx, { remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    expect((await scrape(ctx, { remoteAddress: '10.21.0.1' })).statusCode).toBe(404);
  });

  it('refuses an outsider who forges X-Forwarded-For through the proxy', async () => {
    // The proxy appends the address it saw; the outsider wrote the first entry.
    for (const forged of ['10.20.3.4', '127.0.0.1', `10.20.3.4, ${OUTSIDE}`]) {
      expect((await scrape(ctx, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `${forged}, ${OUTSIDE}` } })).statusCode, forged).toBe(404);
    }
    // Sent straight to the process, not through the proxy, the header is not believed at all.
    expect((await scrape(ctx, { remoteAddress: OUTSIDE, headers: { 'x-forwarded-for': '10.20.3.4' } })).statusCode).toBe(404);
  });

  it('answers the token from anywhere, and a wrong or malformed one like an unknown path', async () => {
    expect((await scrape(ctx, { remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, 'Bearer ', `Basic ${TOKEN}`]) {
      const refused = await notFoundShape(ctx, '/metrics', { headers: { authorization } });
      expect(refused, authorization).toEqual(await notFoundShape(ctx, '/no-such-page', { headers: { authorization } }));
      expect(refused.status).toBe(404);
    }
  });

  it('METRICS_ALLOW=none answers only the token, not even loopback', async () => {
    expect((await scrape(other)).statusCode).toBe(404);
    expect((await scrape(other, { headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
  });

  it("keeps each app's counters to itself", async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/project/987656', remoteAddress: OUTSIDE });
    const own = (await scrape(ctx, { headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const labels = { route: '/api/project/:id', method: 'GET' };
    expect(valueOf(own, 'nivaas_http_request_duration_seconds_count', labels)).toBe(1);
    const theirs = (await scrape(other, { headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(valueOf(theirs, 'nivaas_http_request_duration_seconds_count', labels)).toBe(0);
  });

  it('writes no info line for a scrape, while other requests are logged', async () => {
    lines.length = 0;
    await scrape(ctx, { remoteAddress: '10.20.3.4' });
    await scrape(ctx, { remoteAddress: OUTSIDE });
    expect(lines.filter((line) => line.includes('/metrics'))).toEqual([]);
    await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.20.3.4' });
    expect(lines.some((line) => line.includes('/api/health'))).toBe(true);
  });
});

describe('/metrics behind TRUST_PROXY=true (every hop believed)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => ctx?.close());

  it('judges only a direct scrape by its address: a forged hop from outside is refused', async () => {
    expect((await scrape(ctx)).statusCode).toBe(200);
    expect((await scrape(ctx, { remoteAddress: OUTSIDE, headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(404);
    expect((await scrape(ctx, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(404);
  });
});

describe('chat connections', () => {
  let ctx: TestContext;
  const clients: ChatTestClient[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({ env: { CHAT_CONNECTIONS_PER_IP: '2' } });
    await attachChat(ctx.app, { modules: ctx.modules, config: ctx.config });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await ctx?.close();
  });

  it('are counted while open, and one over the per-address bound is a refusal of its limiter', async () => {
    const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const open = () => {
      const client = new ChatTestClient(url);
      clients.push(client);
      return client;
    };
    const connections = async () => valueOf(await metricsOf(ctx), 'nivaas_chat_connections');
    const first = open();
    await Promise.all([first.connected(), open().connected()]);
    expect(await connections()).toBe(2);
    await expect(open().connected()).rejects.toThrow();
    expect(valueOf(await metricsOf(ctx), 'nivaas_rate_limit_refusals_total', { limiter: 'chat:connections-per-address' })).toBe(1);
    first.close();
    // The refused one is closed by the server, the first by its client.
    await expect.poll(connections).toBe(1);
  });
});
