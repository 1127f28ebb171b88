import { useRef, useState, type PointerEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, ExpandIcon } from '../../../components/icons';
import { SmartImage } from '../../../components/smart-image';
import { useModal } from '../../../lib/use-modal';

export interface GalleryImage {
  url: string;
  /** The stored widths (lib/card-photo.ts photoSrcSet), when the photo has a card-sized variant. */
  srcSet?: string;
  alt: string;
}

/** Seed and upload photos are 3:2; a fixed frame keeps the page still while they load. */
const PHOTO_RATIO = '3 / 2';
/** How far a finger must travel for a swipe to turn the photo, in CSS pixels. */
const SWIPE_PX = 40;

function wrap(index: number, count: number): number {
  return (index + count) % count;
}

/** Swipe left/right on a touch screen turns the photo. */
function useSwipe(onPrevious: () => void, onNext: () => void) {
  const start = useRef<number | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') start.current = event.clientX;
    },
    onPointerUp: (event: PointerEvent) => {
      if (start.current === null) return;
      const moved = event.clientX - start.current;
      start.current = null;
      if (moved > SWIPE_PX) onPrevious();
      else if (moved < -SWIPE_PX) onNext();
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}

/**
 * The project's photos: one large photo with the next ones beside it on a desktop, a swipeable strip
 * on a phone, and a full-screen lightbox (arrow keys, swipe, Escape) from either.
 */
