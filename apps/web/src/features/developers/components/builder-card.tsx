import type { Builder } from '@nivaas/contracts/builder.schema';
import { Link } from 'react-router';
import { MapPinIcon } from '../../../components/icons';
import { builderPath } from '../../../domain/search/search-targets';
import { BuilderLogo } from './builder-logo';

const count = new Intl.NumberFormat('en-IN');

export function BuilderCard({ builder }: { builder: Builder }) {
  const cities = builder.cities.map((city) => city.name);
  return (
    <article className="group relative flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-brand-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <div className="flex items-center gap-4">
        <BuilderLogo name={builder.name} logo={builder.logo} />
        <div className="min-w-0">
          <h2 className="line-clamp-2 text-base leading-snug font-bold text-slate-900">
            <Link to={builderPath(builder)} className="after:absolute after:inset-0 focus:outline-none">
              {builder.name}
            </Link>
          </h2>
          {builder.establishedYear && <p className="text-sm text-slate-500">Since {builder.establishedYear}</p>}
        </div>
      </div>
      <p className="mt-4 text-sm font-semibold text-brand-800">
        {count.format(builder.projectCount)} {builder.projectCount === 1 ? 'project' : 'projects'}
      </p>
      {cities.length > 0 && (
        <p className="mt-1 flex items-start gap-1 text-sm text-slate-600">
          <MapPinIcon width={14} height={14} className="mt-0.5 shrink-0 text-slate-400" />
          <span className="line-clamp-2">{cities.join(', ')}</span>
        </p>
      )}
    </article>
  );
}

export function BuilderCardSkeleton() {
  return (
    <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200" aria-hidden="true">
      <div className="flex items-center gap-4">
        <div className="size-14 animate-pulse rounded-xl bg-slate-200" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-slate-200" />
        </div>
      </div>
      <div className="mt-4 h-3 w-1/2 animate-pulse rounded bg-slate-200" />
    </div>
  );
}
