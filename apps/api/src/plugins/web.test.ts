import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/x-abc123.js"></script></body></html>';

let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'nivaas-web-dist-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, 'assets/x-abc123.js'), 'console.log("app");\n');
  // robots.txt is the server's own (modules/pages); any other file of the build is served as itself.
  writeFileSync(path.join(webDir, 'site.webmanifest'), '{"name":"Nivaas"}\n');
  ctx = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
  mkdirSync(path.join(ctx.config.mediaDir, 'projects'), { recursive: true });
  writeFileSync(path.join(ctx.config.mediaDir, 'projects/1-banner.webp'), 'RIFF....WEBP');
  // A secret next to the media folder, to prove requests cannot climb out of it.
  writeFileSync(path.join(ctx.config.dataDir, 'secret.txt'), 'do not serve');
});

afterAll(async () => {
  await ctx?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('web app', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const response = await get('/assets/x-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('serves index.html at / and for every client route, never cached without revalidation', async () => {
    // Issue 15: an unknown path or project is the same shell with 404 (the client renders its not-found page);
    // this shell has no head element, so it goes unchanged (modules/pages/pages.test.ts proves the head).
    for (const [url, status] of [
      ['/', 200],
      ['/about', 200],
      ['/some/client/route', 404],
      ['/properties/bengaluru/east/whitefield/x/12?tab=1', 404],
      ['/no-such-page', 404],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('serves other files in the build as themselves', async () => {
    const response = await get('/site.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Nivaas');
  });

  it('answers a missing hashed asset with 404 rather than HTML', async () => {
    const response = await get('/assets/gone-000000.js');
    expect(response.statusCode).toBe(404);
  });

  it('keeps unknown API paths as 404 JSON', async () => {
    for (const url of ['/api/unknown', '/api', '/api/city/1/nothing']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, statusCode: 404 });
    }
  });

  it('keeps non-GET requests to client routes as 404 JSON', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/some/client/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('does not serve files from outside the build folder', async () => {
    for (const url of ['/../secret.txt', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fetc%2fpasswd']) {
      const response = await get(url);
      expect(response.body, url).not.toContain('root:');
      expect(response.body, url).not.toContain('do not serve');
    }
  });
});

describe('media', () => {
  it('serves files from DATA_DIR/media with a long cache', async () => {
    const response = await get('/media/projects/1-banner.webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toMatch(/max-age=2592000/);
  });

  it('answers a missing media file with 404 JSON, not the web app', async () => {
    const response = await get('/media/projects/missing.webp');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });

  it('never serves files outside the media folder', async () => {
    // Dot segments, even percent-encoded ones, are resolved by URL parsing before routing (to
    // /etc/passwd, which the web app answers with index.html); encoded slashes reach the media route.
    for (const url of ['/media/../../etc/passwd', '/media/%2e%2e/secret.txt', '/media/..%2f..%2f..%2fetc%2fpasswd', '/media/..%2fsecret.txt']) {
      const response = await get(url);
      expect(response.body, url).not.toContain('root:');
      expect(response.body, url).not.toContain('do not serve');
      if (url.includes('%2f')) expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });

  it('refuses a raw request line that climbs out of the media folder', async () => {
    // inject() normalises URLs like a browser; a raw socket sends the path exactly as written.
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    for (const target of ['/media/../secret.txt', '/media/../../../../etc/passwd']) {
      const raw = await rawGet(Number(port), target);
      expect(raw.split('\r\n')[0], target).toMatch(/^HTTP\/1\.1 4\d\d/);
      expect(raw, target).not.toContain('do not serve');
      expect(raw, target).not.toContain('root:');
    }
  });
});

function rawGet(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
}
