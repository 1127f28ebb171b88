import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/client-address';

/**
 * The one reader of process.env. Everything else receives a typed `Config`, so a test can build the
 * app with any settings and nothing reads the environment behind its back.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  logLevel: LogLevel;
  repoRoot: string;
  dataDir: string;
  /** The embedded PGlite database, used when `databaseUrl` is unset. */
  pgliteDir: string;
  /** Generated and uploaded images, served at /media. */
  mediaDir: string;
  databaseUrl: string | undefined;
  /** Validated now so a typo fails at start; the chat and rate limits will use it. */
  redisUrl: string | undefined;
  webDistDir: string;
  /** The provider console remote's build (apps/dashboard), served at /remotes/dashboard/ (plugins/remotes.ts). */
  dashboardDistDir: string;
  /** The brokers' insights remote's build (apps/remote-component), served at /remotes/insights/. */
  insightsDistDir: string;
  seedOnStart: boolean;
  /** Swagger UI and its JSON at /api/docs: on unless NODE_ENV=production, where API_DOCS=true turns them on (issue 10). */
  apiDocs: boolean;
  /**
   * HS256 key for access tokens. Required in production; elsewhere, when unset, one is generated once and kept in
   * `<dataDir>/secrets/jwt-secret` so restarts keep sessions (modules/auth/tokens.ts).
   */
  jwtSecret: string | undefined;
  /** How passcodes, reset links and notices leave: kept in outbox_messages, or e-mailed through SMTP. */
  otpSender: 'outbox' | 'smtp';
  smtpUrl: string | undefined;
  mailFrom: string;
  /** An SMS gateway that takes `POST {to, message}` (modules/auth/senders/sms-sender.ts); phone codes stay in the outbox without it. */
  smsWebhookUrl: string | undefined;
  smsWebhookToken: string | undefined;
  /** The site's public address for links in messages (reset-password); the request's own origin when unset. */
  publicOrigin: string | undefined;
  /** Passcodes one client address may ask for per hour (per-identity limits are fixed in the OTP rules). */
  otpSendsPerIpPerHour: number;
  /** Which X-Forwarded-For hops to believe (TRUST_PROXY), so limits and logs see the client behind a load balancer. */
  trustProxy: TrustProxy;
  /** Abuse limits (plugins/rate-limit.ts, chat/chat.gateway.ts); the per-address ones a test run from one address raises. */
  rateLimits: RateLimitsConfig;
  /** Bytes of public answers kept in memory (plugins/public-cache.ts); 0 turns the cache off. */
  publicCacheBytes: number;
  /** Where uploaded listing photos go (lib/media): DATA_DIR/media/uploads, or an S3-compatible bucket. */
  mediaStore: MediaStoreConfig;
  /** Raw tracking events older than this many days are deleted; the daily rollups are kept (issue 12). */
  trackingRetentionDays: number;
  /** A local `CIDR,city` file for visitors' coarse city (modules/tracking/visitor-facts.ts); the built-in table when unset. */
  trackingIpCityTable: string | undefined;
  /** Who may read /metrics (plugins/metrics.ts, docs/decisions/027-metrics.md). */
  metrics: MetricsAccessConfig;
}

export interface MetricsAccessConfig {
  /** Addresses/CIDRs (or proxy-addr's names) whose requests are answered; empty: by token only. */
  allow: readonly string[];
  /** A bearer token that is answered from anywhere; none when unset. */
  token: string | undefined;
}

export interface RateLimitsConfig {
  /** Prefix of the counters' keys in Redis, so deployments (or test runs) sharing one Redis keep apart. */
  redisPrefix: string;
  /** Sign-in, registration, password and reset attempts from one address, over all those routes together. */
  authAttemptsPerIpPerHour: number;
  enquiriesPerIpPerMinute: number;
  /** Enquiries naming one mobile number, from anywhere. */
  enquiriesPerMobilePerHour: number;
  /** Listings created and photo uploads (one request per photo) from one address. */
  uploadsPerIpPerHour: number;
  /** Chat messages from one address per CHAT_RATE_WINDOW_MS, over all its connections and client ids. */
  chatMessagesPerIp: number;
  /** Chat connections one address may hold open at once (per process). */
  chatConnectionsPerIp: number;
  /**
   * Tracking calls (event batches, session starts and ends) from one address per minute. A browser sends about 8 a
   * minute (a batch every 10 s); an office or a mobile carrier puts many browsers behind one address.
   */
  trackingRequestsPerIpPerMinute: number;
}

