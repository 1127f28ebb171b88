import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { fileInside } from '../lib/file-inside';

export interface WebPluginOptions {
  distDir: string;
}

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Paths the SPA must never answer: they belong to the API, the media folder and the micro-frontend remotes
 * (plugins/remotes.ts), whose misses are 404 JSON.
 */
const SERVER_OWNED = /^(api|media|remotes)(\/|$)/;
/** Vite writes content-hashed bundles here, so a name never changes meaning: cache them for good. */
const HASHED_ASSETS = /^assets\//;

/**
 * Serves the built web app when it exists (spec §2 layout: the client router owns every route,
 * its not-found page included). A GET for a path that is not a file gets index.html with 200;
 * /api and /media keep their JSON 404s. A missing hashed asset is a 404 too: answering HTML for a
 * stale script URL would only turn a clear 404 into a MIME-type error in the browser.
 */
const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, { distDir }) => {
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ distDir: root }, 'web app not built: serving the API only');
    return;
  }

  // serve: false, because the wildcard route below decides what each path means.
  await app.register(fastifyStatic, { root, serve: false, dotfiles: 'deny' });

  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, (request, reply) => {
    const urlPath = request.params['*'];
    if (SERVER_OWNED.test(urlPath)) return reply.callNotFound();

    if (HASHED_ASSETS.test(urlPath)) return reply.sendFile(urlPath, { maxAge: ONE_YEAR_MS, immutable: true });

    const file = fileInside(root, urlPath);
    if (file && file !== 'index.html') return reply.sendFile(file, { maxAge: 0 });

    // index.html names the current hashed bundles, so the browser must revalidate it every time.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
};

export default webPlugin;
