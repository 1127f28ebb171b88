import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { fileInside } from '../lib/file-inside';
import type { PageResolver } from '../lib/page-answer';

export interface WebPluginOptions {
  distDir: string;
  /** Issue 15: the status and head of each page (modules/pages); without it every page is the plain shell with 200. */
  resolvePage?: PageResolver;
}

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Paths the SPA must never answer: they belong to the API, the media folder and the micro-frontend remotes
 * (plugins/remotes.ts), whose misses are 404 JSON.
 */
const SERVER_OWNED = /^(api|media|remotes)(\/|$)/;
/** Vite writes content-hashed bundles here, so a name never changes meaning: cache them for good. */
const HASHED_ASSETS = /^assets\//;
/** The shell's own title and description: a page's head replaces them, so the document has one of each. */
const SHELL_HEAD = [/<title>[\s\S]*?<\/title>\s*/i, /<meta\s+name="description"[^>]*>\s*/i];

/**
 * index.html cut where a page's head goes, once at start-up: each answer is then two concatenations. The template's
 * own title and description stay in the plain shell (the answer when no head could be made).
 */
function shellTemplate(html: string): { plain: string; withHead: (head: string) => string } {
  const stripped = SHELL_HEAD.reduce((text, pattern) => text.replace(pattern, ''), html);
  const at = stripped.search(/<\/head>/i);
  // A shell without a head element has nowhere to put one: it goes as it is.
  if (at < 0) return { plain: html, withHead: () => html };
  const before = `${stripped.slice(0, at)}  `;
  const after = `\n  ${stripped.slice(at)}`;
  return { plain: html, withHead: (head) => `${before}${head}${after}` };
}

/**
 * Serves the built web app when it exists (spec §2 layout: the client router renders every route, its not-found page
 * included). A GET for a path that is not a file gets index.html with the page's status and head (issue 15: 404 for
 * an unknown path or record, 301 from a non-canonical address); /api and /media keep their JSON 404s. A missing hashed asset is a 404 too: answering HTML for a
 * stale script URL would only turn a clear 404 into a MIME-type error in the browser.
 */
const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, { distDir, resolvePage }) => {
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ distDir: root }, 'web app not built: serving the API only');
    return;
  }

  const shell = shellTemplate(readFileSync(path.join(root, 'index.html'), 'utf8'));

  // serve: false, because the wildcard route below decides what each path means.
  await app.register(fastifyStatic, { root, serve: false, dotfiles: 'deny' });

  // Hidden from the OpenAPI document: these are the web app's pages and files, not API calls. A page's HTML depends only
  // on its URL and the public catalogue, so the public cache may keep it (only 200 string bodies are kept: files are
  // streams, and 404s and redirects are computed each time).
  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true }, config: { publicCache: true } }, async (request, reply) => {
    const urlPath = request.params['*'];
    if (SERVER_OWNED.test(urlPath)) return reply.callNotFound();

    if (HASHED_ASSETS.test(urlPath)) return reply.sendFile(urlPath, { maxAge: ONE_YEAR_MS, immutable: true });

    const file = fileInside(root, urlPath);
    if (file && file !== 'index.html') return reply.sendFile(file, { maxAge: 0 });

    // index.html names the current hashed bundles, so the browser must revalidate it every time.
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!resolvePage) return reply.send(shell.plain);
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    try {
      const answer = await resolvePage(pathname, queryAt < 0 ? '' : request.url.slice(queryAt));
      if (answer.kind === 'redirect') return reply.redirect(answer.location, 301);
      return reply.code(answer.status).send(shell.withHead(answer.head));
    } catch (error) {
      // A page whose head cannot be made (the database away, a bug) is still the app: the client renders it.
      request.log.error({ err: error, url: request.url }, 'could not build the page head: serving the plain shell');
      // no-store: neither the public cache nor the browser keeps this stand-in for the page.
      return reply.header('cache-control', 'no-store').send(shell.plain);
    }
  });
};

export default webPlugin;