export type MediaStoreConfig =
  | { kind: 'local' }
  | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; publicUrl: string };

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no']))
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A variable read by `parse`, whose Error's message becomes the variable's problem. */
function readWith<T>(parse: (text: string) => T) {
  return z.string().transform((value, ctx) => {
    try {
      return parse(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  WEB_DIST_DIR: z.string().optional(),
  DASHBOARD_DIST_DIR: z.string().optional(),
  INSIGHTS_DIST_DIR: z.string().optional(),
  SEED_ON_START: booleanFlag.default(true),
  API_DOCS: booleanFlag.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  OTP_SENDER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().trim().min(3).default('Nivaas <no-reply@nivaas.local>'),
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/, error: 'must be an http(s) origin' }).optional(),
  OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  TRUST_PROXY: readWith(parseTrustProxy).default(false),
  RATE_LIMIT_REDIS_PREFIX: z.string().trim().min(1).max(100).default('nivaas:rate-limit:'),
  AUTH_ATTEMPTS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(60),
  ENQUIRIES_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  ENQUIRIES_PER_MOBILE_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  UPLOADS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(300),
  CHAT_MESSAGES_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
  CHAT_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(20),
  TRACKING_REQUESTS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(600),
  PUBLIC_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  // At least a day: the rollup job reads raw events for the days it refreshes.
  TRACKING_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(395),
  TRACKING_IP_CITY_TABLE: z.string().trim().min(1).optional(),
  METRICS_ALLOW: readWith(parseAddressList).default(['loopback']),
  // Long enough that guessing it over HTTP is hopeless; it is compared in constant time (plugins/metrics.ts).
  METRICS_TOKEN: z.string().trim().min(32, 'must be at least 32 characters').optional(),
});

/**
 * METRICS_ALLOW's text: addresses, CIDRs or proxy-addr's names (loopback, linklocal, uniquelocal), comma-separated;
 * `none` for nobody (the token only). Throws naming what proxy-addr could not read: a typo must stop the start, not
 * silently open or close the metrics.
 */
export function parseAddressList(text: string): string[] {
  const usage = 'must be addresses/CIDRs (or loopback, linklocal, uniquelocal) separated by commas, or none';
  if (['none', 'off', 'false'].includes(text.trim().toLowerCase())) return [];
  let parsed: TrustProxy;
  try {
    // TRUST_PROXY's reader, whose list form is the same: only a list is an answer here.
    parsed = parseTrustProxy(text);
  } catch (error) {
    throw new Error(`${usage} (${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message})`, { cause: error });
  }
  if (!Array.isArray(parsed)) throw new Error(usage);
  return [...(parsed as readonly string[])];
}

/**
 * Finds the workspace root (the package.json that declares `workspaces`) by walking up from `from`.
 * Walking up rather than counting `..` keeps this right from src/ under tsx, from the esbuild
 * bundle in dist/, and from wherever a test imports it.
 */
export function findRepoRoot(from: string): string {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
        if (typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed) return dir;
      } catch {
        // A broken package.json further down is not the root; keep walking.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No workspace root (package.json with "workspaces") above ${from}`);
    dir = parent;
  }
}

const moduleDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Parses the environment once. Empty strings count as unset (a blank `DATABASE_URL=` in a .env file
 * means "none", not "invalid"). Throws a `ConfigError` naming every bad variable at once.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, repoRoot = findRepoRoot(moduleDir)): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const vars = parsed.data;
  const problems: string[] = [];
  // A generated key lives on one machine's disk: several production processes would each sign with their own.
  if (vars.NODE_ENV === 'production' && vars.JWT_SECRET === undefined) {
    problems.push('JWT_SECRET: is required when NODE_ENV=production (at least 32 characters)');
  }
  // Reset links are built from it: taking them from the request's Host header would let anyone who can send a
  // request with a forged Host mail a broker a link to their own site.
  if (vars.NODE_ENV === 'production' && vars.PUBLIC_ORIGIN === undefined) {
    problems.push('PUBLIC_ORIGIN: is required when NODE_ENV=production (the https origin links in e-mails point to)');
  }
  if (vars.OTP_SENDER === 'smtp' && vars.SMTP_URL === undefined) problems.push('SMTP_URL: is required when OTP_SENDER=smtp');
  if (vars.MEDIA_STORE === 's3') {
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const) {
      if (vars[name] === undefined) problems.push(`${name}: is required when MEDIA_STORE=s3`);
    }
  }
  // Relative paths are taken from the repository root, not the working directory, so
  // `npm run dev -w @nivaas/api` (which runs in apps/api) finds the same data as `npm start`.
  const fromRoot = (value: string | undefined, fallback: string) => path.resolve(repoRoot, value ?? fallback);
  const ipCityTable = vars.TRACKING_IP_CITY_TABLE === undefined ? undefined : fromRoot(vars.TRACKING_IP_CITY_TABLE, '');
  if (ipCityTable !== undefined && !existsSync(ipCityTable)) problems.push(`TRACKING_IP_CITY_TABLE: no file at ${ipCityTable}`);
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = fromRoot(vars.DATA_DIR, 'data');

  return {
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    logLevel: vars.LOG_LEVEL ?? (vars.NODE_ENV === 'test' ? 'silent' : 'info'),
    repoRoot,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    webDistDir: fromRoot(vars.WEB_DIST_DIR, 'apps/web/dist'),
    dashboardDistDir: fromRoot(vars.DASHBOARD_DIST_DIR, 'apps/dashboard/dist'),
    insightsDistDir: fromRoot(vars.INSIGHTS_DIST_DIR, 'apps/remote-component/dist'),
    seedOnStart: vars.SEED_ON_START,
    apiDocs: vars.API_DOCS ?? vars.NODE_ENV !== 'production',
    jwtSecret: vars.JWT_SECRET,
    otpSender: vars.OTP_SENDER,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    smsWebhookUrl: vars.SMS_WEBHOOK_URL,
    smsWebhookToken: vars.SMS_WEBHOOK_TOKEN,
    publicOrigin: vars.PUBLIC_ORIGIN === undefined ? undefined : new URL(vars.PUBLIC_ORIGIN).origin,
    otpSendsPerIpPerHour: vars.OTP_SENDS_PER_IP_PER_HOUR,
    trustProxy: vars.TRUST_PROXY,
    rateLimits: {
      redisPrefix: vars.RATE_LIMIT_REDIS_PREFIX,
      authAttemptsPerIpPerHour: vars.AUTH_ATTEMPTS_PER_IP_PER_HOUR,
      enquiriesPerIpPerMinute: vars.ENQUIRIES_PER_IP_PER_MINUTE,
      enquiriesPerMobilePerHour: vars.ENQUIRIES_PER_MOBILE_PER_HOUR,
      uploadsPerIpPerHour: vars.UPLOADS_PER_IP_PER_HOUR,
      chatMessagesPerIp: vars.CHAT_MESSAGES_PER_IP,
      chatConnectionsPerIp: vars.CHAT_CONNECTIONS_PER_IP,
      trackingRequestsPerIpPerMinute: vars.TRACKING_REQUESTS_PER_IP_PER_MINUTE,
    },
    publicCacheBytes: Math.round(vars.PUBLIC_CACHE_MB * 2 ** 20),
    mediaStore:
      vars.MEDIA_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: vars.S3_ENDPOINT ?? '',
            bucket: vars.S3_BUCKET ?? '',
            region: vars.S3_REGION,
            accessKeyId: vars.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: vars.S3_SECRET_ACCESS_KEY ?? '',
            publicUrl: vars.S3_PUBLIC_URL ?? '',
          }
        : { kind: 'local' },
    trackingRetentionDays: vars.TRACKING_RETENTION_DAYS,
    trackingIpCityTable: ipCityTable,
    metrics: { allow: vars.METRICS_ALLOW, token: vars.METRICS_TOKEN },
  };
}

/**
 * Settings that are valid but probably not meant: the app logs each once as it is built. Production with the outbox
 * sender or without an SMS gateway starts (a demo may want that) but nobody can read the passcodes it sends.
 */
export function configWarnings(config: Pick<Config, 'nodeEnv' | 'otpSender' | 'smsWebhookUrl'>): string[] {
  const warnings: string[] = [];
  if (config.nodeEnv === 'production' && config.otpSender === 'outbox') {
    warnings.push('OTP_SENDER=outbox in production: e-mailed passcodes and reset links are only stored, and nobody can read them');
  }
  if (config.nodeEnv === 'production' && !config.smsWebhookUrl) {
    warnings.push('SMS_WEBHOOK_URL is not set in production: passcodes for phone numbers are only stored, and nobody can read them');
  }
  return warnings;
}
