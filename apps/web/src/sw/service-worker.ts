/**
 * The service worker (issue 15, decision 029): the app shell and the public pages, data and pictures a buyer viewed
 * recently stay readable on a weak or lost network; a page never seen shows /offline.html. Built by
 * build/service-worker-plugin.ts into dist/sw.js with the build's version and shell list written in, so each deploy
 * is a new worker that drops the previous one's caches (old pages name old, deleted bundles).
 *
 * It never answers a request sw-policy.ts does not plan for, and never keeps a signed-in, private or writing request.
 * It logs nothing: a failed fetch is the visitor being offline, not an error.
 */
import { CACHE_LIMITS, cachePlan, keepable, type CachePlan } from './sw-policy';

// The worker's own global scope: the web app's tsconfig has the DOM library, not WebWorker, so the few members used
// here are described by hand.
interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerFetchEvent extends WorkerEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: { origin: string };
  caches: CacheStorage;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: WorkerFetchEvent) => void): void;
  fetch(request: Request | string): Promise<Response>;
}

declare const __SW_VERSION__: string;
declare const __SW_SHELL__: readonly string[];

const scope = globalThis as unknown as WorkerScope;
const VERSION = typeof __SW_VERSION__ === 'string' ? __SW_VERSION__ : 'dev';
const SHELL = typeof __SW_SHELL__ === 'undefined' ? [] : __SW_SHELL__;
const PREFIX = 'nivaas-';
export const OFFLINE_PAGE = '/offline.html';
export const cacheNames = {
  shell: `${PREFIX}${VERSION}-shell`,
  page: `${PREFIX}${VERSION}-pages`,
  data: `${PREFIX}${VERSION}-data`,
  media: `${PREFIX}${VERSION}-media`,
} as const;

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await scope.caches.open(cacheNames.shell);
      await cache.addAll([OFFLINE_PAGE, ...SHELL]);
      // A new deploy takes over at once: its caches start empty, and the pages it serves name its own bundles.
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set<string>(Object.values(cacheNames));
      for (const name of await scope.caches.keys()) {
        if (name.startsWith(PREFIX) && !current.has(name)) await scope.caches.delete(name);
      }
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  const plan = cachePlan(
    { method: request.method, url: request.url, mode: request.mode, authorized: request.headers.has('authorization') },
    scope.location.origin,
  );
  if (plan === null) return;
  event.respondWith(answer(request, plan));
});

async function answer(request: Request, plan: Exclude<CachePlan, null>): Promise<Response> {
  if (plan === 'asset') return cacheFirst(request, cacheNames.shell);
  if (plan === 'media') return cacheFirst(request, cacheNames.media, CACHE_LIMITS.media);
  const cacheName = plan === 'page' ? cacheNames.page : cacheNames.data;
  try {
    const response = await scope.fetch(request);
    if (keepable(response)) await keep(cacheName, request, response.clone(), CACHE_LIMITS[plan]);
    return response;
  } catch (offline) {
    const cached = await scope.caches.match(request, { cacheName });
    if (cached) return cached;
    if (plan === 'page') {
      const fallback = await scope.caches.match(OFFLINE_PAGE, { cacheName: cacheNames.shell });
      if (fallback) return fallback;
    }
    throw offline;
  }
}

async function cacheFirst(request: Request, cacheName: string, limit?: number): Promise<Response> {
  const cached = await scope.caches.match(request, { cacheName });
  if (cached) return cached;
  const response = await scope.fetch(request);
  if (keepable(response)) await keep(cacheName, request, response.clone(), limit);
  return response;
}

/** Puts the copy, then drops the oldest entries past the limit (Cache keys come back in insertion order). */
async function keep(cacheName: string, request: Request, response: Response, limit?: number): Promise<void> {
  try {
    const cache = await scope.caches.open(cacheName);
    await cache.delete(request);
    await cache.put(request, response);
    if (limit === undefined) return;
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(old);
  } catch {
    // A full quota or a private-mode browser: the answer still goes to the page, just not kept.
  }
}
