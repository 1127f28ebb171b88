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
export const pagesRoutes: FastifyPluginAsync<PagesRoutesOptions> = async (app, { pages }) => {
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
