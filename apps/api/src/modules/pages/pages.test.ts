import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectPath } from '@nivaas/contracts/project-path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlog, createBuilder, createFaq, createProject } from '../../test/factories';
import { createWorld, type World } from '../../test/lifecycle';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Issue 15: what a crawler or a link preview reads from the raw HTML, with no JavaScript run. */

const ORIGIN = 'https://www.nivaas.test';
// The shape of the real build's index.html: its own title and description, the root and the module script.
const INDEX_HTML = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The shell's own description."
    />
    <title>Nivaas: homes and projects across India</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const HOSTILE_NAME = `Sunrise "Heights" </script><script>alert(1)</script> & Co's`;

let ctx: TestContext;
let webDir: string;
let world: World;
const ids = { project: 0, hostile: 0, hidden: 0, builder: 0, hiddenBuilder: 0, blog: 0, hiddenBlog: 0, draft: 0, listing: 0 };
let names: { city: string; zone: string; location: string };

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'nivaas-pages-dist-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  ctx = await createTestApp({
    env: { WEB_DIST_DIR: webDir, PUBLIC_ORIGIN: ORIGIN },
    prepare: async ({ db }) => {
      world = await createWorld(db);
      const builder = await createBuilder(db, { name: 'Kaveri Homes' });
      ids.builder = builder.id;
      ids.hiddenBuilder = (await createBuilder(db, { approval: 'pending' })).id;
      const place = { cityId: world.cityId, zoneId: world.zoneId, locationId: world.locationId, builderId: builder.id };
      ids.project = (
        await createProject(db, {
          ...place,
          name: 'Green Acres',
          description: 'Two and three BHK homes by the lake.',
          units: [
            { type: '2', minPrice: 8_500_000, maxPrice: 9_000_000 },
            { type: '3', minPrice: 11_000_000, maxPrice: 12_500_000 },
          ],
        })
      ).id;
      ids.hostile = (await createProject(db, { ...place, name: HOSTILE_NAME })).id;
      ids.hidden = (await createProject(db, { ...place, approval: 'pending' })).id;
      ids.draft = (await createProject(db, { ...place, name: 'Freshly Published', status: 'inactive', approval: 'pending' })).id;
      // A broker's upload: its page is named by its first unit's type and its property type (spec §2).
      ids.listing = (
        await createProject(db, { cityId: world.cityId, locationId: world.locationId, item: 'listing', type: 'villa', brokerId: world.brokerA, units: [{ type: '4', minPrice: 20_000_000, maxPrice: 20_000_000 }] })
      ).id;
      ids.blog = (await createBlog(db, { title: 'Buying your first home', slug: 'first-home', authorName: 'Asha' })).id;
      ids.hiddenBlog = (await createBlog(db, { status: 'inactive' })).id;
      await createFaq(db, { question: 'Is listing free?', answer: 'Yes, for owners.' });
    },
  });
  const detail = await ctx.modules.projects.get(ids.project);
  names = { city: detail.city.name, zone: detail.zone?.name ?? '', location: detail.location.name };
});

afterAll(async () => {
  await ctx?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const slug = (text: string) => text.toLowerCase().replace(/\s+/g, '-');

function projectUrl(name: string, id: number): string {
  return `/properties/${slug(names.city)}/${slug(names.zone)}/${slug(names.location)}/${slug(name)}/${id}`;
}

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const tag = new RegExp(`<meta data-page-head ${attribute}="${key}" content="([^"]*)"`).exec(html);
  return tag?.[1];
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script data-page-head type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (found) => JSON.parse(found[1] ?? 'null') as Record<string, unknown>,
  );
}

