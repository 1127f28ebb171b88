import type { Project } from '@nivaas/contracts/project.schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FavouriteButton } from '../favourites/favourite-button';
import { BuildingIcon, MapPinIcon } from '../../components/icons';
import { SmartImage } from '../../components/smart-image';
import { formatPriceRange, unitPriceBounds } from '../../lib/format-price';
import { projectPath } from '@nivaas/contracts/project-path';
import { propertyTypeLabel, unitSummary } from '../../lib/unit-labels';
import { cardMedia, photoSrcSet } from '../../lib/card-photo';

const possessionFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric' });

function possessionLabel(date: string | null): string | null {
  if (!date) return null;
  const when = new Date(date);
  // A past date says nothing a buyer needs; 'Ready to Move' tags cover those projects.
  if (Number.isNaN(when.getTime()) || when.getTime() < Date.now()) return null;
  return `Possession ${possessionFormat.format(when)}`;
}

interface ProjectCardProps {
  project: Project;
  /** The rail's own tag: the chip prefers another of the project's tags, which says more. */
  railTag?: string;
  /** A control on the photo (an 'Add to compare' button); it sits above the card-wide link. */
  action?: ReactNode;
  /** Where the card leads, when not the project page (a broker's listing on the wishlist). */
  to?: string;
  /** Decision 032: the card whose photo is the page's largest paint (a results page's first), loaded at once. */
  priority?: boolean;
}

export function ProjectCard({ project, railTag, action, to, priority = false }: ProjectCardProps) {
  const { min, max } = unitPriceBounds(project.units);
  const chip = project.tags.find((tag) => tag !== railTag) ?? project.tags[0];
  const place = [project.location?.name, project.city?.name].filter(Boolean).join(', ');
  const possession = possessionLabel(project.possessionDate);

  return (
    <article
      data-min-price={min}
      data-max-price={max}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-brand-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <div className="relative">
        <SmartImage
          src={cardMedia(project.medias)?.url ?? ''}
          srcSet={photoSrcSet(cardMedia(project.medias))}
          alt={`${project.name}, ${place}`}
          ratio="3 / 2"
          sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 80vw"
          priority={priority}
          imgClassName="transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        {/* Issue 17: the type and tag chips on the left, the heart alone on the right, so neither hides the other
            (the photo's own type label sits top-left too, under the chip that says the same). */}
        <div className="absolute top-3 left-3 flex max-w-[calc(100%-4.5rem)] flex-wrap gap-1.5">
          <span className="rounded-full bg-slate-950/75 px-2.5 py-1 text-xs font-semibold text-white shadow-sm backdrop-blur-sm">
            {propertyTypeLabel(project.type)}
          </span>
          {chip && <span className="rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-brand-800 shadow-sm">{chip}</span>}
        </div>
        {/* spec §4: every project card carries the favourite heart. */}
        <div className="absolute top-2.5 right-2.5 z-10">
          <FavouriteButton project={project} />
        </div>
        {action && <div className="absolute right-3 bottom-3 z-10">{action}</div>}
        {possession && (
          <span className="absolute bottom-3 left-3 rounded-md bg-slate-950/70 px-2 py-1 text-xs font-medium text-white backdrop-blur-sm">
            {possession}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="truncate text-base font-bold text-slate-900">
          {/* The stretched link makes the whole card one tap target with one accessible name. */}
          <Link to={to ?? projectPath(project)} className="after:absolute after:inset-0 focus:outline-none">
            {project.name}
          </Link>
        </h3>
        {project.builder && (
          <p className="mt-0.5 flex items-center gap-1 truncate text-sm text-slate-600">
            <BuildingIcon width={14} height={14} className="shrink-0 text-slate-400" />
            <span className="truncate">by {project.builder.name}</span>
          </p>
        )}
        <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
          <MapPinIcon width={14} height={14} className="shrink-0 text-slate-400" />
          <span className="truncate">{place}</span>
        </p>
        <p className="mt-3 truncate text-sm font-medium text-slate-800">
          {unitSummary(
            project.units.map((unit) => unit.type),
            project.type,
          )}
        </p>
        <p className="mt-auto pt-2 text-lg font-extrabold tracking-tight text-brand-800">{formatPriceRange(min, max)}</p>
      </div>
    </article>
  );
}

export function ProjectCardSkeleton() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200" aria-hidden="true">
      <div className="aspect-[3/2] animate-pulse bg-slate-200" />
      <div className="space-y-2.5 p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200" />
        <div className="h-3 w-2/3 animate-pulse rounded bg-slate-200" />
        <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200 pt-2" />
      </div>
    </div>
  );
}
