import { createHash } from 'node:crypto';
import type { Database } from '@nivaas/db';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createCatalogueChanges, forgetOnChange } from '../lib/catalogue-changes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 answers depend only on its URL and the public catalogue, so they may be kept and replayed
     * to anonymous callers until the catalogue changes (see this file).
     */
    publicCache?: boolean;
  }
}

/**
 * A backstop, not the freshness mechanism: answers that read the clock (the daily shuffle of /project/random,
 * possession dates becoming 'ready') drift at most this long. Catalogue writes clear the cache at once.
 */
const ENTRY_TTL_MS = 5 * 60_000;

export const CACHE_STATUS_HEADER = 'x-cache';

export interface PublicCacheOptions {
  database: Database;
  /** Upper bound on the bytes of kept bodies; 0 turns the cache off. */
  maxBytes: number;
  now?: () => number;
}

interface Entry {
  body: string;
  contentType: string;
  /** The route's own cache-control, replayed with the body (issue 15: a page's HTML must say no-cache). */
  cacheControl: string | undefined;
  etag: string;
  bytes: number;
  expires: number;
}

/**
 * Public catalogue answers, kept as the exact bytes sent, keyed by URL, and served without touching the database.
 *
 * Why: on the embedded database every query runs on the server's one JavaScript thread, so ten visitors reading
 * the same city page queue behind each other (docs/decisions/004-public-response-cache.md). Visitors read far
 * more than anyone writes, and they read the same pages.
 *
 * Freshness: every committed write to a catalogue table sends NOTIFY (a statement-level trigger), and any notice
 * empties the cache. On PGlite the notice arrives before the writing statement returns, so a write is visible to
 * the very next request. On PostgreSQL it arrives over a LISTEN connection a moment after commit; while that
 * connection is down the cache is off. An answer computed while a write committed is not kept (the generation
 * check), so a stale body can never outlive the notice that should have removed it.
 *
 * Only anonymous GETs of routes marked `config.publicCache` use it: a request with a bearer token may be answered
 * differently (an owner sees their own pending listings), so it always runs the route.
 */
const publicCachePlugin: FastifyPluginAsync<PublicCacheOptions> = async (app, { database, maxBytes, now = Date.now }) => {
  if (maxBytes <= 0) return;

  const entries = new Map<string, Entry>();
  let keptBytes = 0;
  let generation = 0;
  const pending = new WeakMap<FastifyRequest, number>();

  const clear = () => {
    generation += 1;
    entries.clear();
    keptBytes = 0;
  };
  const notices = forgetOnChange(clear);
  const stopListening = await createCatalogueChanges(database).subscribe(notices);
  app.addHook('onClose', async () => {
    // The caller may close the database first (it owns it); a closed database has no listener left to stop.
    await stopListening().catch(() => undefined);
  });

  const cacheable = (request: FastifyRequest) =>
    notices.keeping() && request.method === 'GET' && request.routeOptions.config.publicCache === true && request.headers.authorization === undefined;

  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request)) return;
    const entry = entries.get(request.url);
    if (entry && entry.expires > now()) {
      // Most recently used last, so eviction takes the oldest from the front.
      entries.delete(request.url);
      entries.set(request.url, entry);
      return sendKept(request, reply, entry);
    }
    if (entry) forget(request.url);
    pending.set(request, generation);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const startedAt = pending.get(request);
    if (startedAt === undefined) return payload;
    pending.delete(request);
    reply.header(CACHE_STATUS_HEADER, 'miss');
    if (reply.statusCode !== 200 || typeof payload !== 'string' || startedAt !== generation) return payload;
    // A route that says no-store means it (e.g. the web app's shell sent because its head could not be made).
    if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return payload;
    const bytes = Buffer.byteLength(payload);
    if (bytes > maxBytes / 8) return payload;
    const entry: Entry = {
      body: payload,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      cacheControl: reply.hasHeader('cache-control') ? String(reply.getHeader('cache-control')) : undefined,
      etag: etagOf(payload),
      bytes,
      expires: now() + ENTRY_TTL_MS,
    };
    forget(request.url);
    entries.set(request.url, entry);
    keptBytes += bytes;
    for (const [key] of entries) {
      if (keptBytes <= maxBytes) break;
      forget(key);
    }
    reply.header('etag', entry.etag);
    return payload;
  });

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    keptBytes -= entry.bytes;
  }
};

function sendKept(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  reply.header(CACHE_STATUS_HEADER, 'hit').header('etag', entry.etag);
  if (entry.cacheControl !== undefined) reply.header('cache-control', entry.cacheControl);
  // A phone that already holds these bytes gets a 304 and nothing else.
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  return reply.type(entry.contentType).send(entry.body);
}

function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

export default fp(publicCachePlugin, { name: 'public-cache' });
