import type { Media } from '@nivaas/contracts/common.schema';

/** spec §3: the photo is the media titled 'banner', else the first media; '' when there is none. */
export function cardPhotoUrl(medias: readonly Media[]): string {
  return (medias.find((media) => media.title === 'banner') ?? medias[0])?.url ?? '';
}
