import type { Banner } from '@nivaas/contracts/banner.schema';
import { useRef } from 'react';
import { Link } from 'react-router';
import { CalculatorIcon, MapPinIcon, PauseIcon, PlayIcon } from '../../../components/icons';
import { SearchCombobox } from '../../../domain/search/search-combobox';
import { SmartImage } from '../../../components/smart-image';
import { seedSrcSet } from '../../../lib/seed-picture';
import { useHeroSearchDock } from '../../../domain/search/hero-search-dock';
import { useGetBannersQuery } from '../api/get-banners';
import { useBannerRotation } from '../lib/use-banner-rotation';

const countFormat = new Intl.NumberFormat('en-IN');

/** Banner art is made 1600 × 600; a fixed frame keeps the layout still while it loads. */
const BANNER_RATIO = '8 / 3';

const QUICK_LINKS = [
  { href: '#trending', label: 'Trending' },
  { href: '#upcoming-launches', label: 'Upcoming launches' },
  { href: '#ready-to-move', label: 'Ready to move' },
] as const;

interface HomeHeroProps {
  cityName: string;
  /** Properties in the city, once the city list has loaded. */
  propertyCount: number | undefined;
}

export function HomeHero({ cityName, propertyCount }: HomeHeroProps) {
  // A failed or empty banner list leaves the headline on its own: the hero never depends on it.
  const { data: banners = [], isLoading } = useGetBannersQuery();
  const showBanners = isLoading || banners.length > 0;
  const searchBox = useRef<HTMLDivElement>(null);
  // spec §2: the navbar shows its own box once this one scrolls under the top bar.
  useHeroSearchDock(searchBox);

  return (
    <section aria-labelledby="hero-heading" className="on-dark relative isolate overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_10%_0%,rgba(42,149,132,0.55),transparent_55%),radial-gradient(ellipse_at_95%_100%,rgba(180,83,9,0.35),transparent_50%)]"
      />
      <div
        className={`mx-auto grid max-w-7xl grid-cols-1 gap-7 px-4 pt-8 pb-8 md:pt-14 md:pb-12 lg:items-center lg:gap-12 lg:px-8 lg:py-16 ${showBanners ? 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]' : ''}`}
      >
        <div>
          <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-white/10 px-3 py-1 text-sm font-medium ring-1 ring-white/15">
            <MapPinIcon width={16} height={16} className="text-amber-300" />
            {cityName}
            {propertyCount !== undefined && propertyCount > 0 && (
              <span className="text-white/75">· {countFormat.format(propertyCount)} properties</span>
            )}
          </p>
          <h1
            id="hero-heading"
            className="mt-4 text-[2rem] leading-[1.1] font-extrabold tracking-tight text-balance md:text-5xl"
          >
            Find your next home in <span className="text-amber-300">{cityName}</span>
          </h1>
          <p className="mt-3 max-w-xl text-base text-white/85 md:mt-4 md:text-lg">
            New launches, ready-to-move apartments, villas and plots, with the builder named and prices in plain
            rupees.
          </p>
          <div ref={searchBox} className="mt-6 max-w-xl">
            <SearchCombobox variant="hero" />
          </div>
          <nav aria-label="Jump to" className="mt-5">
            <ul className="flex flex-wrap gap-2">
              {QUICK_LINKS.map((link) => (
                <li key={link.href}>
                  <Link
                    to={link.href}
                    className="inline-flex rounded-full bg-white px-3.5 py-2 text-sm font-semibold text-brand-900 shadow-sm transition-colors hover:bg-amber-100"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link
                  to="/mortage-calculator"
                  className="inline-flex items-center gap-1.5 rounded-full px-3.5 py-2 text-sm font-semibold text-white ring-1 ring-white/40 transition-colors hover:bg-white/10"
                >
                  <CalculatorIcon width={16} height={16} />
                  EMI calculator
                </Link>
              </li>
            </ul>
          </nav>
        </div>

        {showBanners && <BannerCarousel banners={banners} />}
      </div>
    </section>
  );
}

function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const rotation = useBannerRotation(banners.length);
  const current = banners[rotation.index];

  return (
    <div aria-roledescription="carousel" aria-label="Offers and highlights" role="region">
      <div
        className="@container relative overflow-hidden rounded-2xl bg-brand-900 shadow-2xl ring-1 ring-white/10"
        style={{ aspectRatio: BANNER_RATIO }}
      >
        {banners.map((banner, i) =>
          // The first banner loads at once; each later one only when its turn is next.
          i <= rotation.furthest + (rotation.mountsNext ? 1 : 0) ? (
            <div
              key={banner.id}
              aria-hidden={i !== rotation.index}
              className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${i === rotation.index ? 'opacity-100' : 'opacity-0'}`}
            >
              <SmartImage
                src={banner.imageUrl}
                srcSet={seedSrcSet(banner.imageUrl)}
                alt={banner.subtitle ? `${banner.title}. ${banner.subtitle}` : banner.title}
                priority={i === 0}
                sizes="(min-width: 1024px) 44rem, calc(100vw - 2rem)"
                fill
                skeletonClassName="bg-brand-800"
              />
              {/* Issue 17: a band of 85% black across the artwork's own words (seed art: 31-56% of its height), so the
                  words set again below read at 5:1 or more whatever the picture (WCAG AA). */}
              <div
                aria-hidden="true"
                className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_bottom,transparent_14%,rgb(2_6_23/0.85)_26%,rgb(2_6_23/0.85)_62%,transparent_76%)]"
              />
            </div>
          ) : null,
        )}
        {current && (
          // Issue 17: the words drawn into the artwork sat on bright towers and sky; dimmed under the band, they
          // are set again here as white text, sized with the frame (and what a screen reader hears).
          <div
            aria-live={rotation.paused ? 'polite' : 'off'}
            className="pointer-events-none absolute inset-x-[5%] top-[27%] bottom-[38%] flex flex-col justify-center gap-[0.4em] overflow-hidden text-white"
          >
            <p className="line-clamp-2 text-[max(1rem,4.2cqw)] leading-tight font-bold">{current.title}</p>
            {current.subtitle && <p className="hidden truncate text-[max(0.75rem,2cqw)] leading-snug text-white/95 sm:block">{current.subtitle}</p>}
          </div>
        )}
        {banners.length > 1 && (
          <div
            className="absolute right-2 bottom-2 flex items-center gap-0.5 rounded-full bg-slate-950/55 py-0.5 pr-0.5 pl-1.5 backdrop-blur-sm md:right-3 md:bottom-3"
            {...rotation.holdHandlers}
          >
            <ul className="flex items-center" aria-label="Choose a banner">
              {banners.map((banner, i) => (
                <li key={banner.id}>
                  <button
                    type="button"
                    onClick={() => rotation.goTo(i)}
                    aria-label={`Banner ${i + 1} of ${banners.length}: ${banner.title}`}
                    aria-current={i === rotation.index ? 'true' : undefined}
                    className="grid size-6 place-items-center rounded-full"
                  >
                    <span
                      className={`block h-1.5 rounded-full transition-all motion-reduce:transition-none ${i === rotation.index ? 'w-5 bg-amber-300' : 'w-1.5 bg-white/60'}`}
                    />
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              onClick={rotation.togglePaused}
              aria-label={rotation.paused ? 'Play banner rotation' : 'Pause banner rotation'}
              className="grid size-7 place-items-center rounded-full hover:bg-white/15"
            >
              {rotation.paused ? <PlayIcon width={14} height={14} /> : <PauseIcon width={14} height={14} />}
            </button>
          </div>
        )}
      </div>


    </div>
  );
}
