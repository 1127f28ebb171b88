import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { RateLimitsConfig } from '../config';
import { addressKey } from '../lib/client-address';
import { DomainError } from '../lib/domain-error';
import type { MetricsRecorder } from './metrics';

/**
 * Abuse limits (issue 10). A route names its policy in its options, `config: { limits: 'enquiry' }`, and is counted
 * per client address AND per target (the e-mail signed in to, the account, the mobile number) by a preHandler: after
 * the sign-in check and the body's validation, so a guest still gets 401 and a malformed body 400 (neither costs
 * anything worth limiting), and before the handler, so a refused password attempt never runs its 32 MiB scrypt.
 *
 * Counters live in Redis when REDIS_URL is set (one count over every API process), in memory otherwise. When Redis
 * is down the limits fail OPEN and say so in the log: a portal that refuses every enquiry and sign-in because a
 * cache is unreachable does more harm than a few minutes without limits.
 *
 * Passcode sends keep their own limits (modules/auth/otp.service.ts, docs/decisions/013-passcode-limits.md: per
 * identity and address together, slowing down rather than locking out), and passcode checks their five tries per
 * code: neither is counted again here. No per-target limit stands on a passcode check,
 * so however often a stranger types someone's e-mail, its owner can still sign in with a passcode.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Right or wrong, per e-mail: the sixth attempt in the window is refused whatever address it comes from. */
export const PASSWORD_ATTEMPTS_PER_EMAIL = { max: 5, windowMs: 15 * MINUTE };
/** The same answer for known and unknown e-mails, so the limit says nothing about who has an account. */
export const RESET_EMAILS_PER_EMAIL = { max: 3, windowMs: HOUR };
export const RESET_ATTEMPTS_PER_LINK = { max: 5, windowMs: 15 * MINUTE };
export const REGISTRATIONS_PER_CONTACT = { max: 5, windowMs: HOUR };
/** A rating replaces the person's earlier one of the place: more than this in an hour is not somebody's opinion. */
export const RATINGS_PER_ACCOUNT = { max: 30, windowMs: HOUR };
export const RATINGS_PER_ADDRESS = { max: 60, windowMs: HOUR };
/** A user keeps at most 20 saved searches; this bounds the churn (and the queries) around that cap. */
export const SAVED_SEARCH_CHANGES_PER_ACCOUNT = { max: 60, windowMs: HOUR };
export const SAVED_SEARCH_CHANGES_PER_ADDRESS = { max: 120, windowMs: HOUR };
export const LISTINGS_PER_ACCOUNT = { max: 20, windowMs: HOUR };
/** One request per photo (the upload form sends them one by one); a listing holds at most 20. */
export const PHOTO_UPLOADS_PER_ACCOUNT = { max: 200, windowMs: HOUR };

export const LIMIT_POLICIES = [
  'password-sign-in',
  'passcode-sign-in',
  'registration',
  'password-reset-request',
  'password-reset',
  'enquiry',
  'rating',
  'saved-search',
  'listing-upload',
  'photo-upload',
  'tracking',
] as const;
export type LimitPolicy = (typeof LIMIT_POLICIES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The abuse limits this route is counted against (plugins/rate-limit.ts). */
    limits?: LimitPolicy;
  }
}

interface LimitRule {
  /** Part of the counter's key; also what the log names when the rule refuses a request. */
  name: string;
  max: number;
  windowMs: number;
  /** The value counted (an address, an e-mail, an account); null when the request carries none. */
  keyOf: (request: FastifyRequest) => string | null;
  /** The readable refusal, given the wait ('3 minutes'). */
  message: (wait: string) => string;
}

export interface RateLimitPluginOptions {
  limits: RateLimitsConfig;
  /** Counters in Redis when set, shared by every API process; in this process's memory otherwise. */
  redisUrl: string | undefined;
  /** Counts each refusal under its rule's name (plugins/metrics.ts). */
  metrics?: Pick<MetricsRecorder, 'rateLimitRefused'>;
}

