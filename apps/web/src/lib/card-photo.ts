import type { Media } from '@nivaas/contracts/common.schema';

/** An uploaded photo's stored widths (apps/api listings/photo-processing.ts): the card variant and the full photo. */
const CARD_WIDTH = 480;
const GALLERY_WIDTH = 1280;

/** spec §3: the photo is the media titled 'banner', else the first media; undefined when there is none. */
export function cardMedia(medias: readonly Media[]): Media | undefined {
  return medias.find((media) => media.title === 'banner') ?? medias[0];
}

/** spec §3: the card's photo URL; '' when there is none. */
export function cardPhotoUrl(medias: readonly Media[]): string {
  return cardMedia(medias)?.url ?? '';
}

/**
 * Issue 15: a srcset offering the 480 px variant stored beside an uploaded photo, so a phone's card or gallery
 * downloads about a seventh of the pixels; undefined for media that come in one size (seed pictures, logos).
 */
export function photoSrcSet(media: Pick<Media, 'url' | 'cardUrl'> | undefined): string | undefined {
  if (!media?.cardUrl || media.cardUrl === media.url) return undefined;
  return `${media.cardUrl} ${CARD_WIDTH}w, ${media.url} ${GALLERY_WIDTH}w`;
}
