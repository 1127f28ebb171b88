import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
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

/** The encodings kept beside a body, best first when a client takes several equally (the smaller wins). */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** @fastify/compress's own floor (plugins/compression.ts): below it a body is sent as it is, kept or not. */
const COMPRESS_THRESHOLD = 1024;

/**
 * Quality 5, one above the quality @fastify/compress uses per response (4): these bytes are made once per answer
 * and replayed many times, so a little more time buys smaller answers for every later visitor.
 */
const BROTLI_QUALITY = 5;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Compressed in libuv's thread pool, not on the thread that serves HTTP (and, on PGlite, runs the queries). */
function encode(encoding: Encoding, body: string): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } })
    : gzipped(body);
}

interface Entry {
  body: string;
  /** The body as each encoding, made once when the answer was kept (issue 15: a hit costs no compression). */
  encoded: Partial<Record<Encoding, Buffer>>;
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
  /**
   * Misses being computed, by URL: a second anonymous request for the same URL waits for the first one's answer
   * instead of running the same queries again (issue 16). Only within one generation: a catalogue write empties
   * this map, so a request that arrives after the write never takes an answer computed before it.
   */
  const inflight = new Map<string, { generation: number; leader: FastifyRequest; settle: (entry: Entry | undefined) => void; entry: Promise<Entry | undefined> }>();

  const clear = () => {
    generation += 1;
    entries.clear();
    keptBytes = 0;
    // Waiters are told to run the route themselves: the answer under way was computed before the write.
    for (const flight of inflight.values()) flight.settle(undefined);
    inflight.clear();
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
      return sendKept(request, reply, entry, 'hit');
    }
    if (entry) forget(request.url);
    const flight = inflight.get(request.url);
    if (flight && flight.generation === generation) {
      const answer = await flight.entry;
      if (answer) return sendKept(request, reply, answer, 'coalesced');
      // The first request's answer was not kept (an error, a write in between): this one runs the route itself.
    }
    pending.set(request, generation);
    if (!inflight.has(request.url)) {
      let settle: (entry: Entry | undefined) => void = () => undefined;
      const answer = new Promise<Entry | undefined>((resolve) => (settle = resolve));
      inflight.set(request.url, { generation, leader: request, settle, entry: answer });
    }
  });

  /** Hands the leader's answer (or undefined: run the route yourselves) to the requests waiting on its URL. */
  function land(request: FastifyRequest, entry: Entry | undefined) {
    const flight = inflight.get(request.url);
    if (flight?.leader !== request) return;
    inflight.delete(request.url);
    flight.settle(entry);
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const startedAt = pending.get(request);
    if (startedAt === undefined) return payload;
    pending.delete(request);
    reply.header(CACHE_STATUS_HEADER, 'miss');
    const keep =
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      startedAt === generation &&
      // A route that says no-store means it (e.g. the web app's shell sent because its head could not be made).
      !String(reply.getHeader('cache-control') ?? '').includes('no-store') &&
      Buffer.byteLength(payload) <= maxBytes / 8;
    if (!keep || typeof payload !== 'string') {
      land(request, undefined);
      return payload;
    }
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const encoded: Entry['encoded'] = {};
    if (Buffer.byteLength(payload) >= COMPRESS_THRESHOLD) {
      const made = await Promise.all(ENCODINGS.map((encoding) => encode(encoding, payload)));
      ENCODINGS.forEach((encoding, index) => (encoded[encoding] = made[index]));
    }
    const entry: Entry = {
      body: payload,
      encoded,
      contentType,
      cacheControl: reply.hasHeader('cache-control') ? String(reply.getHeader('cache-control')) : undefined,
      etag: etagOf(payload),
      bytes: Buffer.byteLength(payload) + Object.values(encoded).reduce((sum, buffer) => sum + buffer.length, 0),
      expires: now() + ENTRY_TTL_MS,
    };
    // A write may have landed while the encodings were made: then the answer is neither kept nor handed on.
    if (startedAt !== generation) {
      land(request, undefined);
      return payload;
    }
    forget(request.url);
    entries.set(request.url, entry);
    keptBytes += entry.bytes;
    for (const [key] of entries) {
      if (keptBytes <= maxBytes) break;
      forget(key);
    }
    land(request, entry);
    reply.header('etag', entry.etag);
    // The kept bytes answer this request too, so it is compressed once (the compression plugin leaves an answer
    // that already has a Content-Encoding alone).
    return encodedFor(request, reply, entry) ?? payload;
  });

  // A leader that never reached onSend (the client went away) must not leave its waiters hanging.
  app.addHook('onResponse', async (request) => land(request, undefined));
  app.addHook('onRequestAbort', async (request) => land(request, undefined));

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    keptBytes -= entry.bytes;
  }
};

/**
 * The encoding this client takes best among those kept (RFC 9110 §12.5.3: q=0 refuses, `*` stands for any
 * encoding not named); ties go to br, the smaller. Undefined: send the body as it is.
 */
export function negotiateEncoding(acceptEncoding: string | undefined, available: readonly Encoding[] = ENCODINGS): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const name = token.trim() === 'x-gzip' ? 'gzip' : token.trim();
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** The kept encoding this request takes, with its headers set; undefined when the plain body is the answer. */
function encodedFor(request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer | undefined {
  const kept = ENCODINGS.filter((encoding) => entry.encoded[encoding] !== undefined);
  if (kept.length === 0) return undefined;
  // Caches between us and the visitor must keep the encodings apart.
  reply.header('vary', 'Accept-Encoding');
  const encoding = negotiateEncoding(request.headers['accept-encoding'], kept);
  if (!encoding) return undefined;
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return entry.encoded[encoding];
}

/** `coalesced`: the answer of a concurrent miss for the same URL, which this request waited for. */
function sendKept(request: FastifyRequest, reply: FastifyReply, entry: Entry, status: 'hit' | 'coalesced'): FastifyReply {
  reply.header(CACHE_STATUS_HEADER, status).header('etag', entry.etag);
  if (entry.cacheControl !== undefined) reply.header('cache-control', entry.cacheControl);
  // A phone that already holds these bytes gets a 304 and nothing else.
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  reply.type(entry.contentType);
  return reply.send(encodedFor(request, reply, entry) ?? entry.body);
}

function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

export default fp(publicCachePlugin, { name: 'public-cache' });
