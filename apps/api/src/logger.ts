import { createRequire } from 'node:module';
import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config';

/**
 * Issue 10 'Logs never contain query parameters, phones, e-mails, codes or tokens'. Three layers, each catching
 * what the one before might miss:
 * 1. serializers: a request is logged by its path (the query string holds phones and e-mails: the dev outbox's
 *    `recipient`, a reset link's `token`); an error keeps its type, message, code and stack frames, never the
 *    query parameters drizzle appends to its message or the row PostgreSQL quotes in `detail`.
 * 2. redaction: any field named like a personal or secret value is censored wherever a handler logs it, down to
 *    a few levels of nesting.
 * 3. a last pass over every finished line that masks anything still shaped like an e-mail, an Indian mobile
 *    number, a JWT or one of our opaque tokens, wherever it hides (a free-text message, a third-party error).
 */

const CENSOR = '[redacted]';

/** Header values that must never reach a log line (Fastify's request serializer leaves headers out already). */
const HEADER_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/** Field names that hold a person's contact, a passcode or a secret, in any request body or log object. */
export const PERSONAL_FIELDS = ['phone', 'email', 'otp', 'token', 'password', 'identity', 'recipient', 'contact'] as const;
const NESTING_LEVELS = 4;

function personalFieldPaths(): string[] {
  const paths: string[] = [];
  for (const field of PERSONAL_FIELDS) {
    for (let depth = 0; depth < NESTING_LEVELS; depth += 1) paths.push([...Array<string>(depth).fill('*'), field].join('.'));
  }
  return paths;
}

const REDACTED_PATHS = [...HEADER_PATHS, ...personalFieldPaths()];

/** What Fastify hands the `req` serializer: its own request object. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the path in place of the whole URL. */
function requestSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url?.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * drizzle's DrizzleQueryError reads `Failed query: <sql>\nparams: <values>`: the values are an enquirer's phone,
 * a user's e-mail. Everything from the params line on goes.
 */
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams:');
  return at === -1 ? message : message.slice(0, at);
}

/** Error fields safe to keep: codes and names, never values (PostgreSQL's `detail` quotes the offending row). */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'constraint', 'table', 'column', 'routine', 'severity', 'validationContext'] as const;
const MAX_CAUSES = 5;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  [field: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike => typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';

/** The error and its causes: type, message without parameters, safe fields, and the stack's frames only. */
function errorSerializer(error: unknown): unknown {
  if (!isErrorLike(error)) return error;
  const chain: ErrorLike[] = [];
  for (let current: unknown = error; isErrorLike(current) && chain.length < MAX_CAUSES && !chain.includes(current); current = current.cause) chain.push(current);
  const typeOf = (item: ErrorLike) => (typeof item.constructor === 'function' && item.constructor.name !== 'Object' ? item.constructor.name : String(item.name ?? 'Error'));
  const messageOf = (item: ErrorLike) => withoutParams(String(item.message));
  // A stack's first line repeats the message (with its parameters); the frames after it are what help.
  const framesOf = (item: ErrorLike) => (typeof item.stack === 'string' ? item.stack.split('\n').filter((line) => line.trimStart().startsWith('at ')) : []);
  const serialized: Record<string, unknown> = {
    type: typeOf(error),
    message: chain.map(messageOf).join(': '),
    stack: chain.map((item, index) => [`${index === 0 ? '' : 'caused by: '}${typeOf(item)}: ${messageOf(item)}`, ...framesOf(item)].join('\n')).join('\n'),
  };
  for (const item of [...chain].reverse()) {
    for (const field of SAFE_ERROR_FIELDS) {
      const value = item[field];
      if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
    }
  }
  return serialized;
}

/**
 * The last pass, over the finished JSON line. Each pattern is shaped so that what a log line legitimately holds
 * (epoch milliseconds, UUID request ids, hex hashes, package versions in stack paths) does not match, and so that
 * a value right after an escape such as `\n` inside a JSON string still does. Replacements hold no quote or
 * backslash, so the line stays valid JSON.
 */
const LINE_SCRUBS: readonly [RegExp, string][] = [
  // A query string anywhere in a message: keep the name, drop the value.
  [/([?&](?:token|otp|code|phone|email|recipient|identity|password|contact)=)[^&"\s\\]*/gi, `$1${CENSOR}`],
  [/eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g, '[token]'],
  [/(?<!\\)[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, '[email]'],
  // An Indian mobile as people type it: 10 digits from 6-9, perhaps +91 or 0 first, perhaps split 5 + 5.
  [/(?<!(?<!\\)[\w.-])(?:\+?91[\s-]?|0)?[6-9]\d{4}[\s-]?\d{5}(?![\w.])/g, '[phone]'],
  // Refresh and reset tokens: 32 random bytes in base64url, exactly 43 characters.
  [/(?<!(?<!\\)[\w-])[A-Za-z0-9_-]{43}(?![\w-])/g, '[token]'],
];

export function scrubLogLine(line: string): string {
  let scrubbed = line;
  for (const [pattern, replacement] of LINE_SCRUBS) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

export function loggerOptions(config: Pick<Config, 'logLevel' | 'nodeEnv'>): LoggerOptions {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    // These win over Fastify's own (it merges the logger instance's serializers over its defaults).
    serializers: { req: requestSerializer, err: errorSerializer },
    hooks: { streamWrite: scrubLogLine },
  };
  // Readable lines on a developer's terminal; JSON everywhere else (a log shipper reads it).
  if (config.nodeEnv === 'development' && process.stdout.isTTY && canResolve('pino-pretty')) {
    options.transport = { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } };
  }
  return options;
}

export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>): Logger {
  return pino(loggerOptions(config));
}

/** pino-pretty is a dev dependency: an install without dev dependencies must still start. */
function canResolve(specifier: string): boolean {
  try {
    createRequire(import.meta.url).resolve(specifier);
    return true;
  } catch {
    return false;
  }
}
