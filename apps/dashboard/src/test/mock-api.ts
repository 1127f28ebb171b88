import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

type Answer = { status?: number; body: unknown } | ((call: RecordedCall) => { status?: number; body: unknown });

/**
 * Answers the console's fetch calls by "METHOD /path" (query string ignored; a handler may read it from `call.path`).
 * An unhandled call is a 500 and fails the test through its console.error-free assertions.
 */
export function mockApi(routes: Record<string, Answer>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const call: RecordedCall = {
      method,
      path: input,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    const key = `${method} ${input.split('?')[0]}`;
    const route = routes[key];
    if (!route) return Response.json({ success: false, statusCode: 500, error: 'Test', message: `No mock for ${key}` }, { status: 500 });
    const answer = typeof route === 'function' ? route(call) : route;
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  return calls;
}

export const STAFF = { id: 1, name: 'Portal Admin', email: 'provider@nivaas.local', role: 'admin' as const };

/** A provider who signed in before: the stored e-mail plus a refresh cookie (the refresh call answers). */
export function signedInRoutes(): Record<string, Answer> {
  localStorage.setItem('nivaas_provider_email', STAFF.email);
  return {
    'POST /api/auth/portal/refresh-token': { body: { success: true, token: 'access-1' } },
    'GET /api/auth/me': { body: { success: true, account: { kind: 'provider', ...STAFF } } },
  };
}

export const page = (total: number, hasMore = false, pageNumber = 1) => ({ page: pageNumber, limit: 30, total, hasMore });
