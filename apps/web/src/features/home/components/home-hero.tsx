import type { Banner } from '@nivaas/contracts/banner.schema';
import { Link } from 'react-router';
import { CalculatorIcon, MapPinIcon, PauseIcon, PlayIcon } from '../../../components/icons';
import { SmartImage } from '../../../components/smart-image';
import { useGetBannersQuery } from '../api/get-banners';
import { useBannerRotation } from '../lib/use-banner-rotation';

const countFormat = new Intl.NumberFormat('en-IN');

export const QUICK_LINKS = [
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
  // A failed banner request leaves the branded backdrop: the hero never depends on it.
  const { data: banners = [] } = useGetBannersQuery();
  const rotation = useBannerRotation(banners.length);
  const current = banners[rotation.index];

  return (
    <section
      aria-labelledby="hero-heading"
      className="on-dark relative isolate overflow-hidden bg-brand-900 text-white"
    >
      <HeroBackdrop banners={banners} index={rotation.index} furthest={rotation.furthest} />

      <div className="relative mx-auto flex min-h-[27rem] max-w-7xl flex-col justify-end px-4 pt-16 pb-6 md:min-h-[34rem] md:pb-10 lg:px-8">
        <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-sm font-medium backdrop-blur-sm">
          <MapPinIcon width={16} height={16} className="text-amber-300" />
          {cityName}
          {propertyCount !== undefined && propertyCount > 0 && (
            <span className="text-white/80">· {countFormat.format(propertyCount)} properties</span>
          )}
        </p>
        <h1
          id="hero-heading"
          className="mt-4 max-w-3xl text-[2rem] leading-[1.1] font-extrabold tracking-tight text-balance md:text-5xl lg:text-6xl"
        >
          Find your next home in <span className="text-amber-300">{cityName}</span>
        </h1>
        <p className="mt-3 max-w-xl text-base text-white/90 md:mt-4 md:text-lg">
          New launches, ready-to-move apartments, villas and plots, with the builder named and prices in plain
          rupees.
        </p>

        <nav aria-label="Jump to" className="mt-6">
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
                className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3.5 py-2 text-sm font-semibold text-white ring-1 ring-white/40 backdrop-blur-sm transition-colors hover:bg-white/25"
              >
                <CalculatorIcon width={16} height={16} />
                EMI calculator
              </Link>
            </li>
          </ul>
        </nav>

        {banners.length > 0 && (
          <div className="mt-8 flex items-end justify-between gap-4 border-t border-white/20 pt-4 md:mt-12">
            <div className="min-w-0" aria-live={rotation.paused ? 'polite' : 'off'}>
              {current && (
                <>
                  <p className="truncate text-sm font-semibold">{current.title}</p>
                  {current.subtitle && <p className="truncate text-xs text-white/80 md:text-sm">{current.subtitle}</p>}
                </>
              )}
            </div>
            {banners.length > 1 && (
              <div className="flex shrink-0 items-center gap-1" {...rotation.holdHandlers}>
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
                  className="ml-1 grid size-8 place-items-center rounded-full bg-white/15 hover:bg-white/25"
                >
                  {rotation.paused ? <PlayIcon width={16} height={16} /> : <PauseIcon width={16} height={16} />}
                </button>
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

interface HeroBackdropProps {
  banners: readonly Banner[];
  index: number;
  furthest: number;
}

/** Cross-fading banner photos behind a gradient that keeps the headline readable on any photo. */
function HeroBackdrop({ banners, index, furthest }: HeroBackdropProps) {
  return (
    <div className="absolute inset-0 -z-10" aria-hidden="true">
      <div className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,#2a9584_0,transparent_45%),radial-gradient(circle_at_85%_30%,#b45309_0,transparent_40%)] opacity-60" />
      {banners.map((banner, i) =>
        // The first photo loads at once; each later one only when its turn is next.
        i <= furthest + 1 ? (
          <div
            key={banner.id}
            className={`absolute inset-0 transition-opacity duration-1000 motion-reduce:transition-none ${i === index ? 'opacity-100' : 'opacity-0'}`}
          >
            <SmartImage
              src={banner.imageUrl}
              alt=""
              priority={i === 0}
              sizes="100vw"
              fill
              skeletonClassName="bg-brand-900"
            />
          </div>
        ) : null,
      )}
      <div className="absolute inset-0 bg-gradient-to-t from-slate-950/90 via-slate-950/50 to-slate-950/25" />
      <div className="absolute inset-0 bg-gradient-to-r from-slate-950/60 to-transparent" />
    </div>
  );
}
