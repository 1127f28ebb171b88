import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../components/icons';
import { PageNotFound } from '../../../components/page-states';
import { ProjectPagesGrid } from '../../../domain/catalogue/project-pages-grid';
import { SectionBoundary } from '../../../components/section-boundary';
import type { ProjectFilter } from '../../../lib/api/get-project-pages';
import type { ReviewSubject } from '../api/get-place-reviews';
import { PlaceReviews } from './place-reviews';

export interface Stat {
  label: string;
  value: string;
}

export function StatGrid({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
          <dt className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{stat.label}</dt>
          <dd className="mt-1 text-lg font-extrabold text-slate-900">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface PlaceLink {
  id: number;
  to: string;
  name: string;
  detail: string;
}

/** Links to the zones or localities inside a place, as tappable chips with their counts. */
export function PlaceLinks({ links }: { links: readonly PlaceLink[] }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      {links.map((link) => (
        <li key={link.id}>
          <Link
            to={link.to}
            className="group flex h-full items-center justify-between gap-3 rounded-2xl bg-white px-3 py-3 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-300 sm:px-4"
          >
            <span className="min-w-0">
              <span className="block leading-snug font-semibold text-slate-900">{link.name}</span>
              <span className="block text-xs text-slate-600 sm:text-sm">{link.detail}</span>
            </span>
            <ArrowRightIcon width={18} height={18} className="hidden shrink-0 text-slate-400 sm:block transition group-hover:translate-x-0.5 group-hover:text-brand-700" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function PlaceSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const countFormat = new Intl.NumberFormat('en-IN');

export function propertiesLabel(n: number): string {
  return `${countFormat.format(n)} ${n === 1 ? 'property' : 'properties'}`;
}

export function PlaceSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label}>
      <div className="h-56 animate-pulse bg-slate-200 md:h-72" />
      <div className="mx-auto max-w-7xl px-4 py-8 lg:px-8">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-16 animate-pulse rounded-2xl bg-slate-200" />
          ))}
        </div>
      </div>
    </div>
  );
}

/** A city, zone or locality whose id is unknown. */
export function PlaceNotFound({ what }: { what: string }) {
  return (
    <PageNotFound
      title={`We couldn’t find that ${what}`}
      documentTitle="Place not found"
      back={{ to: '/', label: 'Browse cities from the home page' }}
    />
  );
}

interface PlaceReviewsAndProjectsProps {
  subject: ReviewSubject;
  filter: ProjectFilter;
  id: number;
  name: string;
}

/**
 * The foot of every place page: what residents say, then the place's projects. Reviews come first
 * because the projects page on as the visitor scrolls (spec §4) and would otherwise bury them.
 */
export function PlaceReviewsAndProjects({ subject, filter, id, name }: PlaceReviewsAndProjectsProps) {
  return (
    <>
      <SectionBoundary name="Reviews">
        <PlaceReviews subject={subject} id={id} placeName={name} />
      </SectionBoundary>
      <PlaceSection id={`${subject}-projects-heading`} title={`Projects in ${name}`}>
        <SectionBoundary name="Projects">
          <ProjectPagesGrid
            filter={filter}
            id={id}
            label={`Projects in ${name}`}
            emptyTitle={`No projects in ${name} yet`}
            emptyText="New projects are added as builders list them."
          />
        </SectionBoundary>
      </PlaceSection>
    </>
  );
}
