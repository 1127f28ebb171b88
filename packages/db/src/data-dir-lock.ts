import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process per data folder (issue 10). Two PGlite instances on one folder corrupt it for good (every later start
 * aborts with `RuntimeError: Aborted()`), so whoever opens the embedded database takes this lock first.
 *
 * Node has no portable OS-level file lock, so this is PostgreSQL's own postmaster.pid scheme: a file created only if
 * absent, naming its holder; a holder that is gone (dead pid, a pid reused by another program, an earlier boot) is
 * taken over, so a kill -9 never blocks the next start. docs/decisions/010-process-safety.md has the details and the
 * one narrow race this leaves.
 */
export const LOCK_FILE_NAME = 'nivaas.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  /** Linux's boot id: a pid written before the last reboot is never a live process. */
  bootId: string | null;
  /** The kernel's start time of the process (Linux /proc/<pid>/stat field 22), so a reused pid is told apart. */
  processStart: string | null;
  /** ISO time the lock was taken. */
  startedAt: string;
  /** What holds it ('api server', 'seed'), for the message another process prints. */
  purpose: string;
  /** Where the holder serves, once known (http://127.0.0.1:3000). */
  address?: string | undefined;
  /** Random per take: tells this take's file from a later one (inode numbers are reused at once after an unlink). */
  token: string;
}

export interface DataDirLock {
  readonly path: string;
  readonly holder: LockHolder;
  /** Records where the holder serves (after listen), so a refused process can name it. */
  setAddress(address: string): void;
  /** Removes the lock if it is still ours. Synchronous, so it also runs from process.on('exit'). Idempotent. */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockPath: string,
    readonly holder: LockHolder,
  ) {
    super(lockedMessage(dataDir, lockPath, holder));
    this.name = 'DataDirLockedError';
  }
}

export interface AcquireOptions {
  purpose: string;
  address?: string;
}

/** Locks taken by this process: a second take in the same process is refused like any other. */
const heldHere = new Set<string>();

const TAKE_ATTEMPTS = 5;

/**
 * Takes the lock on `dataDir` (created if missing) or throws DataDirLockedError naming the live holder. A stale lock
 * (its process is gone) is removed and taken.
 */
export function acquireDataDirLock(dataDir: string, { purpose, address }: AcquireOptions): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const holder: LockHolder = { ...identity(process.pid), startedAt: new Date().toISOString(), purpose, token: randomUUID(), ...(address ? { address } : {}) };

  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
    if (tryCreate(lockPath, holder)) return heldLock(lockPath, holder);

    const current = readLock(lockPath);
    if (current === 'missing') continue;
    if (current.holder !== null && (heldHere.has(lockPath) || isRunning(current.holder))) {
      throw new DataDirLockedError(dataDir, lockPath, current.holder);
    }
    // Stale (its process is gone) or not a lock we could have written (they appear whole, see tryCreate).
    removeIfUnchanged(lockPath, current.text);
  }
  throw new Error(`Could not take the lock ${lockPath}: it kept changing under this process. Is something else starting on ${dataDir}?`);
}

/**
 * Creates the lock file whole or not at all: written aside, then hard-linked into place, which fails if the name
 * exists. So a reader never sees a half-written lock of a live process. False when someone holds it.
 */
function tryCreate(lockPath: string, holder: LockHolder): boolean {
  const aside = `${lockPath}.${process.pid}.${randomUUID()}`;
  writeDurably(aside, holder);
  try {
    linkSync(aside, lockPath);
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    // A file system without hard links (some network and FAT mounts): exclusive create instead.
    if (isCode(error, 'EPERM') || isCode(error, 'ENOTSUP') || isCode(error, 'EOPNOTSUPP')) return createExclusive(lockPath, holder);
    throw error;
  } finally {
    unlinkQuietly(aside);
  }
}

/** Only where hard links are missing; a reader that catches the file empty takes it for stale (the race in 010). */
function createExclusive(lockPath: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o644);
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

