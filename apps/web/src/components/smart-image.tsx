import { startTransition, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import { HomeIcon } from './icons';

/**
 * spec §4 'Images': loaded images are remembered, so a card that mounts again (a rail re-rendered,
 * a page revisited) shows its photo at once instead of flashing the skeleton.
 */
const loadedUrls = new Set<string>();

/** spec §4: images load when 10% of them is within 100px of the viewport. */
const NEAR_VIEWPORT: IntersectionObserverInit = { rootMargin: '100px', threshold: 0.1 };

export interface SmartImageProps {
  src: string;
  alt: string;
  /** Width / height, e.g. '4 / 3'. Reserves the space so nothing shifts when the photo arrives. */
  ratio?: string;
  /** Fill the nearest positioned ancestor instead of sizing by ratio (hero backgrounds). */
  fill?: boolean;
  /** Extra classes for the frame (rounding, borders). */
  className?: string;
  imgClassName?: string;
  /** The placeholder's colour until the photo arrives; a dark hero wants a dark placeholder. */
  skeletonClassName?: string;
  /** Whether the placeholder pulses while the photo loads (after hydration only, see below). */
  pulse?: boolean;
  /** The one image that is the page's largest paint: loads at once with high priority. */
  priority?: boolean;
  /** Issue 15: the stored widths of the photo ('/a-480.webp 480w, /a.webp 1280w'); the browser picks by `sizes`. */
  srcSet?: string;
  sizes?: string;
}

export function SmartImage(props: SmartImageProps) {
  // A new src is a new image: start again from the skeleton.
  return <SmartImageFrame key={props.src} {...props} />;
}

function SmartImageFrame({
  src,
  alt,
  ratio,
  fill = false,
  className = '',
  imgClassName = '',
  skeletonClassName = 'bg-slate-200',
  pulse = true,
  priority = false,
  srcSet,
  sizes,
}: SmartImageProps) {
  const remembered = loadedUrls.has(src);
  const canObserve = typeof IntersectionObserver !== 'undefined';
  // Decision 028: a server-rendered page carries its images (loading="lazy" defers the far ones), and hydration
  // keeps them rather than swapping them for skeletons; without JavaScript they are visible, not left at opacity 0.
  const hydrated = useHydrated();
  const [near, setNear] = useState(priority || remembered || !canObserve || !hydrated);
  // Issue 15 (TBT): a picture that came in the server's HTML never pulses, even after hydration. The browser is
  // already loading it (or lazily will), and turning on about 40 animations at once right after hydration, most of
  // them on pictures far down the page, cost a style recalculation of 90-140 ms at 4x CPU. Only a picture the browser
  // mounts itself (a page navigated to, a rail's next page) shows the pulse.
  const [mountedInBrowser] = useState(hydrated);
  const [loaded, setLoaded] = useState(remembered);
  const [failed, setFailed] = useState(src === '');
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, NEAR_VIEWPORT);
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const style: CSSProperties | undefined = ratio ? { aspectRatio: ratio } : undefined;

  return (
    <div
      ref={frame}
      style={style}
      className={`${fill ? 'absolute inset-0' : 'relative'} overflow-hidden ${className}`}
      data-state={failed ? 'failed' : loaded ? 'loaded' : 'loading'}
    >
      {/* Issue 15: a server-rendered page has a placeholder under every picture; pulsing, each one is an animated
          layer the browser composites again at every paint until hydration drops it (about 50 on home: most of the
          main thread's rendering work while the page loads). Only a picture the browser mounted itself pulses. */}
      {!loaded && !failed && (
        <div className={`absolute inset-0 ${skeletonClassName} ${pulse && mountedInBrowser ? 'animate-pulse' : ''}`} aria-hidden="true" />
      )}
      {failed ? (
        <div
          className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-brand-100 to-brand-200 text-brand-700"
          {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        >
          <HomeIcon width={36} height={36} />
        </div>
      ) : (
        near && (
          <img
            src={src}
            srcSet={srcSet}
            alt={alt}
            sizes={sizes}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            onLoad={() => {
              loadedUrls.add(src);
              setLoaded(true);
            }}
            onError={() => setFailed(true)}
            // A server-rendered image may finish loading before hydration, whose onLoad React never sees.
            ref={(image) => {
              if (image?.complete && image.naturalWidth > 0 && !loaded) {
                loadedUrls.add(src);
                // A transition: at hydration this runs for every picture already on screen, and dropping their
                // placeholders is no reason for one long synchronous re-render.
                startTransition(() => setLoaded(true));
              }
            }}
            className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-300 motion-reduce:transition-none ${loaded || !hydrated ? 'opacity-100' : 'opacity-0'} ${imgClassName}`}
          />
        )
      )}
    </div>
  );
}

/** For tests: forget which images have loaded. */
export function forgetLoadedImages(): void {
  loadedUrls.clear();
}
