import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const ENTRY = 'export function get() {}\nexport function init() {}\n';

let dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe('the provider console remote, built', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    const webDir = tempDir('nivaas-web-dist-');
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    const dashboardDir = tempDir('nivaas-dashboard-dist-');
    mkdirSync(path.join(dashboardDir, 'assets'));
    writeFileSync(path.join(dashboardDir, 'remoteEntry.js'), ENTRY);
    writeFileSync(path.join(dashboardDir, 'assets/provider-console-abc123.js'), 'export default 1;\n');
    writeFileSync(path.join(dashboardDir, 'index.html'), '<!doctype html><title>standalone</title>');
    ctx = await createTestApp({ env: { WEB_DIST_DIR: webDir, DASHBOARD_DIST_DIR: dashboardDir } });
  });
  afterAll(async () => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('serves the remote entry as JavaScript, revalidated on every load (its name never changes)', async () => {
    const response = await get('/remotes/dashboard/remoteEntry.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(ENTRY);
  });

  it('serves hashed chunks as immutable for a year', async () => {
    const response = await get('/remotes/dashboard/assets/provider-console-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing file, the standalone page and a path climbing out with 404, never the web app', async () => {
    for (const url of [
      '/remotes/dashboard/assets/gone-000000.js',
      '/remotes/dashboard/',
      '/remotes/dashboard/index.html',
      '/remotes/dashboard/assets%2f..%2f..%2f..%2fpackage.json',
      '/remotes/other/remoteEntry.js',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
    }
  });

  it('leaves /dashboard to the web app (the host renders the console there)', async () => {
    const response = await get('/dashboard/audit');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });
});

describe('the provider console remote, not built', () => {
  it('answers its entry with 404 JSON while the web app still serves its pages', async () => {
    const webDir = tempDir('nivaas-web-dist-');
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    const ctx = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
    try {
      const entry = await ctx.app.inject({ method: 'GET', url: '/remotes/dashboard/remoteEntry.js' });
      expect(entry.statusCode).toBe(404);
      expect(entry.json()).toMatchObject({ success: false, statusCode: 404 });
      const page = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
      expect(page.body).toBe(INDEX_HTML);
    } finally {
      await ctx.close();
    }
  });
});
