import { createHash, timingSafeEqual } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import type { Database } from '@nivaas/db';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsAccessConfig } from '../config';
import { type TrustProxy, trustFunction } from '../lib/client-address';
import { CACHE_STATUS_HEADER } from './public-cache';

/**
 * `/metrics` in Prometheus text format (issue 16, docs/decisions/027-metrics.md): per-route request rate and
 * latency, the public cache's hits, the database pool and query time, chat connections, event ingestion and
 * rate-limit refusals, plus the process's own figures. One registry per built app, so tests that build several
 * apps in one process never share a counter.
 */

export const METRICS_PATH = '/metrics';

/** What the places that count are handed (rate limits, tracking, the chat): the counting, not the registry. */
export interface MetricsRecorder {
  /** `limiter` is a rule's name ('enquiry:address', 'chat:address'), never its key. */
  rateLimitRefused(limiter: string): void;
  eventsIngested(outcome: { stored: number; duplicates: number }): void;
  /** A POST /api/track/event answered with an error: its status (400, 413, 415, 429, 5xx). */
  eventBatchRefused(statusCode: number): void;
  chatConnectionOpened(): void;
  chatConnectionClosed(): void;
}

export interface Metrics extends MetricsRecorder {
  readonly contentType: string;
  /** The exposition: this app's metrics and the process's. */
  scrape(): Promise<string>;
  observeRequest(request: { route: string; method: string; statusCode: number; seconds: number; cache: string | undefined }): void;
  /** Starts measuring the database's pool and queries where its driver allows (see observeDatabase); returns the stop. */
  observeDatabase(database: Database): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (plugins/metrics.ts); the chat gateway, attached after buildApp, counts through it. */
    metrics: MetricsRecorder;
  }
}

