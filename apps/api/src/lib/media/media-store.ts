import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded photos live (issue 5): the local data folder by default, an S3-compatible bucket by config
 * (s3-media-store.ts). Keys are ours (`listings/12/3f2a…-1280.webp`), never a user's file name.
 */
export interface MediaStore {
  /** Stores `body` under `key`, replacing nothing: keys are random, so a second put of a key is a bug. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the object; a missing one is not an error (deletes are retried and may race). */
  delete(key: string): Promise<void>;
  /** The address a browser loads the object from. */
  urlFor(key: string): string;
}

/** Lower-case letters, digits, '-', '_', '.', separated by single slashes; no '..', no leading slash. */
const SAFE_KEY = /^(?!.*\.\.)[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe media key: ${key}`);
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

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${target}.${process.pid}.partial`;
    await writeFile(partial, body, { flag: 'wx' });
    await rename(partial, target);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  urlFor(key: string): string {
    assertSafeKey(key);
    return `${this.urlPrefix}/${key}`;
  }
}
