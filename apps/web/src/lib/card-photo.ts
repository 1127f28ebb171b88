import type { Media } from '@nivaas/contracts/common.schema';

export { photoSrcSet } from '@nivaas/contracts/photo-srcset';

/** spec §3: the photo is the media titled 'banner', else the first media; undefined when there is none. */
export function cardMedia(medias: readonly Media[]): Media | undefined {
  return medias.find((media) => media.title === 'banner') ?? medias[0];
}

/** spec §3: the card's photo URL; '' when there is none. */
export function cardPhotoUrl(medias: readonly Media[]): string {
  return cardMedia(medias)?.url ?? '';
}
