import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `-_.:` up to 128 characters: what proxies and tracers send, and nothing that could forge a log line. */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Keeps the caller's request id when it is sane, so one id follows a request through the load
 * balancer and our logs; otherwise makes a fresh one.
 */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}
