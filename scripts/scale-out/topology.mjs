// The scale-out topology (issue 16, docs/decisions/026-scale-out-proof.md): N API processes of the production build on
// a PostgreSQL database and a Redis key prefix of their own, photos in an S3-compatible server (s3rver), behind an
// HAProxy whose configuration is generated here. Everything it makes is per run and removed by stop().
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import S3rver from 's3rver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverBundle = path.join(root, 'apps/api/dist/server.js');

/** The PostgreSQL server to make the run's database on; the database named here only serves to connect. */
const DEFAULT_ADMIN_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** Databases of this script are named `<prefix><pid of the script>_<random>`, so leftovers of a killed run can be told. */
const DATABASE_PREFIX = 'nivaas_scale_out_';
const BUCKET = 'nivaas-media';
/** s3rver's built-in account; it checks that the key id exists (it does not verify SigV4 signatures, decision 026). */
const S3_KEY = 'S3RVER';
/** Longest wait for a process to migrate, seed and answer /api/ready (the first one seeds the catalogue). */
const READY_TIMEOUT_MS = 180_000;
/** Longest wait after SIGTERM before SIGKILL: the server's own hard limit is 10 s. */
const STOP_GRACE_MS = 12_000;
/** The request header the generated HAProxy configuration routes on (test topology only, never in production). */
export const PIN_HEADER = 'x-scale-out-pin';
/** The response header HAProxy stamps with the name of the server that answered. */
export const SERVED_BY_HEADER = 'x-served-by';

/**
 * @typedef {object} ApiProcess
 * @property {string} name `api-1`, `api-2`, ...: HAProxy's server name, what X-Served-By says.
 * @property {string} url the process's own address (the balancer is the way in; this is for diagnosis).
 * @property {number} port
 * @property {number} pid
 * @property {string} log its stdout and stderr.
 */

/**
 * What the proof and the bench need to know about a running topology (SCALE_OUT_TOPOLOGY, or --json's line).
 * @typedef {object} TopologyInfo
 * @property {string} run the run's id.
 * @property {string} balancer HAProxy's front end, the site's address (PUBLIC_ORIGIN).
 * @property {string} stats HAProxy's statistics page (append `;csv` for the machine-readable form).
 * @property {string} pinHeader
 * @property {string} servedByHeader
 * @property {ApiProcess[]} processes
 * @property {string} databaseUrl the run's own database.
 * @property {string} redisUrl
 * @property {string} redisPrefix the rate-limit counters' prefix (RATE_LIMIT_REDIS_PREFIX).
 * @property {{ endpoint: string, bucket: string, publicUrl: string }} s3
 * @property {string} dir the run's temporary folder (logs, data folders, HAProxy's configuration, the bucket).
 */

/**
 * @typedef {object} TopologyOptions
 * @property {number} [processes] API processes, default 2.
 * @property {Record<string, string>} [apiEnv] extra environment for every API process (e.g. PUBLIC_CACHE_MB=0).
 * @property {(line: string) => void} [log] progress lines; default none.
 * @property {AbortSignal} [signal] aborting it during the start stops what has started and makes the start throw.
 */

/**
 * @typedef {object} Topology
 * @property {TopologyInfo} info
 * @property {() => Promise<void>} stop stops every process this started (by its pid) and removes what it made.
 * @property {(lines?: number) => string} logTails the last lines of every API log and HAProxy's, for a failure report.
 */

/** A free TCP port on 127.0.0.1 (closed again at once; the race with another program taking it is accepted). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address !== null && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} name a database name this script made (checked, since it is spliced into DDL). */
function quoted(name) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return `"${name}"`;
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is not ours to signal.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Makes the run's database, after dropping those of earlier runs whose script is gone (a kill -9 of the script leaves
 * its database behind; a running script's pid is alive, so a parallel run is never touched).
 * @param {string} adminUrl
 * @param {string} name
 */
