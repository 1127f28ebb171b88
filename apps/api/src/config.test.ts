import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, findRepoRoot, loadConfig } from './config';

const root = '/srv/nivaas';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, root);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      logLevel: 'info',
      dataDir: path.join(root, 'data'),
      pgliteDir: path.join(root, 'data', 'pglite'),
      mediaDir: path.join(root, 'data', 'media'),
      webDistDir: path.join(root, 'apps/web/dist'),
      databaseUrl: undefined,
      redisUrl: undefined,
      seedOnStart: true,
    });
  });

  it('reads every variable, resolving relative folders from the repository root', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: 'var/nivaas',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
        REDIS_URL: 'redis://127.0.0.1:6379',
        WEB_DIST_DIR: '/opt/web',
        SEED_ON_START: 'false',
        JWT_SECRET: 'k'.repeat(32),
        PUBLIC_ORIGIN: 'https://nivaas.example.com/some/path',
      },
      root,
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      nodeEnv: 'production',
      logLevel: 'warn',
      dataDir: path.join(root, 'var/nivaas'),
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      redisUrl: 'redis://127.0.0.1:6379',
      webDistDir: '/opt/web',
      seedOnStart: false,
      jwtSecret: 'k'.repeat(32),
      otpSender: 'outbox',
      publicOrigin: 'https://nivaas.example.com',
    });
  });

  it('requires a JWT_SECRET of at least 32 characters and a PUBLIC_ORIGIN in production, and an SMTP_URL for the smtp sender', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, root)).toThrow(/JWT_SECRET: is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(32) }, root)).toThrow(/PUBLIC_ORIGIN: is required/);
    expect(() => loadConfig({ JWT_SECRET: 'short' }, root)).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ OTP_SENDER: 'smtp' }, root)).toThrow(/SMTP_URL: is required/);
    // Outside production an unset secret is fine: tokens.ts generates one and keeps it in the data folder.
    expect(loadConfig({ NODE_ENV: 'development' }, root).jwtSecret).toBeUndefined();
  });

  it('keeps raw tracking events 395 days unless TRACKING_RETENTION_DAYS says otherwise, and checks the address table exists', () => {
    expect(loadConfig({}, root)).toMatchObject({ trackingRetentionDays: 395, trackingIpCityTable: undefined });
    expect(loadConfig({ TRACKING_RETENTION_DAYS: '30' }, root).trackingRetentionDays).toBe(30);
    for (const days of ['0', '-5', '1.5', 'forever']) {
      expect(() => loadConfig({ TRACKING_RETENTION_DAYS: days }, root)).toThrow(/TRACKING_RETENTION_DAYS/);
    }
    const here = findRepoRoot(import.meta.dirname);
    expect(loadConfig({ TRACKING_IP_CITY_TABLE: 'package.json' }, here).trackingIpCityTable).toBe(path.join(here, 'package.json'));
    expect(() => loadConfig({ TRACKING_IP_CITY_TABLE: 'no/such/table.csv' }, root)).toThrow(/TRACKING_IP_CITY_TABLE: no file at/);
  });

  it('serves /metrics to loopback only unless METRICS_ALLOW and METRICS_TOKEN say otherwise, refusing what it cannot read', () => {
    expect(loadConfig({}, root).metrics).toEqual({ allow: ['loopback'], token: undefined });
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_ALLOW: ' 10.0.0.0/8, LOOPBACK,fd00::/8 ', METRICS_TOKEN: token }, root).metrics).toEqual({ allow: ['10.0.0.0/8', 'loopback', 'fd00::/8'], token });
    expect(loadConfig({ METRICS_ALLOW: 'none' }, root).metrics.allow).toEqual([]);
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33' }, root)).toThrow(/METRICS_ALLOW: must be addresses/);
    expect(() => loadConfig({ METRICS_ALLOW: 'everyone' }, root)).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, root)).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }, root)).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it('fails naming every bad variable at once', () => {
    const bad = { PORT: 'eighty', DATABASE_URL: 'mysql://x/y', REDIS_URL: 'not a url', SEED_ON_START: 'maybe', LOG_LEVEL: 'loud' };
    let error: unknown;
    try {
      loadConfig(bad, root);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of Object.keys(bad)) expect(message).toContain(name);
    expect((error as ConfigError).problems).toHaveLength(5);
  });
});

describe('findRepoRoot', () => {
  it('finds the workspace root from this folder, as it would from the bundle in apps/api/dist', () => {
    const repoRoot = findRepoRoot(import.meta.dirname);
    expect(findRepoRoot(path.join(repoRoot, 'apps/api/dist'))).toBe(repoRoot);
    expect(existsSync(path.join(repoRoot, 'apps/api/package.json'))).toBe(true);
  });
});
