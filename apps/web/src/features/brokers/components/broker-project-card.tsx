import type { Project } from '@nivaas/contracts/project.schema';
import { Link } from 'react-router';
import { FavouriteButton } from '../../../domain/favourites/favourite-button';
import { MapPinIcon } from '../../../components/icons';
import { SmartImage } from '../../../components/smart-image';
import { cardMedia, photoSrcSet } from '../../../lib/card-photo';
import { formatCardPriceRange } from '../../../lib/format-price';
import { propertyTypeLabel, unitLabel } from '../../../lib/unit-labels';
import { brokerPropertyPath } from '../lib/broker-projects';

/** spec §2/§5: a broker's property as the broker projects grid shows it. */
export function BrokerProjectCard({ project }: { project: Project }) {
  const labels = [...new Set(project.units.map((unit) => unitLabel(unit.type, project.type)))];
  const place = [project.location?.name, project.city?.name].filter(Boolean).join(', ');
  const area = project.units.find((unit) => unit.exteriorArea)?.exteriorArea;

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-brand-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <div className="relative">
        <SmartImage
          src={cardMedia(project.medias)?.url ?? ''}
          srcSet={photoSrcSet(cardMedia(project.medias))}
          alt={`${project.name}, ${place}`}
          ratio="4 / 3"
          sizes="(min-width: 1280px) 15rem, (min-width: 1024px) 22vw, (min-width: 768px) 30vw, 90vw"
        />
        {/* Issue 17: the type chip on the left (over the photo's own type label), the heart alone on the right. */}
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-brand-800 shadow-sm">
          {propertyTypeLabel(project.type)}
        </span>
        {/* spec §2 'Broker projects screen': anonymous favouriting opens the login modal. */}
        <div className="absolute top-2.5 right-2.5 z-10">
          <FavouriteButton project={project} />
        </div>
        {project.transactionTag && (
          <span className="absolute right-3 bottom-3 rounded-md bg-slate-950/70 px-2 py-1 text-xs font-medium text-white">
            {project.transactionTag}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <p className="text-lg font-extrabold tracking-tight text-brand-800">₹ {formatCardPriceRange(project.units)}</p>
        <h3 className="mt-1 line-clamp-2 min-h-[2.75em] text-base leading-snug font-bold text-slate-900">
          {/* The stretched link makes the whole card one tap target with one accessible name. */}
          <Link to={brokerPropertyPath(project)} className="after:absolute after:inset-0 focus:outline-none">
            {project.name}
          </Link>
        </h3>
        <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
          <MapPinIcon width={14} height={14} className="shrink-0 text-slate-400" />
          <span className="truncate">{place}</span>
        </p>
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Configurations">
          {labels.map((label) => (
            <li key={label} className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
              {label}
            </li>
          ))}
        </ul>
        {area ? <p className="mt-auto pt-3 text-xs text-slate-500">{area.toLocaleString('en-IN')} sq ft</p> : null}
      </div>
    </article>
  );
}

export function BrokerProjectCardSkeleton() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200" aria-hidden="true">
      <div className="aspect-[4/3] animate-pulse bg-slate-200" />
      <div className="space-y-2.5 p-4">
        <div className="h-5 w-1/2 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-3 w-2/3 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}