/** '45 seconds', '3 minutes', '1 hour': how long until a retry may succeed, as a person says it. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

function tooMany(message: (wait: string) => string, ttlMs: number): DomainError {
  return new DomainError('RATE_LIMITED', message(waitText(ttlMs)), { retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) });
}

const fromAddress = (request: FastifyRequest) => addressKey(request.ip);
const ofAccount = (request: FastifyRequest) => (request.principal ? `${request.principal.kind}:${request.principal.id}` : null);
/** A text field of the validated body, which the contracts have already trimmed and lower-cased where it matters. */
const bodyField = (field: string) => (request: FastifyRequest) => {
  const value = (request.body as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === 'string' && value !== '' ? value.toLowerCase() : null;
};

function policiesFor(limits: RateLimitsConfig): Record<LimitPolicy, readonly LimitRule[]> {
  // One counter per address over every sign-in, registration and password route together: spreading the attempts
  // over five routes must not buy five times as many.
  const authFromAddress: LimitRule = {
    name: 'auth:address',
    max: limits.authAttemptsPerIpPerHour,
    windowMs: HOUR,
    keyOf: fromAddress,
    message: (wait) => `Too many attempts. Please try again in ${wait}.`,
  };
  const uploadsFromAddress: LimitRule = {
    name: 'uploads:address',
    max: limits.uploadsPerIpPerHour,
    windowMs: HOUR,
    keyOf: fromAddress,
    message: (wait) => `Too many uploads from your network. Please try again in ${wait}.`,
  };
  const registrationsPer = (field: 'email' | 'phone', what: string): LimitRule => ({
    name: `registration:${field}`,
    ...REGISTRATIONS_PER_CONTACT,
    keyOf: bodyField(field),
    message: (wait) => `Too many registrations with this ${what}. Please try again in ${wait}.`,
  });
  return {
    'password-sign-in': [
      authFromAddress,
      {
        name: 'password-sign-in:email',
        ...PASSWORD_ATTEMPTS_PER_EMAIL,
        keyOf: bodyField('email'),
        message: (wait) => `Too many attempts for this e-mail. Please try again in ${wait}, or log in with a passcode.`,
      },
    ],
    'passcode-sign-in': [authFromAddress],
    registration: [authFromAddress, registrationsPer('email', 'e-mail address'), registrationsPer('phone', 'mobile number')],
    'password-reset-request': [
      authFromAddress,
      {
        name: 'password-reset-request:email',
        ...RESET_EMAILS_PER_EMAIL,
        keyOf: bodyField('email'),
        message: (wait) => `Too many reset links asked for this e-mail. Please try again in ${wait}.`,
      },
    ],
    'password-reset': [
      authFromAddress,
      {
        name: 'password-reset:link',
        ...RESET_ATTEMPTS_PER_LINK,
        // Case matters in a token, so not bodyField's lower-casing; hashed below like every key.
        keyOf: (request) => {
          const token = (request.body as { token?: unknown } | undefined)?.token;
          return typeof token === 'string' ? token : null;
        },
        message: (wait) => `Too many attempts with this reset link. Please try again in ${wait}.`,
      },
    ],
    enquiry: [
      {
        name: 'enquiry:address',
        max: limits.enquiriesPerIpPerMinute,
        windowMs: MINUTE,
        keyOf: fromAddress,
        message: (wait) => `Too many enquiries from your network. Please try again in ${wait}.`,
      },
      {
        // A visitor comparing projects sends a handful; more naming one number floods brokers with someone's phone.
        name: 'enquiry:mobile',
        max: limits.enquiriesPerMobilePerHour,
        windowMs: HOUR,
        keyOf: bodyField('phone'),
        message: (wait) => `Too many enquiries with this mobile number. Please try again in ${wait}.`,
      },
    ],
    rating: [
      { name: 'rating:address', ...RATINGS_PER_ADDRESS, keyOf: fromAddress, message: (wait) => `Too many ratings from your network. Please try again in ${wait}.` },
      { name: 'rating:account', ...RATINGS_PER_ACCOUNT, keyOf: ofAccount, message: (wait) => `Too many ratings. Please try again in ${wait}.` },
    ],
    'saved-search': [
      {
        name: 'saved-search:address',
        ...SAVED_SEARCH_CHANGES_PER_ADDRESS,
        keyOf: fromAddress,
        message: (wait) => `Too many changes to saved searches from your network. Please try again in ${wait}.`,
      },
      {
        name: 'saved-search:account',
        ...SAVED_SEARCH_CHANGES_PER_ACCOUNT,
        keyOf: ofAccount,
        message: (wait) => `Too many changes to your saved searches. Please try again in ${wait}.`,
      },
    ],
    'listing-upload': [
      uploadsFromAddress,
      { name: 'listing-upload:account', ...LISTINGS_PER_ACCOUNT, keyOf: ofAccount, message: (wait) => `Too many listings uploaded. Please try again in ${wait}.` },
    ],
    'photo-upload': [
      uploadsFromAddress,
      { name: 'photo-upload:account', ...PHOTO_UPLOADS_PER_ACCOUNT, keyOf: ofAccount, message: (wait) => `Too many photos uploaded. Please try again in ${wait}.` },
    ],
    // Per address only: a beacon carries no bearer, and the client buffers what a 429 refuses (spec §4's unsent list).
    tracking: [
      {
        name: 'tracking:address',
        max: limits.trackingRequestsPerIpPerMinute,
        windowMs: MINUTE,
        keyOf: fromAddress,
        message: (wait) => `Too many tracking calls from your network. Please try again in ${wait}.`,
      },
    ],
  };
}

/** Keys carry e-mails, phones and addresses: only a digest of them goes to Redis (or sits in memory). */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * A Redis client that never takes the process down: every failure goes to its 'error' listener (logged once per
 * outage), commands fail at once while it is disconnected instead of queueing behind the requests, and a slow
 * Redis costs a request at most COMMAND_TIMEOUT_MS before the limit is skipped.
 */
async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const COMMAND_TIMEOUT_MS = 500;
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS, connectTimeout: 2_000 });
  let up = true;
  redis.on('error', (error: Error) => {
    if (up) log.warn({ err: { type: error.name, message: error.message } }, 'rate limits: Redis unavailable, requests go through unlimited until it is back');
    up = false;
  });
  redis.on('ready', () => {
    if (!up) log.info('rate limits: Redis is back');
    up = true;
  });
  // A Redis that is down at start does not stop the start (the limits fail open): its reconnection goes on behind.
  await redis.connect().catch(() => undefined);
  return redis;
}

