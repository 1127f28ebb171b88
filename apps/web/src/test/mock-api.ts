import { vi } from 'vitest';

/** A route answers with a JSON body, a Response, or a function of the request URL giving either. */
export type MockRoute = unknown | ((url: URL) => unknown);

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorResponse(status: number, message = 'Something failed'): Response {
  return json({ success: false, statusCode: status, error: 'Error', message }, status);
}

/**
 * Replaces fetch with a table of API paths ('/api/city'). Unknown paths answer 404, as the real
 * API does. Returns every requested URL so tests can check the query string.
 */
export function mockApi(routes: Record<string, MockRoute>) {
  const requests: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    requests.push(url);
    const route = routes[url.pathname];
    if (route === undefined) return errorResponse(404, `No route ${url.pathname}`);
    // A route may answer later (a Promise), so a test can hold a request in flight.
    const body: unknown = await (typeof route === 'function' ? (route as (url: URL) => unknown)(url) : route);
    return body instanceof Response ? body : json(body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