const CACHE_OUTCOMES = new Set(['hit', 'miss', 'coalesced']);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** From a cached page (under 1 ms) to a slow import; Prometheus interpolates within a bucket. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The process's own figures (CPU, memory, event-loop lag, GC, handles) belong to the process, not to an app: one
 * registry for them, made on first use. prom-client's collectors start an event-loop monitor and a GC observer
 * that are never stopped, so one per app would pile up in a test process that builds dozens.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const requestDuration = new Histogram({
    name: 'nivaas_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (not the URL), method and status class; its _count is the request rate',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const cacheAnswers = new Counter({
    name: 'nivaas_public_cache_requests_total',
    help: 'Requests the public response cache looked up, by route and outcome (its x-cache header: hit, miss, or coalesced: answered by a concurrent miss)',
    labelNames: ['route', 'outcome'] as const,
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'nivaas_rate_limit_refusals_total',
    help: 'Requests and chat messages or connections refused by an abuse limit, by limiter',
    labelNames: ['limiter'] as const,
    registers,
  });
  const trackingEvents = new Counter({
    name: 'nivaas_tracking_events_total',
    help: 'Tracking events received in accepted batches: stored, or a duplicate of an event id already stored',
    labelNames: ['outcome'] as const,
    registers,
  });
  const trackingRefusals = new Counter({
    name: 'nivaas_tracking_batches_refused_total',
    help: 'Event batches answered with an error, by status (400 invalid, 413 too large, 415 content type, 429 rate limit, 5xx failed)',
    labelNames: ['status'] as const,
    registers,
  });
  const chatConnections = new Gauge({ name: 'nivaas_chat_connections', help: 'Chat (socket.io) connections open on this process', registers });
  const queryDuration = new Histogram({
    name: 'nivaas_db_query_duration_seconds',
    help: 'Database statement time from the call to its answer (queueing included); PGlite transactions are timed whole (kind=transaction)',
    labelNames: ['driver', 'kind'] as const,
    buckets: QUERY_BUCKETS,
    registers,
  });
  let pool: PoolCounts | undefined;
  new Gauge({
    name: 'nivaas_db_pool_connections',
    help: 'PostgreSQL pool connections: open in total, and idle among them',
    labelNames: ['state'] as const,
    registers,
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'nivaas_db_pool_waiting_requests',
    help: 'Queries waiting for a PostgreSQL pool connection',
    registers,
    collect() {
      if (pool) this.set(pool.waitingCount);
    },
  });

  return {
    contentType: registry.contentType,
    async scrape() {
      return `${await registry.metrics()}\n${await processMetrics().metrics()}`;
    },
    observeRequest({ route, method, statusCode, seconds, cache }) {
      requestDuration.observe({ route, method: METHODS.has(method) ? method : 'other', status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
      // Only the cache's own words, so a route cannot invent label values.
      if (cache !== undefined && CACHE_OUTCOMES.has(cache)) cacheAnswers.inc({ route, outcome: cache });
    },
    observeDatabase(database) {
      const client = (database.db as { $client?: unknown }).$client;
      if (isPool(client)) {
        pool = client;
        const stop = timePoolQueries(client, (seconds) => queryDuration.observe({ driver: 'postgres', kind: 'statement' }, seconds));
        return () => {
          stop();
          pool = undefined;
        };
      }
      return timeSingleConnection(client, (kind, seconds) => queryDuration.observe({ driver: database.kind, kind }, seconds));
    },
    rateLimitRefused: (limiter) => rateLimitRefusals.inc({ limiter }),
    eventsIngested({ stored, duplicates }) {
      if (stored > 0) trackingEvents.inc({ outcome: 'stored' }, stored);
      if (duplicates > 0) trackingEvents.inc({ outcome: 'duplicate' }, duplicates);
    },
    eventBatchRefused: (statusCode) => trackingRefusals.inc({ status: String(statusCode) }),
    chatConnectionOpened: () => chatConnections.inc(),
    chatConnectionClosed: () => chatConnections.dec(),
  };
}

// ---- the database, measured from outside packages/db (decision 027) ----

interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** A pg Pool as far as we use it: its counts and its public 'acquire' event. */
interface ObservablePool extends PoolCounts {
  on(event: 'acquire', listener: (client: unknown) => void): unknown;
  off(event: 'acquire', listener: (client: unknown) => void): unknown;
}

// The drivers' query methods are heavily overloaded; the wrappers only pass arguments through, so they see them as
// unknown and hand them on untouched.
type AnyMethod = (this: unknown, ...args: unknown[]) => unknown;
type Observer = (seconds: number) => void;

function isPool(value: unknown): value is ObservablePool {
  const candidate = value as Partial<ObservablePool> | null | undefined;
  return typeof candidate?.totalCount === 'number' && typeof candidate.idleCount === 'number' && typeof candidate.waitingCount === 'number' && typeof candidate.on === 'function';
}

const seconds = (startedAt: number) => (performance.now() - startedAt) / 1000;

/**
 * Wraps `target[name]` once, whatever the number of apps observing it (tests build several on one database); the
 * wrapper tells the observers registered at call time. A promise is timed until it settles, a callback until it is
 * called; anything else (a pg Submittable) is passed through untimed.
 */
const observersOf = new WeakMap<object, Map<string, Set<Observer>>>();
function timeMethod(target: object, name: string, observer: Observer): () => void {
  let byName = observersOf.get(target);
  if (!byName) {
    byName = new Map();
    observersOf.set(target, byName);
  }
  let observers = byName.get(name);
  if (!observers) {
    const original = (target as Record<string, unknown>)[name];
    if (typeof original !== 'function') return () => undefined;
    const set = new Set<Observer>();
    const tell = (startedAt: number) => {
      const elapsed = seconds(startedAt);
      for (const each of set) each(elapsed);
    };
    const wrapped: AnyMethod = function (this: unknown, ...args: unknown[]) {
      const startedAt = performance.now();
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = function (this: unknown, ...results: unknown[]) {
          tell(startedAt);
          return (last as AnyMethod).apply(this, results);
        };
        return (original as AnyMethod).apply(this, args);
      }
      const result = (original as AnyMethod).apply(this, args);
      if (result instanceof Promise) {
        result.then(
          () => tell(startedAt),
          () => tell(startedAt),
        );
      }
      return result;
    };
    try {
      (target as Record<string, unknown>)[name] = wrapped;
    } catch {
      // A frozen or getter-only object (a future driver shape) is simply not measured.
      return () => undefined;
    }
    observers = set;
    byName.set(name, observers);
  }
  const own = observers;
  own.add(observer);
  return () => own.delete(observer);
}

/**
 * PostgreSQL: every statement, on whichever pooled client runs it. pg-pool emits 'acquire' before it hands a client
 * out (to pool.query and to drizzle's transactions alike), so each client's query is wrapped before its first use by
 * us, including the clients opened before this app was built (migrations, the seed).
 */
function timePoolQueries(pool: ObservablePool, observer: Observer): () => void {
  const stops = new Set<() => void>();
  const onAcquire = (client: unknown) => {
    if (typeof client === 'object' && client !== null) stops.add(timeMethod(client, 'query', observer));
  };
  pool.on('acquire', onAcquire);
  return () => {
    pool.off('acquire', onAcquire);
    for (const stop of stops) stop();
  };
}

/**
 * PGlite (one connection): statements outside a transaction through its `query`, and each transaction whole (the
 * statements inside run on the transaction's own handle, which drizzle gets only inside the callback).
 */
function timeSingleConnection(client: unknown, observe: (kind: 'statement' | 'transaction', seconds: number) => void): () => void {
  if (typeof client !== 'object' || client === null) return () => undefined;
  const stops = [timeMethod(client, 'query', (elapsed) => observe('statement', elapsed)), timeMethod(client, 'transaction', (elapsed) => observe('transaction', elapsed))];
  return () => {
    for (const stop of stops) stop();
  };
}

// ---- who may read them ----

export interface MetricsPluginOptions {
  metrics: Metrics;
  access: MetricsAccessConfig;
  /** The app's TRUST_PROXY, so the address checked is the one every limit sees (request.ip). */
  trustProxy: TrustProxy;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Answers GET /metrics from an onRequest hook, before the auth, rate-limit and public-cache hooks (register it right
 * after `errors`): a scrape is never limited or kept. A request not admitted is left alone and continues to whatever
 * answers an unknown path (the site's 404 page), so /metrics looks like any path that does not exist.
 */
const metricsPlugin: FastifyPluginAsync<MetricsPluginOptions> = async (app, { metrics, access, trustProxy }) => {
  app.decorate('metrics', metrics);
  const trust = trustFunction(trustProxy);
  const allowed = access.allow.length > 0 ? proxyAddr.compile([...access.allow]) : undefined;
  const tokenDigest = access.token === undefined ? undefined : digest(access.token);
  const scrapes = new WeakSet<FastifyRequest>();

  function bearerMatches(header: string | undefined): boolean {
    if (tokenDigest === undefined || header === undefined) return false;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    // Digests have one length, so the comparison takes the same time whatever was sent.
    return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), tokenDigest);
  }

  /**
   * True when the request names a client further out than the one its address was resolved to: X-Forwarded-For
   * hops TRUST_PROXY does not reach, or (TRUST_PROXY off) a proxy's own headers. Then request.ip is a proxy's
   * address, perhaps a load balancer's on loopback, and says nothing about who is asking. TRUST_PROXY=true believes
   * every hop, so request.ip is whatever the first hop wrote, which anyone reaching the process directly can forge:
   * there only a request that names no hop at all (a direct scrape) is judged by its address.
   */
  function forwardedFromFurther(request: FastifyRequest): boolean {
    const claimed = proxyAddr.all(request.raw).length;
    if (trustProxy === true) return claimed > 1 || request.headers.forwarded !== undefined || request.headers['x-real-ip'] !== undefined;
    const resolved = trust === false ? 1 : proxyAddr.all(request.raw, trust).length;
    if (claimed > resolved) return true;
    return trust === false && (request.headers.forwarded !== undefined || request.headers['x-real-ip'] !== undefined);
  }

  function admits(request: FastifyRequest): boolean {
    if (bearerMatches(request.headers.authorization)) return true;
    return allowed !== undefined && !forwardedFromFurther(request) && allowed(request.ip, 0);
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.url.split('?')[0] !== METRICS_PATH) return;
    if (!admits(request)) {
      request.log.debug({ remoteAddress: request.ip }, 'metrics: not admitted, answered as an unknown path');
      return;
    }
    scrapes.add(request);
    const body = await metrics.scrape();
    // no-store also keeps the public cache (and any cache between) from keeping a copy.
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(body);
  });

  app.addHook('onResponse', async (request, reply) => {
    if (scrapes.has(request)) return;
    const cache = reply.getHeader(CACHE_STATUS_HEADER);
    metrics.observeRequest({
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
      cache: typeof cache === 'string' ? cache : undefined,
    });
  });
};

/** Whether Fastify's own request log lines are skipped: scrapes (every 15 s, from every Prometheus) are not news. */
export function isScrape(request: { url?: string | undefined; method?: string | undefined }): boolean {
  return request.method === 'GET' && request.url?.split('?')[0] === METRICS_PATH;
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['errors'] });
