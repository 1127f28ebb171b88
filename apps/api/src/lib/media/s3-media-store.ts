import { assertSafeKey, type MediaStore } from './media-store';
import { sha256Hex, signV4 } from './sigv4';

export interface S3MediaStoreOptions {
  /** The bucket service's origin, e.g. https://s3.ap-south-1.amazonaws.com or a MinIO/R2 endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load objects from (a CDN or the bucket's public address), without a trailing slash. */
  publicUrl: string;
  /** Injected so tests never touch the network. */
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
}

/**
 * Photos in an S3-compatible bucket (MEDIA_STORE=s3), addressed path-style (`{endpoint}/{bucket}/{key}`), which
 * AWS, MinIO, R2 and the other compatible services all accept. Requests are signed with SigV4 (sigv4.ts).
 */
export class S3MediaStore implements MediaStore {
  private readonly fetch: typeof globalThis.fetch;
  private readonly now: () => Date;

  constructor(private readonly options: S3MediaStoreOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? (() => new Date());
  }

  private objectUrl(key: string): URL {
    assertSafeKey(key);
    return new URL(`${this.options.endpoint.replace(/\/+$/, '')}/${this.options.bucket}/${key}`);
  }

  private async send(method: 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<void> {
    const url = this.objectUrl(key);
    const headers: Record<string, string> = {};
    if (contentType) headers['content-type'] = contentType;
    if (body) headers['cache-control'] = 'public, max-age=31536000, immutable';
    const signed = signV4(
      { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey, region: this.options.region, service: 's3' },
      { method, url, headers, payloadHash: sha256Hex(body ?? ''), now: this.now() },
    );
    const { host: _host, ...sent } = signed.headers;
    const response = await this.fetch(url, { method, headers: sent, ...(body ? { body: new Uint8Array(body) } : {}) });
    // S3 answers 204 to a DELETE whether or not the object was there.
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new Error(`media store ${method} ${key} failed: ${response.status} ${detail}`);
    }
  }

  put(key: string, body: Buffer, contentType: string): Promise<void> {
    return this.send('PUT', key, body, contentType);
  }

  /**
   * A bucket has no rename (a copy would double every upload's traffic), so the object goes straight to its key:
   * nothing links to it until its row commits, and its key is random. A crash between the two leaves an object no
   * row refers to; this store has no sweep (it would need to list the bucket), see docs/decisions/010-process-safety.md.
   */
  stage(key: string, body: Buffer, contentType: string): Promise<void> {
    return this.put(key, body, contentType);
  }

  async promote(key: string): Promise<void> {
    assertSafeKey(key);
  }

  delete(key: string): Promise<void> {
    return this.send('DELETE', key);
  }

  urlFor(key: string): string {
    assertSafeKey(key);
    return `${this.options.publicUrl.replace(/\/+$/, '')}/${key}`;
  }
}
