import { randomUUID } from 'node:crypto';
import { MAX_PHOTO_BYTES } from '@nivaas/contracts/upload.schema';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError, isDomainError } from '../../lib/domain-error';
import type { MediaStore } from '../../lib/media/media-store';
import { displayName, type IncomingPhoto } from './listings.service';
import { GALLERY_WIDTH, MAX_PHOTO_PIXELS, processPhoto } from './photo-processing';

export interface RecordImagesDeps {
  mediaStore: MediaStore;
  log?: Pick<FastifyBaseLogger, 'error'>;
  maxPhotoPixels?: number;
}

/**
 * Issue 14: the one picture of a back-office record (a banner's image, a blog's cover, a contractor's logo, a
 * construction project's photo) through the listings' photo pipeline: the same checks and re-encoding
 * (processPhoto, one 1280 px WebP) and the same order on the same media store as issue 10: staged, the row's URL
 * committed by the caller, then promoted.
 *
 * A replaced picture's file is kept: the audit row of the change names it as the 'before', and nothing in the back
 * office is deleted outright. Keys live under `content/`, which the start-up sweep leaves alone (it only judges
 * listing photos), so a staged file whose commit was lost is promoted there rather than removed.
 */
export function createRecordImagesService({ mediaStore, log, maxPhotoPixels = MAX_PHOTO_PIXELS }: RecordImagesDeps) {
  return {
    /**
     * Checks and stores `file` under `keyPrefix` (`content/banners/12`), then calls `save(url)`, which writes the URL
     * on the record in its own transaction (with its audit row). What `save` answers is answered.
     */
    async attach<T>(keyPrefix: string, file: IncomingPhoto | undefined, save: (url: string) => Promise<T>): Promise<T> {
      if (!file) throw new DomainError('VALIDATION', 'Choose a photo to upload', { field: 'image' });
      const fileName = displayName(file.fileName);
      if (file.truncated || file.bytes.length > MAX_PHOTO_BYTES) {
        throw new DomainError('UNPROCESSABLE', `${fileName} is larger than ${MAX_PHOTO_BYTES / (1024 * 1024)} MB`, { field: 'image' });
      }
      const outcome = await processPhoto(file.bytes, { maxPixels: maxPhotoPixels });
      if (!outcome.ok) throw new DomainError('UNPROCESSABLE', `${fileName} ${outcome.reason}`, { field: 'image' });
      const key = `${keyPrefix}/${randomUUID()}-${GALLERY_WIDTH}.webp`;
      await mediaStore.stage(key, outcome.photo.gallery, 'image/webp');
      let saved: T;
      try {
        saved = await save(mediaStore.urlFor(key));
      } catch (error) {
        // A rule said no, so nothing committed: the file goes. Anything else (a connection lost at COMMIT) may have
        // committed; the staged file stays for the sweep, which promotes it.
        if (isDomainError(error)) await mediaStore.delete(key).catch((failure: unknown) => log?.error({ err: failure, key }, 'could not remove a refused photo'));
        throw error;
      }
      await mediaStore.promote(key).catch((failure: unknown) => log?.error({ err: failure, key }, 'could not promote a staged photo; the sweep at the next start will'));
      return saved;
    },
  };
}

export type RecordImagesService = ReturnType<typeof createRecordImagesService>;
