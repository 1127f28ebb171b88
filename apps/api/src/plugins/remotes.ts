import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { fileInside } from '../lib/file-inside';

export interface RemotesPluginOptions {
  /** Module Federation remotes by name, each served at /remotes/<name>/ from its build folder. */
  remotes: Record<string, string>;
}

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** Vite writes content-hashed chunks and styles here: a name never changes meaning. */
const HASHED_ASSETS = /^assets\//;

/**
 * The micro-frontend remotes (ARCHITECTURE 'Micro-frontends'): in production the API serves each remote's build from
 * the site's own origin, so the host loads `/remotes/dashboard/remoteEntry.js` with no CORS and the same CSP.
 * `remoteEntry.js` keeps its name across builds, so it is revalidated every time; the hashed chunks are cached for
 * good. Anything missing is a plain 404, never the web app's index.html: the host must see a failed load (and say
 * the console could not be loaded), not a page of HTML where it expected a script. The remote's own index.html is its
 * standalone development page and is not served.
 */
const remotesPlugin: FastifyPluginAsync<RemotesPluginOptions> = async (app, { remotes }) => {
  for (const [name, distDir] of Object.entries(remotes)) {
    const root = path.resolve(distDir);
    const built = existsSync(path.join(root, 'remoteEntry.js'));
    if (!built) app.log.warn({ remote: name, distDir: root }, 'remote not built: its address answers 404');

    await app.register(async (scope) => {
      if (built) await scope.register(fastifyStatic, { root, serve: false, dotfiles: 'deny' });

      scope.get<{ Params: { '*': string } }>(`/remotes/${name}/*`, { schema: { hide: true } }, (request, reply) => {
        const file = built ? fileInside(root, request.params['*']) : undefined;
        if (file === undefined || file === 'index.html') return reply.callNotFound();
        if (HASHED_ASSETS.test(file)) return reply.sendFile(file, { maxAge: ONE_YEAR_MS, immutable: true });
        return reply.header('cache-control', 'no-cache').sendFile(file, { cacheControl: false });
      });
    });
  }
};

export default remotesPlugin;
