import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Decision 028: the web plugin loads the web app's server bundle from `{distDir}-ssr/entry-server.js` and renders the
 * open pages with it. A stand-in bundle here shows what the plugin does with each of its answers; the real bundle is
 * checked in a browser (e2e/hydration.spec.ts).
 */

const INDEX_HTML = `<!doctype html>
<html lang="en-IN">
  <head>
    <title>Nivaas: homes and projects across India</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-abc123.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>Nivaas needs JavaScript to show homes and projects.</noscript>
  </body>
</html>
`;

// /about renders what the API answered in process; /contact-us fails to render; /blog is left to the browser.
const SERVER_BUNDLE = `
export async function renderPage(url, serverFetch) {
  if (url.startsWith('/contact-us')) throw new Error('render failed on purpose');
  if (url.startsWith('/blog')) return { kind: 'skipped', reason: 'left to the browser' };
  const health = await serverFetch(new Request('http://server-render.invalid/api/health'));
  const body = await health.json();
  return {
    kind: 'rendered',
    html: '<main><h1>Rendered ' + url + '</h1><p>api said ' + body.status + '</p></main>',
    headTags: '<link rel="preload" as="image" href="/media/x.webp"/>',
    dataScripts: '<script type="application/json" id="nivaas-state">{}</script>',
    modules: ['src/app/layout/root-layout.tsx', 'src/features/content/about-page.tsx', 'src/unknown.tsx'],
  };
}
`;

let ctx: TestContext;
let parent: string;

beforeAll(async () => {
  parent = mkdtempSync(path.join(tmpdir(), 'nivaas-web-render-'));
  const webDir = path.join(parent, 'dist');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  // Decision 032: Vite's build manifest, which names each page module's chunk and the chunks it imports.
  mkdirSync(path.join(webDir, '.vite'));
  writeFileSync(
    path.join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/main.tsx': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_vendor-abc123.js'] },
      'src/boot.ts': { file: 'assets/boot-abc123.js', isEntry: true },
      '_vendor-abc123.js': { file: 'assets/vendor-abc123.js' },
      '_card-abc123.js': { file: 'assets/card-abc123.js', imports: ['_vendor-abc123.js'] },
      'src/app/layout/root-layout.tsx': { file: 'assets/root-layout-abc123.js', imports: ['_vendor-abc123.js', '_card-abc123.js'] },
      'src/features/content/about-page.tsx': { file: 'assets/about-page-abc123.js', imports: ['_card-abc123.js'] },
    }),
  );
  mkdirSync(`${webDir}-ssr`);
  writeFileSync(path.join(`${webDir}-ssr`, 'entry-server.js'), SERVER_BUNDLE);
  ctx = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
});

afterAll(async () => {
  await ctx?.close();
  rmSync(parent, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('server-rendered pages', () => {
  it("puts the rendered body in the root, the data after it and the preloads in the head, with the page's status", async () => {
    const response = await get('/about?from=test');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = response.body;
    // The page's API call was answered in process, by this app.
    expect(html).toContain('<div id="root"><main><h1>Rendered /about?from=test</h1><p>api said ok</p></main></div><script type="application/json" id="nivaas-state">');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/media/x.webp"/>');
    expect(head).toContain('rel="canonical"');
    // The rendered page reads without JavaScript, so it does not say it needs it.
    expect(html).not.toContain('<noscript>');
  });

  it("names only the boot script, with the entry and the page's chunks for after the first paint (decisions 032, 041)", async () => {
    const html = (await get('/about')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    // No script or chunk is fetched alongside the first screen: the boot script asks for them once it has painted.
    expect(head.match(/<script\b[^>]*\bsrc=/g)).toHaveLength(1);
    expect(head).not.toContain('rel="modulepreload"');
    const boot = /<script type="module" fetchpriority="low" crossorigin src="\/assets\/boot-abc123\.js" data-app-entry="([^"]+)" data-app-preload="([^"]*)"><\/script>/.exec(head);
    expect(boot?.[1]).toBe('/assets/index-abc123.js');
    // Each chunk once: index.html's own preload first, then the page's; an unknown module adds nothing.
    expect(boot?.[2]?.split(' ')).toEqual(['/assets/vendor-abc123.js', '/assets/root-layout-abc123.js', '/assets/card-abc123.js', '/assets/about-page-abc123.js']);
    const at = (text: string) => head.indexOf(text);
    expect(at('rel="stylesheet"')).toBeGreaterThan(-1);
    expect(at('rel="stylesheet"')).toBeLessThan(at('rel="canonical"'));
    expect(at('rel="canonical"')).toBeLessThan(at('rel="preload" as="image"'));
    expect(at('rel="preload" as="image"')).toBeLessThan(at('src="/assets/boot-abc123.js"'));
  });

  it('keeps the default priority of the scripts when the browser renders the page (decision 032)', async () => {
    const html = (await get('/contact-us')).body;
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html).not.toContain('fetchpriority="low"');
  });

  it('sends the client-rendered shell with 200, never a 500, when rendering fails, and keeps it out of caches', async () => {
    const response = await get('/contact-us');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('rel="canonical"');
  });

  it('sends the shell when the bundle leaves the page to the browser', async () => {
    const response = await get('/blog');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('never renders a signed-in page on the server', async () => {
    const response = await get('/wishlist');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('Rendered');
  });

  it("renders an unknown path's not-found page with its 404", async () => {
    const response = await get('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>Rendered /no/such/page</h1>');
  });
});
