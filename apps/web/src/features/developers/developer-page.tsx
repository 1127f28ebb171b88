import type { BuilderDetail } from '@nivaas/contracts/builder.schema';
import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { ProjectPagesGrid } from '../../domain/catalogue/project-pages-grid';
import { SectionBoundary } from '../../components/section-boundary';
import { PageError, PageNotFound } from '../../components/page-states';
import { isNotFound } from '../../lib/api/error-text';
import { formatPriceRange } from '../../lib/format-price';
import { parseRouteId } from '../../lib/route-id';
import { useGetBuilderQuery } from './api/get-builder';
import { BuilderLogo } from './components/builder-logo';
import { useTrackView } from '../../lib/tracking/use-track-view';

const count = new Intl.NumberFormat('en-IN');

export function DeveloperPage() {
  const { builderId: rawId } = useParams();
  const id = parseRouteId(rawId);
  const builder = useGetBuilderQuery(id ?? skipToken);
  useTrackView('BUILDER_VIEW', builder.data ? { builderId: builder.data.id } : null);

  if (id === null || (builder.isError && isNotFound(builder.error))) {
    return <PageNotFound title="We couldn’t find that developer" documentTitle="Developer not found" back={{ to: '/developers', label: 'See all developers' }} />;
  }
  if (builder.isError) {
    return <PageError title="Something went wrong" error={builder.error} onRetry={builder.refetch} />;
  }
  if (!builder.data) return <DeveloperSkeleton />;
  return <Developer builder={builder.data} />;
}

function priceBounds(builder: BuilderDetail) {
  const prices = builder.projects.flatMap((project) => project.units.flatMap((unit) => [unit.minPrice, unit.maxPrice])).filter((p) => p > 0);
  return prices.length > 0 ? formatPriceRange(Math.min(...prices), Math.max(...prices)) : null;
}

function Developer({ builder }: { builder: BuilderDetail }) {
  const since = builder.establishedYear;
  const range = priceBounds(builder);
  const stats = [
    { label: 'Public projects', value: count.format(builder.projectCount) },
    { label: builder.cities.length === 1 ? 'City' : 'Cities', value: count.format(builder.cities.length) },
    ...(since ? [{ label: 'Building since', value: String(since) }] : []),
    ...(range ? [{ label: 'Price range', value: range }] : []),
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10 lg:px-8">
      <title>{`${builder.name}: projects and homes for sale | Nivaas`}</title>
      {builder.description && <meta name="description" content={builder.description} />}
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Developers', to: '/developers' }, { label: builder.name }]} />

      <header className="mt-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <BuilderLogo name={builder.name} logo={builder.logo} size="lg" />
          <div className="min-w-0">
            <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-4xl">{builder.name}</h1>
            {builder.cities.length > 0 && (
              <p className="mt-1 text-slate-600">Building in {builder.cities.map((city) => city.name).join(', ')}</p>
            )}
          </div>
        </div>
        {builder.description && <p className="mt-5 max-w-3xl leading-7 text-slate-700">{builder.description}</p>}
        <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-2xl bg-brand-50 px-4 py-3">
              <dt className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{stat.label}</dt>
              <dd className="mt-1 text-lg font-extrabold text-brand-950">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </header>

      <section aria-labelledby="developer-projects-heading" className="mt-10">
        <h2 id="developer-projects-heading" className="mb-4 text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
          Projects by {builder.name}
        </h2>
        <SectionBoundary name="Projects">
          <ProjectPagesGrid
            filter="builderId"
            id={builder.id}
            label={`Projects by ${builder.name}`}
            emptyTitle={`${builder.name} has no projects on sale right now`}
            emptyText="New launches appear here as soon as they are approved."
          />
        </SectionBoundary>
      </section>
    </div>
  );
}

function DeveloperSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 lg:px-8" aria-busy="true" aria-label="Loading developer">
      <div className="h-4 w-48 animate-pulse rounded bg-slate-200" />
      <div className="mt-6 rounded-3xl bg-white p-8 ring-1 ring-slate-200">
        <div className="flex items-center gap-5">
          <div className="size-24 animate-pulse rounded-xl bg-slate-200" />
          <div className="h-8 w-1/2 animate-pulse rounded bg-slate-200" />
        </div>
        <div className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-16 animate-pulse rounded-2xl bg-slate-200" />
          ))}
        </div>
      </div>
    </div>
  );
}
