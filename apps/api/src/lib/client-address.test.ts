import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { addressKey, clientAddressOf, parseTrustProxy, trustFunction } from './client-address';

/** A raw request as a socket.io handshake carries it: the peer's address and the headers. */
const raw = (peer: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

describe('TRUST_PROXY', () => {
  it('reads off, on, a hop count and a list of addresses or CIDRs', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('TRUE')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.0/8, loopback ,192.168.1.7 ')).toEqual(['10.0.0.0/8', 'loopback', '192.168.1.7']);
  });

  it('is off by default, and a bad value stops the start naming the variable', () => {
    expect(loadConfig({}, '/srv/nivaas').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }, '/srv/nivaas').trustProxy).toEqual(['10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'the load balancer' }, '/srv/nivaas')).toThrow(/TRUST_PROXY: must be true, false, a hop count, or addresses/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' }, '/srv/nivaas')).toThrow(/TRUST_PROXY/);
  });
});

describe('clientAddressOf (the chat handshake)', () => {
  it('takes the peer and ignores X-Forwarded-For when nothing is trusted', () => {
    expect(clientAddressOf(raw('203.0.113.5', '198.51.100.1'), trustFunction(false))).toBe('203.0.113.5');
  });

  it('takes the address the trusted proxy saw, not one the client wrote in front of it', () => {
    const trust = trustFunction(['10.0.0.0/8']);
    expect(clientAddressOf(raw('10.1.2.3', '198.51.100.9, 198.51.100.1'), trust)).toBe('198.51.100.1');
    // The same header from a peer that is not one of the proxies is the client's own invention.
    expect(clientAddressOf(raw('203.0.113.5', '198.51.100.1'), trust)).toBe('203.0.113.5');
  });

  it('walks back as many hops as a hop count says', () => {
    expect(clientAddressOf(raw('10.1.2.3', '198.51.100.9, 10.9.9.9'), trustFunction(1))).toBe('10.9.9.9');
    expect(clientAddressOf(raw('10.1.2.3', '198.51.100.9, 10.9.9.9'), trustFunction(2))).toBe('198.51.100.9');
  });
});

describe('addressKey', () => {
  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb::2'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });
});
