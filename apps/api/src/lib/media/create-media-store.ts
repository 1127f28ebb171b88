import path from 'node:path';
import { LocalMediaStore, type MediaStore } from './media-store';
import { S3MediaStore, type S3MediaStoreOptions } from './s3-media-store';

/** URL prefix of uploads in the local store: the media plugin serves DATA_DIR/media at /media. */
export const LOCAL_UPLOADS_URL = '/media/uploads';

/** The configured store: DATA_DIR/media/uploads (default), or the S3-compatible bucket of MEDIA_STORE=s3. */
export function createMediaStore(config: { mediaDir: string; mediaStore: { kind: 'local' } | ({ kind: 's3' } & S3MediaStoreOptions) }): MediaStore {
  const store = config.mediaStore;
  if (store.kind === 's3') return new S3MediaStore(store);
  return new LocalMediaStore(path.join(config.mediaDir, 'uploads'), LOCAL_UPLOADS_URL);
}
