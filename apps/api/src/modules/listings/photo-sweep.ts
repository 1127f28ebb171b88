import type { FastifyBaseLogger } from 'fastify';
import type { MediaStore, SweepReport } from '../../lib/media/media-store';
import type { ListingsRepository } from './listings.repository';
import { storageKeyOf } from './listings.service';

/** One IN list per this many keys: PostgreSQL caps a statement at 65,535 parameters. */
const KEYS_PER_QUERY = 1_000;

export interface PhotoSweepOptions {
  repository: Pick<ListingsRepository, 'referencedStorageKeys'>;
  mediaStore: MediaStore;
  /** 0 when this process owns the data folder; see SweepOptions.olderThanMs. */
  olderThanMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * Issue 10, run once at start before the server listens: staged photos whose row committed are moved to their key,
 * and every other photo file no row refers to (a staged copy from a killed upload, a deleted photo whose files
 * outlived it) is removed. A key that is not a photo variant is left alone.
 */
export async function sweepOrphanPhotos({ repository, mediaStore, olderThanMs, log }: PhotoSweepOptions): Promise<SweepReport | null> {
  if (!mediaStore.sweep) {
    log.info('photo sweep skipped: the media store cannot list what it holds');
    return null;
  }
  const report = await mediaStore.sweep({
    olderThanMs,
    async referenced(keys) {
      const byStorageKey = new Map<string, string[]>();
      const referenced = new Set<string>();
      for (const key of keys) {
        const storageKey = storageKeyOf(key);
        if (storageKey === null) referenced.add(key);
        else byStorageKey.set(storageKey, [...(byStorageKey.get(storageKey) ?? []), key]);
      }
      const storageKeys = [...byStorageKey.keys()];
      for (let start = 0; start < storageKeys.length; start += KEYS_PER_QUERY) {
        for (const storageKey of await repository.referencedStorageKeys(storageKeys.slice(start, start + KEYS_PER_QUERY))) {
          for (const key of byStorageKey.get(storageKey) ?? []) referenced.add(key);
        }
      }
      return referenced;
    },
  });
  if (report.promoted > 0 || report.removed > 0) log.warn(report, 'photo sweep: finished interrupted uploads and removed orphan files');
  return report;
}
