import type { FastifyPluginAsync } from 'fastify';
import type { PagesService } from './pages.service';

export interface PagesRoutesOptions {
  pages: PagesService;
}

/**
 * Issue 15: /robots.txt, the sitemap index /sitemap.xml and its files /sitemaps/{kind}-{n}.xml, at the site's root
 * (where crawlers look for them), not under /api.
 *
 * Hidden from the OpenAPI document (`hide: true`): they are files for crawlers in the formats robots.txt and
 * sitemaps.org fix, not API calls a client of the JSON API makes, and the document (with the fuzz and access-matrix
 * tests that walk it) describes the JSON API under /api only. Their behaviour is proved by pages.test.ts.
 */
/**
 * The site's icon (the same house the page head names as a data URI). Browsers and link previews ask for
 * /favicon.ico whatever the page says, and since unknown paths answer 404 that request would fail on every JSON or
 * file page a browser opens.
 */
const SITE_ICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='8' fill='#196357'/>" +
  "<path d='M7 15.5 16 8l9 7.5' fill='none' stroke='#fbbf24' stroke-width='2.6' stroke-linecap='round' stroke-linejoin='round'/>" +
  "<path d='M10 14.5V24h12v-9.5' fill='none' stroke='#fff' stroke-width='2.6' stroke-linejoin='round'/>" +
  "<rect x='14' y='17.5' width='4' height='6.5' rx='1' fill='#fff'/></svg>";

export const pagesRoutes: FastifyPluginAsync<PagesRoutesOptions> = async (app, { pages }) => {
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(SITE_ICON_SVG),
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(pages.robots()),
  );

  // The sitemap is read from the catalogue: the public cache keeps it until the catalogue changes.
  app.get('/sitemap.xml', { schema: { hide: true }, config: { publicCache: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').send(await pages.sitemapIndex()),
  );

  app.get<{ Params: { name: string } }>('/sitemaps/:name', { schema: { hide: true }, config: { publicCache: true } }, async (request, reply) => {
    const name = request.params.name.endsWith('.xml') ? request.params.name.slice(0, -'.xml'.length) : null;
    const file = name === null ? null : await pages.sitemapFile(name);
    if (file === null) return reply.callNotFound();
    return reply.type('application/xml; charset=utf-8').send(file);
  });
};