function writeDurably(file: string, holder: LockHolder): void {
  const fd = openSync(file, 'wx', 0o644);
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function heldLock(lockPath: string, holder: LockHolder): DataDirLock {
  heldHere.add(lockPath);
  let held = true;
  const stillOurs = () => {
    const current = readLock(lockPath);
    return held && current !== 'missing' && current.holder?.token === holder.token;
  };
  return {
    path: lockPath,
    holder,
    setAddress(address) {
      if (!stillOurs()) return;
      holder.address = address;
      // Replaced whole (rename), so a process reading it at this moment sees the old or the new holder, never half.
      const aside = `${lockPath}.${process.pid}.${randomUUID()}`;
      writeDurably(aside, holder);
      renameSync(aside, lockPath);
    },
    release() {
      if (!held) return;
      if (stillOurs()) unlinkQuietly(lockPath);
      held = false;
      heldHere.delete(lockPath);
    },
  };
}

function readLock(lockPath: string): 'missing' | { holder: LockHolder | null; text: string } {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return 'missing';
    throw error;
  }
  return { holder: parseHolder(text), text };
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    if (typeof record.pid !== 'number' || !Number.isInteger(record.pid) || record.pid <= 0 || typeof record.hostname !== 'string') return null;
    return {
      pid: record.pid,
      hostname: record.hostname,
      bootId: typeof record.bootId === 'string' ? record.bootId : null,
      processStart: typeof record.processStart === 'string' ? record.processStart : null,
      startedAt: typeof record.startedAt === 'string' ? record.startedAt : 'an unknown time',
      purpose: typeof record.purpose === 'string' ? record.purpose : 'unknown',
      address: typeof record.address === 'string' ? record.address : undefined,
      token: typeof record.token === 'string' ? record.token : '',
    };
  } catch {
    return null;
  }
}

/**
 * Whether the lock's holder still runs. A lock from another machine (a data folder on shared storage) cannot be
 * checked from here, so it counts as held: the message says how to clear it by hand.
 */
function isRunning(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return true;
  const self = identity(process.pid);
  if (holder.bootId && self.bootId && holder.bootId !== self.bootId) return false;
  // Our own pid in someone else's lock (a container restarted as pid 1): that process is gone, we are not it.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if (!isCode(error, 'EPERM')) return false;
  }
  const start = processStartOf(holder.pid);
  return holder.processStart === null || start === null || start === holder.processStart;
}

/** How a lock names a process on this machine (exported for tests that plant a holder). */
export function identity(pid: number): Pick<LockHolder, 'pid' | 'hostname' | 'bootId' | 'processStart'> {
  return { pid, hostname: hostname(), bootId: readOptional('/proc/sys/kernel/random/boot_id'), processStart: processStartOf(pid) };
}

/** Field 22 of /proc/<pid>/stat, read after the command name (which may itself hold spaces and parentheses). */
function processStartOf(pid: number): string | null {
  const stat = readOptional(`/proc/${pid}/stat`);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function readOptional(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** Removes the stale lock only if it is still the file judged stale (another process may have replaced it since). */
function removeIfUnchanged(lockPath: string, staleText: string): void {
  const current = readLock(lockPath);
  if (current !== 'missing' && current.text === staleText) unlinkQuietly(lockPath);
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

function lockedMessage(dataDir: string, lockPath: string, holder: LockHolder): string {
  const where = holder.hostname === hostname() ? 'on this machine' : `on host ${holder.hostname} (it cannot be checked from here)`;
  const serving = holder.address ? `, serving ${holder.address}` : '';
  return (
    `The data folder ${dataDir} is in use by another Nivaas process: pid ${holder.pid} ${where}${serving}, ` +
    `${holder.purpose}, since ${holder.startedAt}. Two processes on one embedded database would corrupt it, so this one stops here. ` +
    `Stop the other process, or give this one its own DATA_DIR. If that process no longer runs, delete ${lockPath}.`
  );
}