async function createDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'nivaas-scale-out' });
  await client.connect();
  try {
    const { rows } = await client.query('select datname from pg_database where datname like $1', [`${DATABASE_PREFIX}%`]);
    for (const { datname } of /** @type {{ datname: string }[]} */ (rows)) {
      const pid = Number(/^nivaas_scale_out_(\d+)_/.exec(datname)?.[1]);
      if (Number.isInteger(pid) && !alive(pid)) await client.query(`drop database if exists ${quoted(datname)} with (force)`).catch(() => undefined);
    }
    await client.query(`create database ${quoted(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * @param {string} adminUrl
 * @param {string} name
 */
async function dropDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'nivaas-scale-out' });
  await client.connect();
  try {
    // FORCE: a process killed by the proof may have left a backend that PostgreSQL has not noticed yet.
    await client.query(`drop database if exists ${quoted(name)} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * @param {string} redisUrl
 * @param {string} prefix
 */
async function deleteRedisKeys(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * HAProxy for the run. Round robin; the readiness route as the health check (every 500 ms, out after 2 failures);
 * a connection refused by a dead process is retried on another one (nothing was sent, so nothing is written twice;
 * `empty-response` would also resend a POST the dead process may have committed);
 * websockets tunnel for an hour; X-Forwarded-For for the limits (TRUST_PROXY names HAProxy's address).
 * @param {{ port: number, statsPort: number, servers: { name: string, port: number }[] }} options
 */
export function haproxyConfig({ port, statsPort, servers }) {
  return [
    'global',
    '  maxconn 4096',
    // Errors and abnormal ends only (dontlog-normal below): a bench run would otherwise log every request.
    '  log stdout format raw local0 info',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  option dontlog-normal',
    '  option forwardfor',
    '  option redispatch 1',
    '  retries 2',
    // Only connections that failed: a request that reached a process may have been written before it died.
    '  retry-on conn-failure',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    '  timeout tunnel 1h',
    '',
    'frontend site',
    `  bind 127.0.0.1:${port}`,
    '  default_backend api',
    '',
    'frontend stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /haproxy-stats',
    '  stats refresh 1s',
    '',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    '  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2',
    // A test may pin a request (or a websocket) to one process; if that process is down the rule is skipped.
    ...servers.map(({ name }) => `  use-server ${name} if { req.hdr(${PIN_HEADER}) -m str ${name} }`),
    `  http-response set-header ${SERVED_BY_HEADER} %s`,
    ...servers.map(({ name, port: serverPort }) => `  server ${name} 127.0.0.1:${serverPort} check`),
    '',
  ].join('\n');
}

/**
 * @param {string} file
 * @param {number} lines
 */
function tail(file, lines) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts the topology. On a failed start it stops whatever it had started before throwing.
 * @param {TopologyOptions} [options]
 * @returns {Promise<Topology>}
 */
export async function startTopology(options = {}) {
  const count = options.processes ?? 2;
  if (!Number.isInteger(count) || count < 1 || count > 8) throw new Error(`processes must be 1 to 8, got ${count}`);
  const log = options.log ?? (() => undefined);
  const run = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'nivaas-scale-out-'));
  const adminUrl = process.env.SCALE_OUT_DATABASE_URL || DEFAULT_ADMIN_DATABASE_URL;
  const redisUrl = process.env.SCALE_OUT_REDIS_URL || DEFAULT_REDIS_URL;
  const redisPrefix = `nivaas:scale-out:${run}:`;
  const databaseName = `${DATABASE_PREFIX}${run}`;
  const databaseUrl = (() => {
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    return url.toString();
  })();

  /** @type {{ name: string, child: import('node:child_process').ChildProcess, log: string }[]} */
  const children = [];
  /** @type {S3rver | undefined} */
  let s3;
  let databaseMade = false;
  /** @type {Promise<void> | undefined} */
  let stopping;

  const logTails = (lines = 40) =>
    children.map(({ name, log: file }) => `--- ${name} (${file}), last ${lines} lines\n${tail(file, lines)}`).join('\n');

  /** One stop, however often it is asked for: a signal during the start and the start's own failure both call it. */
  const stop = () => (stopping ??= stopAll());
  const stopAll = async () => {
    // HAProxy is signalled first, so it stops taking visitors as the APIs begin to drain.
    for (const { child } of [...children].reverse()) {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) child.kill('SIGTERM');
    }
    await Promise.all(
      children.map(async ({ child }) => {
        const started = Date.now();
        while (child.exitCode === null && child.signalCode === null && Date.now() - started < STOP_GRACE_MS) await sleep(50);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }),
    );
    await s3?.close().catch(() => undefined);
    if (databaseMade) await dropDatabase(adminUrl, databaseName).catch((error) => log(`could not drop ${databaseName}: ${error.message}`));
    await deleteRedisKeys(redisUrl, redisPrefix).catch((error) => log(`could not delete the Redis keys ${redisPrefix}*: ${error.message}`));
    if (!process.env.SCALE_OUT_KEEP) rmSync(dir, { recursive: true, force: true });
  };

  /** Throws once a stop was asked for, so a start interrupted by Ctrl-C starts nothing more. */
  const going = () => {
    if (stopping) throw new Error('stopped during the start');
  };
  options.signal?.addEventListener('abort', () => void stop(), { once: true });

  try {
    const haproxy = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
    if (haproxy.error || haproxy.status !== 0) throw new Error('haproxy is not installed (apt-get install -y haproxy)');
    if (!existsSync(serverBundle)) throw new Error(`${path.relative(root, serverBundle)} is missing: run \`npm run build\` first`);

    await createDatabase(adminUrl, databaseName);
    databaseMade = true;
    log(`database ${databaseName}`);

    const s3Port = await freePort();
    const s3Dir = path.join(dir, 's3');
    mkdirSync(s3Dir);
    s3 = new S3rver({ port: s3Port, address: '127.0.0.1', directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
    await s3.run();
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    log(`s3rver ${s3Endpoint}/${BUCKET}`);

    const port = await freePort();
    const statsPort = await freePort();
    const balancer = `http://127.0.0.1:${port}`;
    const jwtSecret = randomBytes(32).toString('base64url');

    /** @type {ApiProcess[]} */
    const processes = [];
    for (let n = 1; n <= count; n++) {
      going();
      const name = `api-${n}`;
      const apiPort = await freePort();
      const dataDir = path.join(dir, name);
      mkdirSync(dataDir);
      const logFile = path.join(dir, `${name}.log`);
      const out = openSync(logFile, 'a');
      const child = spawn(process.execPath, [serverBundle], {
        cwd: root,
        stdio: ['ignore', out, out],
        env: {
          ...process.env,
          ...options.apiEnv,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(apiPort),
          LOG_LEVEL: process.env.SCALE_OUT_LOG_LEVEL || 'warn',
          // Its own folder: the seed's pictures are rendered into it by each process; nothing is shared on disk.
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          RATE_LIMIT_REDIS_PREFIX: redisPrefix,
          JWT_SECRET: jwtSecret,
          PUBLIC_ORIGIN: balancer,
          // HAProxy connects from 127.0.0.1 and appends the client's address to X-Forwarded-For.
          TRUST_PROXY: '127.0.0.1',
          OTP_SENDER: 'outbox',
          MEDIA_STORE: 's3',
          S3_ENDPOINT: s3Endpoint,
          S3_BUCKET: BUCKET,
          S3_ACCESS_KEY_ID: S3_KEY,
          S3_SECRET_ACCESS_KEY: S3_KEY,
          S3_PUBLIC_URL: `${s3Endpoint}/${BUCKET}`,
        },
      });
      closeSync(out);
      if (child.pid === undefined) throw new Error(`${name} did not start`);
      children.push({ name, child, log: logFile });
      // Said once the topology is up too: a process that dies while it runs (or is killed by the proof) is news.
      child.once('exit', (code, signal) => {
        if (!stopping) log(`${name} (pid ${child.pid}) exited: ${signal ?? `code ${code}`}`);
      });
      processes.push({ name, url: `http://127.0.0.1:${apiPort}`, port: apiPort, pid: child.pid, log: logFile });
    }

    // Both at once: migrations and the seed take turns through advisory locks, the second process skips the seed.
    await Promise.all(
      processes.map(async (api, index) => {
        const started = Date.now();
        const { child } = /** @type {(typeof children)[number]} */ (children[index]);
        for (;;) {
          going();
          if (child.exitCode !== null || child.signalCode !== null) {
            throw new Error(`${api.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${tail(api.log, 40)}`);
          }
          const ready = await fetch(`${api.url}/api/ready`).then((response) => response.ok, () => false);
          if (ready) break;
          if (Date.now() - started > READY_TIMEOUT_MS) throw new Error(`${api.name} not ready within ${READY_TIMEOUT_MS} ms:\n${tail(api.log, 40)}`);
          await sleep(250);
        }
        log(`${api.name} ready on ${api.url} (pid ${api.pid}) after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }),
    );

    going();
    const configFile = path.join(dir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig({ port, statsPort, servers: processes }));
    const check = spawnSync('haproxy', ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`the generated HAProxy configuration is refused:\n${check.stdout}${check.stderr}`);
    const haproxyLog = path.join(dir, 'haproxy.log');
    const out = openSync(haproxyLog, 'a');
    // -db: stay in the foreground, so this script owns the process and its pid.
    const balancerChild = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', out, out] });
    closeSync(out);
    children.push({ name: 'haproxy', child: balancerChild, log: haproxyLog });

    const stats = `http://127.0.0.1:${statsPort}/haproxy-stats`;
    const started = Date.now();
    // Ready when HAProxy's own checks see every server up, not merely when it listens.
    for (;;) {
      going();
      if (balancerChild.exitCode !== null) throw new Error(`haproxy exited (${balancerChild.exitCode}):\n${tail(haproxyLog, 20)}`);
      const csv = await fetch(`${stats};csv`).then((response) => (response.ok ? response.text() : ''), () => '');
      const up = csv.split('\n').filter((line) => line.startsWith('api,api-') && line.split(',')[17] === 'UP').length;
      if (up === count) break;
      if (Date.now() - started > 20_000) throw new Error(`HAProxy does not see the ${count} servers up:\n${csv}`);
      await sleep(100);
    }
    log(`haproxy ${balancer} (stats ${stats})`);

    return {
      info: {
        run,
        balancer,
        stats,
        pinHeader: PIN_HEADER,
        servedByHeader: SERVED_BY_HEADER,
        processes,
        databaseUrl,
        redisUrl,
        redisPrefix,
        s3: { endpoint: s3Endpoint, bucket: BUCKET, publicUrl: `${s3Endpoint}/${BUCKET}` },
        dir,
      },
      stop,
      logTails,
    };
  } catch (error) {
    const report = logTails(20);
    await stop();
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { logTails: report });
  }
}
