import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The service worker run in a fake worker scope: what it answers, what it keeps, and what it shows offline. The rule
 * under test (decision 029): nothing signed-in or private is ever kept, so a shared phone never shows one visitor's
 * data to the next.
 */
const ORIGIN = 'https://www.nivaas.example';

type Listener = (event: unknown) => void;
const listeners = new Map<string, Listener>();
/** cache name -> url -> response */
const stores = new Map<string, Map<string, Response>>();
const puts: string[] = [];
let network: (url: string) => Promise<Response>;

const urlOf = (request: Request | string) => (typeof request === 'string' ? new URL(request, ORIGIN).toString() : request.url);

function cacheFor(name: string) {
  const entries = stores.get(name) ?? new Map<string, Response>();
  stores.set(name, entries);
  return {
    addAll: async (urls: string[]) => urls.forEach((url) => entries.set(urlOf(url), new Response(`shell ${url}`))),
    put: async (request: Request, response: Response) => {
      puts.push(request.url);
      entries.set(request.url, response);
    },
    delete: async (request: Request) => entries.delete(urlOf(request)),
    keys: async () => [...entries.keys()].map((url) => ({ url })),
  };
}

const fakeCaches = {
  open: async (name: string) => cacheFor(name),
  keys: async () => [...stores.keys()],
  delete: async (name: string) => stores.delete(name),
  match: async (request: Request | string, options?: { cacheName?: string }) => {
    const names = options?.cacheName ? [options.cacheName] : [...stores.keys()];
    for (const name of names) {
      const found = stores.get(name)?.get(urlOf(request));
      if (found) return found.clone();
    }
    return undefined;
  },
};

/** The worker's globals; the shared test setup unstubs globals after each test, so they go back before each. */
function stubWorkerScope(): void {
  vi.stubGlobal('addEventListener', (type: string, listener: Listener) => listeners.set(type, listener));
  vi.stubGlobal('location', { origin: ORIGIN });
  vi.stubGlobal('caches', fakeCaches);
  vi.stubGlobal('clients', { claim: async () => undefined });
  vi.stubGlobal('skipWaiting', async () => undefined);
  vi.stubGlobal('fetch', (request: Request) => network(request.url));
}

beforeAll(async () => {
  // The test runner's Response is never 'basic'; the worker keeps only same-origin ('basic') answers, as a browser
  // reports them.
  Object.defineProperty(Response.prototype, 'type', { configurable: true, get: () => 'basic' });
  stubWorkerScope();
  await import('./service-worker');
  const installed: Promise<unknown>[] = [];
  listeners.get('install')?.({ waitUntil: (promise: Promise<unknown>) => installed.push(promise) });
  await Promise.all(installed);
});

beforeEach(() => {
  stubWorkerScope();
  puts.length = 0;
  network = async (url) => new Response(JSON.stringify({ url }), { status: 200, headers: { 'content-type': 'application/json' } });
});

/** A request as the browser hands it to the worker (a navigation cannot be built with `new Request`). */
function request(path: string, init: { method?: string; mode?: string; authorization?: string } = {}): Request {
  const headers = new Headers(init.authorization ? { authorization: init.authorization } : {});
  return { url: `${ORIGIN}${path}`, method: init.method ?? 'GET', mode: init.mode ?? 'cors', headers } as unknown as Request;
}

/** Dispatches a fetch: the worker's answer, or null when it left the request to the browser. */
async function dispatch(req: Request): Promise<Response | null> {
  let answer: Promise<Response> | null = null;
  listeners.get('fetch')?.({ request: req, respondWith: (response: Promise<Response>) => (answer = response) });
  return answer as Promise<Response> | null;
}

describe('service worker', () => {
  it('never answers or keeps a private or signed-in request', async () => {
    const privateRequests = [
      request('/api/auth/portal/send-otp', { method: 'POST' }),
      request('/api/auth/portal/refresh-token', { method: 'POST' }),
      request('/api/me'),
      request('/api/favourites/user?mode=ids&userType=user'),
      request('/api/lead?projectId=4'),
      request('/api/admin/projects/4'),
      request('/api/track/event', { method: 'POST' }),
      request('/api/usersrouts/userData?brokerId=2'),
      request('/api/dev/outbox?recipient=9876543210'),
      // A public read made by a signed-in visitor carries their token: theirs, not the phone's.
      request('/api/project/4', { authorization: 'Bearer a.b.c' }),
      request('/api/city?page=1&limit=10', { authorization: 'Bearer a.b.c' }),
      // Signed-in pages and the back office are never kept, even as the empty shell.
      request('/wishlist', { mode: 'navigate' }),
      request('/profile', { mode: 'navigate' }),
      request('/dashboard/analytics', { mode: 'navigate' }),
    ];
    for (const req of privateRequests) expect(await dispatch(req), req.url).toBeNull();
    expect(puts).toEqual([]);
  });

  it('keeps a public read, but not one the server marked private or no-store', async () => {
    const kept = await dispatch(request('/api/project/4'));
    expect(kept?.status).toBe(200);
    expect(puts).toEqual([`${ORIGIN}/api/project/4`]);

    puts.length = 0;
    network = async () => new Response('{}', { status: 200, headers: { 'cache-control': 'private, max-age=60' } });
    await dispatch(request('/api/project/5'));
    network = async () => new Response('<html>', { status: 200, headers: { 'cache-control': 'no-store' } });
    await dispatch(request('/properties/bengaluru/east/whitefield/aurum/6', { mode: 'navigate' }));
    network = async () => new Response('{}', { status: 404 });
    await dispatch(request('/api/project/999999'));
    expect(puts).toEqual([]);
  });

  it('offline: a recently viewed project page and its data open from the cache; a page never seen shows the offline page', async () => {
    const page = '/properties/bengaluru/east/whitefield/aurum-heights/7';
    network = async (url) => new Response(`online ${new URL(url).pathname}`, { status: 200, headers: { 'cache-control': 'no-cache' } });
    await dispatch(request(page, { mode: 'navigate' }));
    await dispatch(request('/api/project/7'));

    network = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await (await dispatch(request(page, { mode: 'navigate' })))?.text()).toBe(`online ${page}`);
    expect(await (await dispatch(request('/api/project/7')))?.text()).toBe('online /api/project/7');
    expect(await (await dispatch(request('/developers', { mode: 'navigate' })))?.text()).toBe('shell /offline.html');
    // Data never fetched has no stand-in: the page shows its own error state.
    await expect(dispatch(request('/api/project/8'))).rejects.toThrow('Failed to fetch');
  });
});
