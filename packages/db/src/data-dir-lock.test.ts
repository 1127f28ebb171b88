import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, identity, LOCK_FILE_NAME, type LockHolder } from './data-dir-lock';

const onLinux = existsSync('/proc/self/stat');

let dataDir: string;
let lockPath: string;
const children: { kill(): boolean }[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nivaas-lock-test-'));
  lockPath = path.join(dataDir, LOCK_FILE_NAME);
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A real other process that stays alive until the test ends. */
async function liveProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

function plant(holder: Partial<LockHolder> & { pid: number }): void {
  const planted: LockHolder = { ...identity(holder.pid), startedAt: '2026-01-01T00:00:00.000Z', purpose: 'api server', token: 'planted', ...holder };
  writeFileSync(lockPath, JSON.stringify(planted));
}

function refusal(take: () => unknown): DataDirLockedError {
  try {
    take();
  } catch (error) {
    if (error instanceof DataDirLockedError) return error;
    throw error;
  }
  throw new Error('the lock was taken, expected a refusal');
}

describe('acquireDataDirLock', () => {
  it('writes who holds the folder, refuses a second taker naming the holder, and frees the folder on release', () => {
    const lock = acquireDataDirLock(dataDir, { purpose: 'api server', address: 'http://127.0.0.1:3913' });
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid, purpose: 'api server', address: 'http://127.0.0.1:3913' });

    const error = refusal(() => acquireDataDirLock(dataDir, { purpose: 'seed' }));
    expect(error.message).toContain(`pid ${process.pid} on this machine, serving http://127.0.0.1:3913`);
    expect(error.message).toContain(lockPath);

    lock.release();
    expect(existsSync(lockPath)).toBe(false);
    acquireDataDirLock(dataDir, { purpose: 'api server' }).release();
  });

  it('names the address set after listening', () => {
    const lock = acquireDataDirLock(dataDir, { purpose: 'api server' });
    lock.setAddress('http://127.0.0.1:40123');
    expect(refusal(() => acquireDataDirLock(dataDir, { purpose: 'api server' })).message).toContain('serving http://127.0.0.1:40123');
    lock.release();
  });

  it('refuses while another live process holds it', async () => {
    const pid = await liveProcess();
    plant({ pid, address: 'http://0.0.0.0:3913' });
    const error = refusal(() => acquireDataDirLock(dataDir, { purpose: 'api server' }));
    expect(error.holder.pid).toBe(pid);
    expect(error.message).toContain(`pid ${pid} on this machine, serving http://0.0.0.0:3913`);
    expect(JSON.parse(readFileSync(lockPath, 'utf8')).pid).toBe(pid);
  });

  it('takes over the lock of a process that was killed (kill -9 leaves the file behind)', async () => {
    plant({ pid: await deadPid() });
    const lock = acquireDataDirLock(dataDir, { purpose: 'api server' });
    expect(JSON.parse(readFileSync(lockPath, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(onLinux)('takes over a lock whose pid now belongs to another program (same pid, other start time)', async () => {
    const pid = await liveProcess();
    plant({ pid, processStart: '1' });
    acquireDataDirLock(dataDir, { purpose: 'api server' }).release();
  });

  it.runIf(onLinux)('takes over a lock written before the machine rebooted', async () => {
    plant({ pid: await liveProcess(), bootId: 'an-earlier-boot' });
    acquireDataDirLock(dataDir, { purpose: 'api server' }).release();
  });

  it('takes over a lock naming this very pid that this process never took (a container restarted as the same pid)', () => {
    plant({ pid: process.pid, processStart: null });
    acquireDataDirLock(dataDir, { purpose: 'api server' }).release();
  });

  it('takes over a file that is not a lock it could have written', () => {
    writeFileSync(lockPath, '{"pid":');
    acquireDataDirLock(dataDir, { purpose: 'api server' }).release();
  });

  it('refuses a lock from another machine, which it cannot check, and says so', async () => {
    plant({ pid: await deadPid(), hostname: 'other-host.example' });
    expect(refusal(() => acquireDataDirLock(dataDir, { purpose: 'api server' })).message).toContain('on host other-host.example (it cannot be checked from here)');
  });

  it('release leaves alone a lock that is no longer its own', async () => {
    const lock = acquireDataDirLock(dataDir, { purpose: 'api server' });
    const pid = await liveProcess();
    // Someone judged it stale and took it over: removed, then created anew.
    rmSync(lockPath);
    plant({ pid });
    lock.release();
    expect(JSON.parse(readFileSync(lockPath, 'utf8')).pid).toBe(pid);
  });
});
