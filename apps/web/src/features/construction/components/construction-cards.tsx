import type { ConstructionProject, Contractor } from '@nivaas/contracts/construction.schema';
import { Link } from 'react-router';
import { MapPinIcon } from '../../../components/icons';
import { SmartImage } from '../../../components/smart-image';
import { seedSrcSet } from '../../../lib/seed-picture';
import { StarRating } from '../../../components/star-rating';
import { pathSegment } from '@nivaas/contracts/project-path';

/** spec §2 /contractors/{companyname}/{id}. */
export function contractorPath(contractor: { id: number; companyName: string; slug?: string }): string {
  return `/contractors/${pathSegment(contractor.slug || contractor.companyName)}/${contractor.id}`;
}

export function ConstructionProjectCard({ project, showContractor = true }: { project: ConstructionProject; showContractor?: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="relative">
        <SmartImage src={project.imageUrl ?? ''} srcSet={seedSrcSet(project.imageUrl)} alt={project.name} ratio="3 / 2" sizes="(min-width: 1024px) 24rem, (min-width: 640px) 45vw, 92vw" />
        {project.tag && (
          <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-brand-800 shadow-sm">
            {project.tag}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="text-base font-bold text-slate-900">{project.name}</h3>
        {project.city && (
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
            <MapPinIcon width={14} height={14} className="shrink-0 text-slate-400" />
            {project.city.name}
          </p>
        )}
        {project.description && <p className="mt-2 line-clamp-3 text-sm leading-6 text-slate-600">{project.description}</p>}
        {showContractor && project.contractor && (
          <p className="mt-auto pt-3 text-sm">
            <span className="text-slate-500">By </span>
            <Link to={contractorPath(project.contractor)} className="font-semibold text-brand-700 hover:underline">
              {project.contractor.companyName}
            </Link>
          </p>
        )}
      </div>
    </article>
  );
}

export function ContractorLogo({ contractor, size = 'md' }: { contractor: Pick<Contractor, 'companyName' | 'logoUrl'>; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-20 md:size-24 text-2xl' : 'size-14 text-lg';
  if (!contractor.logoUrl) {
    const letters = contractor.companyName.split(/\s+/).slice(0, 2).map((w) => w[0]?.toUpperCase() ?? '').join('');
    return (
      <span aria-hidden="true" className={`grid shrink-0 place-items-center rounded-xl bg-amber-50 font-extrabold text-amber-900 ring-1 ring-amber-100 ${box}`}>
        {letters}
      </span>
    );
  }
  return (
    <span className={`shrink-0 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 ${box}`}>
      <SmartImage src={contractor.logoUrl} alt="" ratio="1 / 1" imgClassName="object-contain p-1.5" />
    </span>
  );
}

export function ContractorCard({ contractor }: { contractor: Contractor }) {
  return (
    <article className="group relative flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-brand-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <div className="flex items-center gap-4">
        <ContractorLogo contractor={contractor} />
        <div className="min-w-0">
          <h2 className="truncate text-base font-bold text-slate-900">
            <Link to={contractorPath(contractor)} className="after:absolute after:inset-0 focus:outline-none">
              {contractor.companyName}
            </Link>
          </h2>
          {contractor.rating !== null && (
            <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-700">
              <StarRating value={contractor.rating} size={14} />
              <span className="font-semibold">{contractor.rating.toFixed(1)}</span>
            </p>
          )}
        </div>
      </div>
      <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Services">
        {contractor.services.map((service) => (
          <li key={service} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {service}
          </li>
        ))}
      </ul>
      <p className="mt-auto flex items-center justify-between gap-2 pt-4 text-sm text-slate-600">
        {contractor.city ? (
          <span className="flex items-center gap-1">
            <MapPinIcon width={14} height={14} className="shrink-0 text-slate-400" />
            {contractor.city.name}
          </span>
        ) : (
          <span />
        )}
        {contractor.yearsInBusiness !== null && <span>{contractor.yearsInBusiness} yrs in business</span>}
      </p>
    </article>
  );
}
