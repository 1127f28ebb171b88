import type { Media } from '@nivaas/contracts/common.schema';
import { useState } from 'react';
import { SmartImage } from '../../../components/smart-image';

/** The listing's photos: one large, the rest as thumbnails that swap it. Logos are not photos. */
export function ListingGallery({ medias, name }: { medias: readonly Media[]; name: string }) {
  const photos = medias.filter((media) => media.title !== 'logo');
  const [index, setIndex] = useState(0);
  const current = photos[index] ?? photos[0];
  return (
    <div>
      <SmartImage
        src={current?.url ?? ''}
        alt={photos.length > 0 ? `${name}, photo ${index + 1} of ${photos.length}` : name}
        ratio="16 / 10"
        priority
        className="rounded-3xl"
        sizes="(min-width: 1024px) 48rem, 100vw"
      />
      {photos.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="Photos">
          {photos.map((photo, i) => (
            <li key={`${photo.url}-${i}`} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1}`}
                aria-pressed={i === index}
                className={`block w-24 overflow-hidden rounded-xl ring-2 transition md:w-28 ${i === index ? 'ring-brand-600' : 'ring-transparent hover:ring-slate-300'}`}
              >
                <SmartImage src={photo.url} alt="" ratio="4 / 3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
