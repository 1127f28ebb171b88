/**
 * Issue 15: an uploaded photo is stored at 1280 px with a 480 px card variant beside it (apps/api
 * listings/photo-processing.ts, `cardUrl`). The srcset that offers both, written the same by the web app's images and
 * the server's LCP preload so the browser reuses one download; undefined for media that come in one size (seed
 * pictures, logos). No zod here: the web app's first load imports it.
 */
export const CARD_PHOTO_WIDTH = 480;
export const GALLERY_PHOTO_WIDTH = 1280;

export function photoSrcSet(media: { url: string; cardUrl?: string | null } | undefined): string | undefined {
  if (!media?.cardUrl || media.cardUrl === media.url) return undefined;
  return `${media.cardUrl} ${CARD_PHOTO_WIDTH}w, ${media.url} ${GALLERY_PHOTO_WIDTH}w`;
}
