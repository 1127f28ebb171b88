import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { ConfigError, loadConfig } from '../../config';
import { createMediaStore } from './create-media-store';
import { LocalMediaStore } from './media-store';
import { S3MediaStore } from './s3-media-store';

const root = path.resolve('/tmp/nivaas-media-config');
const s3Env = {
  MEDIA_STORE: 's3',
  S3_ENDPOINT: 'https://s3.ap-south-1.example.test',
  S3_BUCKET: 'nivaas-media',
  S3_REGION: 'ap-south-1',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'not-a-real-secret',
  S3_PUBLIC_URL: 'https://cdn.example.test/media',
};

describe('media store configuration', () => {
  it('keeps uploads under DATA_DIR/media/uploads by default, served at /media/uploads', () => {
    const config = loadConfig({ DATA_DIR: 'data-x' }, root);
    const store = createMediaStore(config);
    expect(store).toBeInstanceOf(LocalMediaStore);
    expect(store.urlFor('listings/1/a-480.webp')).toBe('/media/uploads/listings/1/a-480.webp');
  });

  it('uses the bucket with MEDIA_STORE=s3', () => {
    const store = createMediaStore(loadConfig(s3Env, root));
    expect(store).toBeInstanceOf(S3MediaStore);
    expect(store.urlFor('listings/1/a-480.webp')).toBe('https://cdn.example.test/media/listings/1/a-480.webp');
  });

  it('names every missing S3 variable at start', () => {
    try {
      loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'nivaas-media' }, root);
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'S3_ENDPOINT: is required when MEDIA_STORE=s3',
        'S3_ACCESS_KEY_ID: is required when MEDIA_STORE=s3',
        'S3_SECRET_ACCESS_KEY: is required when MEDIA_STORE=s3',
        'S3_PUBLIC_URL: is required when MEDIA_STORE=s3',
      ]);
    }
  });

  it("lets browsers load images from the bucket's public address (CSP img-src)", async () => {
    const ctx = await createTestApp({ env: s3Env });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://cdn.example.test;");
    } finally {
      await ctx.close();
    }
  });
});