describe('a project page without JavaScript', () => {
  it('has its name, price, Open Graph, an absolute canonical and valid JSON-LD in the raw HTML', async () => {
    const url = projectUrl('Green Acres', ids.project);
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('<title data-page-head>Green Acres by Kaveri Homes in');
    expect(html).toContain('₹ 85 L – 1.25 Cr');
    // The shell's own title and description gave way: one of each in the document.
    expect(html.match(/<title/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<link data-page-head rel="canonical" href="${ORIGIN}${url}" />`);
    expect(metaContent(html, 'property', 'og:title')).toContain('Green Acres');
    expect(metaContent(html, 'property', 'og:image')).toMatch(new RegExp(`^${ORIGIN}/media/`));
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'robots')).toBeUndefined();
    // The app still boots: the root and the module script are there, after the head.
    expect(html).toContain('<div id="root"></div>');
    expect(html.indexOf('data-page-head')).toBeLessThan(html.indexOf('</head>'));

    const objects = jsonLd(html);
    const residence = objects.find((object) => Array.isArray(object['@type']) && (object['@type'] as string[]).includes('Residence'));
    expect(residence).toMatchObject({
      name: 'Green Acres',
      url: `${ORIGIN}${url}`,
      address: { '@type': 'PostalAddress', addressRegion: names.city, addressCountry: 'IN' },
      offers: { '@type': 'AggregateOffer', priceCurrency: 'INR', lowPrice: 8_500_000, highPrice: 12_500_000 },
    });
    expect(objects.find((object) => object['@type'] === 'Organization')).toMatchObject({ name: 'Nivaas', url: `${ORIGIN}/` });
    const crumbs = objects.find((object) => object['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string }[] };
    expect(crumbs.itemListElement.map((crumb) => crumb.name)).toEqual(['Home', names.city, names.location, 'Green Acres']);
    expect(crumbs.itemListElement.every((crumb) => crumb.item.startsWith(ORIGIN))).toBe(true);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('is kept by the public cache with its no-cache header, and a catalogue change empties it', async () => {
    const url = projectUrl('Green Acres', ids.project);
    const first = await get(url);
    const second = await get(url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers['content-type']).toMatch(/^text\/html/);
    await ctx.modules.projectsAdmin.update(world.staff, ids.hostile, { description: 'Renovated.' });
    expect((await get(url)).headers['x-cache']).toBe('miss');
  });

  it('falls back to the plain shell (200, kept by no cache) when the head cannot be made', async () => {
    const projects = ctx.modules.projects;
    const real = projects.get;
    projects.get = () => Promise.reject(new Error('database away'));
    try {
      const url = `${projectUrl('Green Acres', ids.project)}?from=fallback`;
      for (const attempt of [1, 2]) {
        const response = await get(url);
        expect(response.statusCode, String(attempt)).toBe(200);
        expect(response.body).toBe(INDEX_HTML);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['x-cache'] ?? 'miss').toBe('miss');
      }
    } finally {
      projects.get = real;
    }
  });

  it('escapes a name that tries to break out of the head or the JSON-LD', async () => {
    const detail = await ctx.modules.projects.get(ids.hostile);
    const response = await get(projectPath(detail));
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('Sunrise &quot;Heights&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co&#39;s');
    // Every script tag the head opened is closed by its own end tag, and its JSON parses back to the exact name.
    const names = jsonLd(response.body).map((object) => object.name);
    expect(names).toContain(HOSTILE_NAME);
  });

  it('answers 404 with the app shell and a noindex for an unknown or hidden project', async () => {
    for (const id of [999_999, ids.hidden]) {
      const response = await get(projectUrl('anything', id));
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.body).toContain('<div id="root"></div>');
      expect(metaContent(response.body, 'name', 'robots')).toBe('noindex');
      expect(response.body).toContain('Page not found');
    }
    expect((await get('/properties/a/b/c/d/not-a-number')).statusCode).toBe(404);
  });

  it('redirects (301) a renamed or wrong slug to the canonical path, the query kept', async () => {
    const response = await get(`${projectUrl('old-name', ids.project)}?tab=units`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`${projectUrl('Green Acres', ids.project)}?tab=units`);
    const listingAddress = await get(`/broker-property-details/2/apartment/${ids.project}`);
    expect(listingAddress.statusCode).toBe(301);
    expect(listingAddress.headers.location).toBe(projectUrl('Green Acres', ids.project));
  });
});

describe('other pages', () => {
  it('answers an unknown path, builder, blog, broker and place with 404 and the shell', async () => {
    for (const url of [
      '/no-such-page',
      `/developer/x/${ids.hiddenBuilder}`,
      '/developer/x/424242',
      `/blog/x/${ids.hiddenBlog}`,
      `/broker-info/${world.pendingBroker}`,
      '/location-property/x/909090',
      '/location-property/x/y/909090',
      '/actual-location/x/y/z/909090',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it('describes a builder, a broker, a blog post (article) and the contact page (FAQs)', async () => {
    const builder = await get(`/developer/kaveri-homes/${ids.builder}`);
    expect(builder.statusCode).toBe(200);
    expect(builder.body).toContain('Kaveri Homes: projects and homes for sale');

    const broker = await get(`/broker-info/${world.brokerA}`);
    expect(broker.statusCode).toBe(200);
    expect(jsonLd(broker.body).some((object) => object['@type'] === 'RealEstateAgent')).toBe(true);

    const blog = await get(`/blog/first-home/${ids.blog}`);
    expect(blog.statusCode).toBe(200);
    expect(metaContent(blog.body, 'property', 'og:type')).toBe('article');
    expect(jsonLd(blog.body).find((object) => object['@type'] === 'BlogPosting')).toMatchObject({ headline: 'Buying your first home', author: { name: 'Asha' } });

    const contact = await get('/contact-us');
    const faq = jsonLd(contact.body).find((object) => object['@type'] === 'FAQPage') as { mainEntity: { name: string }[] };
    expect(faq.mainEntity.map((question) => question.name)).toContain('Is listing free?');

    // A locality's results are their own page; free text is not.
    const results = await get('/property-detail-page?locationId=7&bhk=2');
    expect(results.body).toContain(`<link data-page-head rel="canonical" href="${ORIGIN}/property-detail-page?locationId=7" />`);
    const search = await get('/property-detail-page?search=%3Cscript%3E');
    expect(search.body).toContain(`<link data-page-head rel="canonical" href="${ORIGIN}/property-detail-page" />`);

    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<link data-page-head rel="canonical" href="${ORIGIN}/" />`);
  });

  it('marks sign-in forms and signed-in pages noindex, still 200 so the client can render them', async () => {
    for (const url of ['/login', '/wishlist', '/ViewallUploads/pending-properties']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(metaContent(response.body, 'name', 'robots'), url).toBe('noindex');
    }
  });
});

describe('robots.txt and the sitemap', () => {
  it('answers the icon browsers ask for at /favicon.ico (an unknown path is a 404 now, which Chromium logs as an error)', async () => {
    const response = await get('/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg xmlns='http:\/\/www.w3.org\/2000\/svg'/);
  });

  it('robots.txt opens the site, closes the API and signed-in pages, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /dashboard', 'Disallow: /wishlist', 'Disallow: /ViewallUploads']));
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  async function sitemapUrls(): Promise<string[]> {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((found) => found[1] ?? '');
    expect(files).toEqual(expect.arrayContaining([`${ORIGIN}/sitemaps/pages-1.xml`, `${ORIGIN}/sitemaps/projects-1.xml`, `${ORIGIN}/sitemaps/blogs-1.xml`]));
    const urls: string[] = [];
    for (const file of files) {
      const response = await get(file.slice(ORIGIN.length));
      expect(response.statusCode, file).toBe(200);
      expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      // Every entry is a whole <url> with an absolute <loc>; record pages carry a W3C <lastmod>.
      for (const entry of response.body.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)) {
        expect(entry[1]).toMatch(new RegExp(`^${ORIGIN}/`));
        if (entry[2] !== undefined) expect(Number.isNaN(Date.parse(entry[2]))).toBe(false);
        urls.push(entry[1] ?? '');
      }
      expect(response.body.match(/<url>/g)?.length ?? 0).toBe(response.body.match(/<url><loc>[^<]+<\/loc>(<lastmod>[^<]+<\/lastmod>)?<\/url>/g)?.length ?? 0);
    }
    return urls;
  }

  it('lists every public page and no hidden one; a project published through the service appears at once', async () => {
    const before = await sitemapUrls();
    expect(before).toContain(`${ORIGIN}${projectUrl('Green Acres', ids.project)}`);
    expect(before).toContain(`${ORIGIN}/developer/kaveri-homes/${ids.builder}`);
    expect(before).toContain(`${ORIGIN}/blog/first-home/${ids.blog}`);
    expect(before).toContain(`${ORIGIN}/broker-info/${world.brokerA}`);
    expect(before).toContain(`${ORIGIN}/broker-property-details/4/villa/${ids.listing}`);
    expect(before).toContain(`${ORIGIN}/location-property/${slug(names.city)}/${world.cityId}`);
    expect(before).toContain(`${ORIGIN}/`);
    expect(before.some((url) => url.endsWith(`/${ids.hidden}`) && url.includes('/properties/'))).toBe(false);
    expect(before.some((url) => url.endsWith(`/developer/`) || url.includes(`/${ids.hiddenBuilder}`) && url.includes('/developer/'))).toBe(false);
    expect(before).not.toContain(`${ORIGIN}/broker-info/${world.pendingBroker}`);
    expect(before.some((url) => url.endsWith(`/${ids.draft}`))).toBe(false);

    await ctx.modules.projectsAdmin.update(world.staff, ids.draft, { status: 'active', approval: 'approved' });
    const after = await sitemapUrls();
    expect(after).toContain(`${ORIGIN}${projectUrl('Freshly Published', ids.draft)}`);
  });

  it('answers 404 for a sitemap file the index does not list', async () => {
    for (const url of ['/sitemaps/projects-9.xml', '/sitemaps/secrets-1.xml', '/sitemaps/projects-1.json', '/sitemaps/pages-2.xml']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
