import type { ReactNode } from 'react';
import { Breadcrumb, type Crumb } from '../../../components/breadcrumb';
import { SmartImage } from '../../../components/smart-image';
import { seedSrcSet } from '../../../lib/seed-picture';

interface PlaceHeroProps {
  /** The city's banner; zone and location pages borrow their city's. */
  imageUrl: string | undefined;
  eyebrow: string;
  title: string;
  crumbs: readonly Crumb[];
  children?: ReactNode;
}

/** The top of a city, zone or location page: the city's skyline behind the place's name. */
export function PlaceHero({ imageUrl, eyebrow, title, crumbs, children }: PlaceHeroProps) {
  return (
    <header className="on-dark relative isolate overflow-hidden bg-brand-950 text-white">
      {imageUrl && (
        <SmartImage
          src={imageUrl}
          srcSet={seedSrcSet(imageUrl)}
          sizes="100vw"
          alt=""
          fill
          priority
          skeletonClassName="bg-brand-950"
          pulse={false}
          // City banners carry the city's own name on the left; the skyline on the right reads under our title.
          imgClassName="object-right opacity-60"
        />
      )}
      <div className="absolute inset-0 bg-gradient-to-r from-brand-950 via-brand-950/80 to-brand-950/20" aria-hidden="true" />
      <div className="relative mx-auto max-w-7xl px-4 pt-5 pb-10 md:pt-6 md:pb-14 lg:px-8">
        <div className="[&_a]:text-amber-200 [&_li]:text-white/80 [&_span]:text-white/80">
          <Breadcrumb items={crumbs} />
        </div>
        <p className="mt-8 text-sm font-semibold tracking-wide text-amber-300 uppercase">{eyebrow}</p>
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight md:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-brand-50">{children}</div>}
      </div>
    </header>
  );
}
