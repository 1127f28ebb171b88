import { describe, expect, it } from 'vitest';
import { S3MediaStore } from './s3-media-store';
import { sha256Hex } from './sigv4';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | undefined;
}

function fakeBucket(status = 200) {
  const sent: Sent[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET', headers: init?.headers as Record<string, string>, body: init?.body as Uint8Array | undefined });
    return new Response(status < 300 ? null : '<Error><Code>AccessDenied</Code></Error>', { status });
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

const options = {
  endpoint: 'https://s3.ap-south-1.example.test/',
  bucket: 'nivaas-media',
  region: 'ap-south-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  publicUrl: 'https://cdn.example.test/media/',
  now: () => new Date('2026-01-02T03:04:05Z'),
};

describe('S3MediaStore (no network: fetch is a fake)', () => {
  it('PUTs the object path-style, signed with SigV4 over the body hash', async () => {
    const bucket = fakeBucket();
    const store = new S3MediaStore({ ...options, fetch: bucket.fetch });
    const body = Buffer.from('RIFF....WEBPVP8 ');
    await store.put('listings/7/abc-1280.webp', body, 'image/webp');
    const [request] = bucket.sent;
    expect(request).toMatchObject({ method: 'PUT', url: 'https://s3.ap-south-1.example.test/nivaas-media/listings/7/abc-1280.webp' });
    expect(request?.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-amz-date': '20260102T030405Z',
      'x-amz-content-sha256': sha256Hex(body),
      authorization: expect.stringMatching(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20260102\/ap-south-1\/s3\/aws4_request,SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
      ),
    });
    expect(Buffer.from(request?.body ?? [])).toEqual(body);
  });

  it('DELETEs with the empty-body hash, and gives public URLs under S3_PUBLIC_URL', async () => {
    const bucket = fakeBucket(204);
    const store = new S3MediaStore({ ...options, fetch: bucket.fetch });
    await store.delete('listings/7/abc-480.webp');
    expect(bucket.sent[0]).toMatchObject({ method: 'DELETE', headers: { 'x-amz-content-sha256': sha256Hex('') } });
    expect(store.urlFor('listings/7/abc-480.webp')).toBe('https://cdn.example.test/media/listings/7/abc-480.webp');
  });

  it('fails loudly on a refused request and on an unsafe key', async () => {
    const store = new S3MediaStore({ ...options, fetch: fakeBucket(403).fetch });
    await expect(store.put('listings/7/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/403/);
    await expect(store.put('../secrets', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe media key/);
  });
});
