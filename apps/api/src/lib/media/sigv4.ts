import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for one request (the Authorization header form), written against AWS's published S3
 * examples (sigv4.test.ts reproduces them byte for byte). It covers what an S3-compatible bucket needs for PUT and
 * DELETE of an object: no query-string signing, no chunked uploads.
 *
 * Why not the AWS SDK: two verbs do not justify a dependency tree of that size (issue 5: node:crypto + fetch).
 */

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** 's3' for a bucket. */
  service: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (which are added). Names in any case. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (`sha256Hex(body)`), or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
  now: Date;
}

export interface SignedRequest {
  /** Every header to send, the signed ones and Authorization, names lower-cased. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** '2013-05-24T00:00:00.000Z' -> '20130524T000000Z'. */
export function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** RFC 3986 encoding of one path segment, as S3 wants it (`$` -> `%24`; the unreserved set stays). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(decodeURIComponent(segment)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalUri(url: URL): string {
  const path = url.pathname === '' ? '/' : url.pathname;
  return path.split('/').map(encodeSegment).join('/');
}

function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams.entries()].map(([key, value]) => [encodeSegment(key), encodeSegment(value)] as const);
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([key, value]) => `${key}=${value}`).join('&');
}

/** Signs `request`: the returned headers go on the wire as they are. */
export function signV4(credentials: SigV4Credentials, request: SigV4Request): SignedRequest {
  const date = amzDate(request.now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  headers.host = request.url.host;
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = request.payloadHash;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri(request.url),
    canonicalQuery(request.url),
    names.map((name) => `${name}:${headers[name]}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), credentials.service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    headers: {
      ...headers,
      authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
    },
    canonicalRequest,
    stringToSign,
    signature,
  };
}
