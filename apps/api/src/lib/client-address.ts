import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { normalizeIP } from '@fastify/rate-limit';

/**
 * TRUST_PROXY (config.ts): which hops of X-Forwarded-For to believe. `false`: none, the socket's peer is the client;
 * `true`: every hop (only behind a proxy that overwrites the header); a number: that many proxies in front of us;
 * a list: the proxies' addresses or CIDRs (or proxy-addr's names loopback, linklocal, uniquelocal).
 */
export type TrustProxy = boolean | number | readonly string[];

export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Reads TRUST_PROXY's text; throws an Error saying what is wrong. An unparseable address must stop the start: a
 * silently ignored list would count every visitor behind the load balancer as one address.
 */
export function parseTrustProxy(text: string): TrustProxy {
  const value = text.trim().toLowerCase();
  if (['', 'false', 'no', 'off', '0'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 32) throw new Error('a hop count must be at most 32');
    return hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(entries);
  } catch (error) {
    throw new Error(`must be true, false, a hop count, or addresses/CIDRs separated by commas (${(error as Error).message})`, { cause: error });
  }
  return entries;
}

/**
 * The one rule for both HTTP (Fastify's `trustProxy` option) and the chat's socket.io handshake, so a client has
 * the same address in both. A hop count is a function here because Fastify 5 trusts no hop for a bare number.
 */
export function trustFunction(setting: TrustProxy): TrustFunction | false {
  if (setting === false || setting === 0) return false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile([...setting]);
}

/** The client's address for a raw request (the chat's handshake), resolved exactly as Fastify's `request.ip`. */
export function clientAddressOf(request: IncomingMessage, trust: TrustFunction | false): string {
  if (trust === false) return request.socket.remoteAddress ?? 'unknown';
  return proxyAddr(request, trust);
}

/**
 * What a per-address limit counts under. IPv6 by its /64, since one subscriber holds a whole /64 and could otherwise
 * take a fresh address for every request; an IPv4-mapped IPv6 address as the IPv4 address it is.
 */
export function addressKey(address: string): string {
  return normalizeIP(address);
}