const rateLimitPlugin: FastifyPluginAsync<RateLimitPluginOptions> = async (app, { limits, redisUrl, metrics }) => {
  const redis = redisUrl ? await connectRedis(redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => redis.disconnect());

  await app.register(fastifyRateLimit, {
    // Nothing is limited unless a route asks (config.limits); routes are counted by the preHandler below.
    global: false,
    ...(redis ? { redis, nameSpace: limits.redisPrefix } : {}),
    // Only reached by a route using the package's own `config.rateLimit`: the same body and Retry-After as ours.
    errorResponseBuilder: (_request, context) => tooMany((wait) => `Too many requests. Please try again in ${wait}.`, context.ttl),
  });

  let lastWarnedAt = 0;
  function failOpen(rule: LimitRule, error: unknown, log: FastifyBaseLogger): void {
    if (Date.now() - lastWarnedAt < MINUTE) return;
    lastWarnedAt = Date.now();
    log.warn({ limit: rule.name, err: { message: error instanceof Error ? error.message : String(error) } }, 'rate limits: could not count, let the request through');
  }

  const checks = new Map<LimitRule, ReturnType<FastifyInstance['createRateLimit']>>();
  function checkerFor(rule: LimitRule) {
    let check = checks.get(rule);
    if (!check) {
      check = app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: (request) => `${rule.name}:${digest(rule.keyOf(request) ?? '')}` });
      checks.set(rule, check);
    }
    return check;
  }

  const policies = policiesFor(limits);
  const hooks = new Map<LimitPolicy, preHandlerAsyncHookHandler>();
  function hookFor(policy: LimitPolicy): preHandlerAsyncHookHandler {
    const existing = hooks.get(policy);
    if (existing) return existing;
    const rules = policies[policy].map((rule) => ({ rule, check: checkerFor(rule) }));
    const hook: preHandlerAsyncHookHandler = async (request) => {
      // In order, and the first refusal stops the rest: a request refused per address is not counted per target.
      for (const { rule, check } of rules) {
        if (rule.keyOf(request) === null) continue;
        let outcome: Awaited<ReturnType<typeof check>>;
        try {
          outcome = await check(request);
        } catch (error) {
          failOpen(rule, error, request.log);
          continue;
        }
        if (outcome.isAllowed || !outcome.isExceeded) continue;
        // The rule's name only: its key is an e-mail, a phone or an address.
        request.log.info({ limit: rule.name }, 'request refused by a rate limit');
        metrics?.rateLimitRefused(rule.name);
        throw tooMany(rule.message, outcome.ttl);
      }
    };
    hooks.set(policy, hook);
    return hook;
  }

  app.addHook('onRoute', (route) => {
    const policy = route.config?.limits;
    if (policy === undefined) return;
    const existing = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...existing, hookFor(policy)];
  });
};

/** Register after `auth` (the account rules read `request.principal`) and before the modules whose routes it counts. */
export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['errors', 'auth'] });
