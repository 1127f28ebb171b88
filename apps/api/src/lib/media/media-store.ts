import { open, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded photos live (issue 5): the local data folder by default, an S3-compatible bucket by config
 * (s3-media-store.ts). Keys are ours (`listings/12/3f2a…-1280.webp`), never a user's file name.
 *
 * Issue 10: a photo is staged (stored under a name nothing serves), its database row committed, and only then
 * promoted to its key. A crash before the commit leaves a staged file and no row; a crash after it leaves a row and a
 * staged file. The sweep at start removes the first and promotes the second, so no file outlives its row and no row
 * loses its file.
 */
export interface MediaStore {
  /** Stores `body` as a staged copy of `key` (not served). Keys are random, so staging one twice is a bug. */
  stage(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Makes the staged copy the object at `key`. Done already (a repeat, or the sweep beat us) is not an error. */
  promote(key: string): Promise<void>;
  /** Removes the object and any staged copy; a missing one is not an error (deletes are retried and may race). */
  delete(key: string): Promise<void>;
  /** The address a browser loads the object from. */
  urlFor(key: string): string;
  /** Present on stores that can list what they hold (the local folder): see sweepOrphans. */
  sweep?(options: SweepOptions): Promise<SweepReport>;
}

export interface SweepOptions {
  /** Which of these keys a database row refers to. */
  referenced(keys: string[]): Promise<Set<string>>;
  /**
   * Only files older than this are touched. 0 when this process owns the data folder (embedded database: nothing
   * else can be mid-upload); a while when several processes share it (PostgreSQL), so another one's upload in
   * flight is never taken for an orphan.
   */
  olderThanMs: number;
  now?: Date;
}

export interface SweepReport {
  /** Staged copies whose row had committed: moved to their key. */
  promoted: number;
  /** Staged copies and stored objects with no row, and half-written files. */
  removed: number;
}

/** Lower-case letters, digits, '-', '_', '.', separated by single slashes; no '..', no leading slash. */
const SAFE_KEY = /^(?!.*\.\.)[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe media key: ${key}`);
}

/** Staged copies are dot files (`.abc-1280.webp.staged`), which the media plugin refuses to serve. */
const STAGED_SUFFIX = '.staged';
/** What the store wrote before staging existed (`abc-1280.webp.1234.partial`): always a leftover. */
const LEGACY_PARTIAL = /\.\d+\.partial$/;

function stagedName(fileName: string): string {
  return `.${fileName}${STAGED_SUFFIX}`;
}

/**
 * Files under `rootDir` (DATA_DIR/media/uploads by default), served by the media plugin under `urlPrefix`
 * (/media/uploads). The data folder is outside the web app's build, so nothing uploaded is ever served as code.
 */
export class LocalMediaStore implements MediaStore {
  constructor(
    private readonly rootDir: string,
    private readonly urlPrefix: string,
  ) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.rootDir, ...key.split('/'));
  }

  private stagedPathOf(key: string): string {
    const target = this.pathOf(key);
    return path.join(path.dirname(target), stagedName(path.basename(target)));
  }

  async stage(key: string, body: Buffer): Promise<void> {
    const staged = this.stagedPathOf(key);
    await mkdir(path.dirname(staged), { recursive: true });
    // Flushed to disk before the caller commits the row, so a committed row never points at bytes a power cut lost.
    const file = await open(staged, 'wx');
    try {
      await file.writeFile(body);
      await file.sync();
    } finally {
      await file.close();
    }
  }

  async promote(key: string): Promise<void> {
    try {
      await rename(this.stagedPathOf(key), this.pathOf(key));
    } catch (error) {
      if (isNotFound(error) && (await exists(this.pathOf(key)))) return;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    await rm(this.stagedPathOf(key), { force: true });
  }

  urlFor(key: string): string {
    assertSafeKey(key);
    return `${this.urlPrefix}/${key}`;
  }

  async sweep({ referenced, olderThanMs, now = new Date() }: SweepOptions): Promise<SweepReport> {
    const report: SweepReport = { promoted: 0, removed: 0 };
    // 0 means every file: a cut-off of 'now' would miss one written in this very millisecond (mtimes are finer).
    const files = await this.listFiles(olderThanMs > 0 ? now.getTime() - olderThanMs : Number.POSITIVE_INFINITY);
    const keyed = files.filter((file): file is ListedFile & { key: string } => file.key !== null);
    const rows = await referenced([...new Set(keyed.map((file) => file.key))]);
    for (const file of files) {
      if (file.key !== null && rows.has(file.key)) {
        if (!file.staged) continue;
        // The row committed but the move did not happen (a crash in between): finish it.
        await this.promote(file.key);
        report.promoted += 1;
        continue;
      }
      await rm(file.path, { force: true });
      report.removed += 1;
    }
    return report;
  }

  /** Our files under the root modified before `before`: stored objects, staged copies and legacy partial writes. */
  private async listFiles(before: number): Promise<ListedFile[]> {
    const found: ListedFile[] = [];
    const visit = async (dir: string, keyPrefix: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          await visit(full, `${keyPrefix}${entry.name}/`);
          continue;
        }
        if (!entry.isFile()) continue;
        const listed = classify(entry.name, keyPrefix, full);
        if (!listed) continue;
        const modified = await stat(full).then((stats) => stats.mtimeMs, () => null);
        if (modified !== null && modified <= before) found.push(listed);
      }
    };
    await visit(this.rootDir, '');
    return found;
  }
}

interface ListedFile {
  path: string;
  /** The object's key, or null for a leftover that is never anyone's (a legacy partial write). */
  key: string | null;
  staged: boolean;
}

/** What a file under the root is; null for anything this store did not write (left alone). */
function classify(fileName: string, keyPrefix: string, full: string): ListedFile | null {
  if (fileName.startsWith('.') && fileName.endsWith(STAGED_SUFFIX)) {
    const key = `${keyPrefix}${fileName.slice(1, -STAGED_SUFFIX.length)}`;
    return SAFE_KEY.test(key) ? { path: full, key, staged: true } : null;
  }
  if (LEGACY_PARTIAL.test(fileName)) return { path: full, key: null, staged: false };
  const key = `${keyPrefix}${fileName}`;
  return SAFE_KEY.test(key) ? { path: full, key, staged: false } : null;
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
