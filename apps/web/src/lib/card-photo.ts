import type { Media } from '@nivaas/contracts/common.schema';
import { photoSrcSet as storedSrcSet } from '@nivaas/contracts/photo-srcset';
import { seedSrcSet } from './seed-picture';

/**
 * A card's widths: a seed picture's from its file name (with the 640 px step a phone's card needs), otherwise the
 * record's (`cardUrl`, an upload's 480 px variant). The project page's gallery keeps the record's (see there).
 */
export function photoSrcSet(media: { url: string; cardUrl?: string | null } | undefined): string | undefined {
  return seedSrcSet(media?.url) ?? storedSrcSet(media);
}

/** spec §3: the photo is the media titled 'banner', else the first media; undefined when there is none. */
export function cardMedia(medias: readonly Media[]): Media | undefined {
  return medias.find((media) => media.title === 'banner') ?? medias[0];
}

/** spec §3: the card's photo URL; '' when there is none. */
export function cardPhotoUrl(medias: readonly Media[]): string {
  return cardMedia(medias)?.url ?? '';
}
