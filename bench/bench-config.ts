/**
 * The API's configuration for an app a bench builds in its own process: production settings, a fresh signing secret
 * (production requires one; a bench signs nobody in and sends no mail), quiet logs and no web build.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config';

export interface BenchAppOptions {
  /** PUBLIC_CACHE_MB: 0 (every request runs its queries) unless a bench measures the cache. */
  cacheMb?: number;
  publicOrigin?: string;
  /** The web build to serve; by default a folder that does not exist, so only the API is served. */
  webDist?: string;
}

export function benchAppConfig(dataDir: string, { cacheMb = 0, publicOrigin = 'http://127.0.0.1', webDist }: BenchAppOptions = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_ORIGIN: publicOrigin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDist ?? path.join(dataDir, 'no-web-build'),
    PUBLIC_CACHE_MB: String(cacheMb),
  });
}