export function Gallery({ images, name }: { images: readonly GalleryImage[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const strip = useRef<HTMLUListElement>(null);
  const count = images.length;

  if (count === 0) {
    return (
      <div className="overflow-hidden rounded-2xl">
        <SmartImage src="" alt={`${name}: no photos yet`} ratio={PHOTO_RATIO} />
      </div>
    );
  }

  const show = (index: number) => {
    const next = wrap(index, count);
    setCurrent(next);
    const item = strip.current?.children[next] as HTMLElement | undefined;
    strip.current?.scrollTo?.({ left: item?.offsetLeft ?? 0, behavior: 'smooth' });
  };

  return (
    <section aria-label={`Photos of ${name}`} aria-roledescription="gallery">
      {/* Phone: a native scroll-snap strip, so swiping feels like every other app on the phone. */}
      <div className="relative -mx-4 sm:mx-0 md:hidden">
        <ul
          ref={strip}
          className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] sm:rounded-2xl [&::-webkit-scrollbar]:hidden"
          onScroll={(event) => {
            const el = event.currentTarget;
            const index = Math.round(el.scrollLeft / Math.max(el.clientWidth, 1));
            if (index !== current) setCurrent(wrap(index, count));
          }}
        >
          {images.map((image, i) => (
            <li key={image.url + i} className="w-full shrink-0 snap-center">
              <button type="button" onClick={() => setLightbox(i)} className="block w-full" aria-label={`Open photo ${i + 1} of ${count}`}>
                <SmartImage src={image.url} srcSet={image.srcSet} alt={image.alt} ratio={PHOTO_RATIO} priority={i === 0} sizes="100vw" />
              </button>
            </li>
          ))}
        </ul>
        {count > 1 && (
          <p className="pointer-events-none absolute right-3 bottom-3 rounded-full bg-slate-950/70 px-2.5 py-1 text-xs font-semibold text-white">
            {current + 1} / {count}
          </p>
        )}
      </div>

      {/* Desktop: the first photo large, two more beside it, and the rest behind 'View all'. */}
      {/* A fixed height keeps the name and price near the top of a laptop screen, and nothing shifts. */}
      <div className={`hidden h-[22rem] gap-2 md:grid lg:h-[26rem] ${count > 1 ? 'md:grid-cols-[2fr_1fr]' : ''}`}>
        <button
          type="button"
          onClick={() => setLightbox(0)}
          className="group relative overflow-hidden rounded-2xl"
          aria-label={`Open photo 1 of ${count}`}
        >
          <SmartImage
            src={images[0]?.url ?? ''}
            srcSet={images[0]?.srcSet}
            alt={images[0]?.alt ?? name}
            fill
            priority
            sizes="(min-width: 1280px) 52rem, 66vw"
            imgClassName="transition-transform duration-500 group-hover:scale-[1.02] motion-reduce:transition-none"
          />
        </button>
        {count > 1 && (
          <div className="grid grid-rows-2 gap-2">
            {images.slice(1, 3).map((image, i) => (
              <button
                key={image.url + i}
                type="button"
                onClick={() => setLightbox(i + 1)}
                className="group relative overflow-hidden rounded-2xl"
                aria-label={`Open photo ${i + 2} of ${count}`}
              >
                <SmartImage src={image.url} srcSet={image.srcSet} alt={image.alt} fill sizes="26rem" />
                {i === 1 && count > 3 && (
                  <span className="absolute inset-0 grid place-items-center bg-slate-950/55 text-lg font-bold text-white">
                    +{count - 3} {count - 3 === 1 ? 'photo' : 'photos'}
                  </span>
                )}
              </button>
            ))}
            {count === 2 && <div className="rounded-2xl bg-brand-50" aria-hidden="true" />}
          </div>
        )}
      </div>
      {count > 1 && (
        <button
          type="button"
          onClick={() => setLightbox(0)}
          className="mt-2 hidden items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline md:inline-flex"
        >
          <ExpandIcon width={16} height={16} />
          View all {count} photos
        </button>
      )}
      {count > 1 && (
        <div className="mt-2 flex justify-center gap-1.5 md:hidden" aria-hidden="true">
          {images.map((image, i) => (
            <span
              key={image.url + i}
              className={`h-1.5 rounded-full transition-all ${i === current ? 'w-5 bg-brand-700' : 'w-1.5 bg-slate-300'}`}
            />
          ))}
        </div>
      )}

      {lightbox !== null && (
        <Lightbox
          images={images}
          index={lightbox}
          onIndex={(index) => {
            setLightbox(wrap(index, count));
            show(index);
          }}
          onClose={() => setLightbox(null)}
        />
      )}
    </section>
  );
}

interface LightboxProps {
  images: readonly GalleryImage[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

function Lightbox({ images, index, onIndex, onClose }: LightboxProps) {
  const dialog = useRef<HTMLDivElement>(null);
  useModal(dialog, onClose);
  const swipe = useSwipe(
    () => onIndex(index - 1),
    () => onIndex(index + 1),
  );
  const image = images[index];
  const many = images.length > 1;

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label="Photo viewer"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') onIndex(index - 1);
        if (event.key === 'ArrowRight') onIndex(index + 1);
      }}
      className="fixed inset-0 z-[60] flex flex-col bg-slate-950/95 text-white focus:outline-none"
    >
      <div className="flex items-center justify-between px-4 py-3">
        <p className="text-sm font-semibold" aria-live="polite">
          Photo {index + 1} of {images.length}
        </p>
        <button
          type="button"
          onClick={onClose}
          data-autofocus
          aria-label="Close photos"
          className="grid size-11 place-items-center rounded-full hover:bg-white/10"
        >
          <CloseIcon width={24} height={24} />
        </button>
      </div>
      <div className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 pb-6 md:px-16" {...swipe}>
        {image && (
          <img
            key={image.url + index}
            src={image.url}
            alt={image.alt}
            className="max-h-full max-w-full rounded-lg object-contain select-none"
            draggable={false}
          />
        )}
        {many && (
          <>
            <button
              type="button"
              onClick={() => onIndex(index - 1)}
              aria-label="Previous photo"
              className="absolute top-1/2 left-2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/10 hover:bg-white/20 md:left-4"
            >
              <ChevronLeftIcon width={26} height={26} />
            </button>
            <button
              type="button"
              onClick={() => onIndex(index + 1)}
              aria-label="Next photo"
              className="absolute top-1/2 right-2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/10 hover:bg-white/20 md:right-4"
            >
              <ChevronRightIcon width={26} height={26} />
            </button>
          </>
        )}
      </div>
    </div>
  );
}
