import type { ContractorDetail } from '@nivaas/contracts/construction.schema';
import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { EnquiryForm } from '../../domain/enquiry/enquiry-form';
import { SectionBoundary } from '../../components/section-boundary';
import { PageError, PageNotFound } from '../../components/page-states';
import { EmptyState } from '../../components/section-states';
import { StarRating } from '../../components/star-rating';
import { isNotFound } from '../../lib/api/error-text';
import { parseRouteId } from '../../lib/route-id';
import { useGetContractorQuery } from './api/get-contractor';
import { ConstructionProjectCard, ContractorLogo } from './components/construction-cards';

export function ContractorPage() {
  const { id: rawId } = useParams();
  const id = parseRouteId(rawId);
  const contractor = useGetContractorQuery(id ?? skipToken);

  if (id === null || (contractor.isError && isNotFound(contractor.error))) {
    return <PageNotFound title="We couldn’t find that contractor" documentTitle="Contractor not found" back={{ to: '/contractors', label: 'See all contractors' }} />;
  }
  if (contractor.isError) {
    return <PageError title="Something went wrong" error={contractor.error} onRetry={contractor.refetch} />;
  }
  if (!contractor.data) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 lg:px-8" aria-busy="true" aria-label="Loading contractor">
        <div className="h-56 animate-pulse rounded-3xl bg-slate-200" />
      </div>
    );
  }
  return <Contractor contractor={contractor.data} />;
}

function Contractor({ contractor }: { contractor: ContractorDetail }) {
  const facts = [
    { label: 'City', value: contractor.city?.name ?? null },
    { label: 'In business', value: contractor.yearsInBusiness !== null ? `${contractor.yearsInBusiness} years` : null },
    { label: 'Projects shown', value: String(contractor.projectCount) },
  ].filter((fact): fact is { label: string; value: string } => Boolean(fact.value));
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10 lg:px-8">
      <title>{`${contractor.companyName}: contractor profile and projects | Nivaas`}</title>
      {contractor.description && <meta name="description" content={contractor.description} />}
      <Breadcrumb
        items={[
          { label: 'Home', to: '/' },
          { label: 'Contractors', to: '/contractors' },
          { label: contractor.companyName },
        ]}
      />
      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
        <div className="min-w-0 space-y-8">
          <header className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8">
            <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
              <ContractorLogo contractor={contractor} size="lg" />
              <div>
                <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl">{contractor.companyName}</h1>
                {contractor.rating !== null && (
                  <p className="mt-1 flex items-center gap-2 text-slate-700">
                    <StarRating value={contractor.rating} size={18} />
                    <span className="font-semibold">{contractor.rating.toFixed(1)}</span>
                  </p>
                )}
              </div>
            </div>
            {contractor.description && <p className="mt-5 leading-7 text-slate-700">{contractor.description}</p>}
            <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-3">
              {facts.map((fact) => (
                <div key={fact.label} className="rounded-2xl bg-brand-50 px-4 py-3">
                  <dt className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{fact.label}</dt>
                  <dd className="mt-1 font-bold text-brand-950">{fact.value}</dd>
                </div>
              ))}
            </dl>
            <h2 className="mt-6 text-sm font-semibold text-slate-900">Services</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {contractor.services.map((service) => (
                <li key={service} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                  {service}
                </li>
              ))}
            </ul>
          </header>
          <section aria-labelledby="contractor-projects-heading">
            <h2 id="contractor-projects-heading" className="mb-4 text-xl font-bold tracking-tight text-slate-900">
              Recent work
            </h2>
            {contractor.projects.length === 0 ? (
              <EmptyState title="No projects shown yet" />
            ) : (
              <ul className="grid gap-5 sm:grid-cols-2">
                {contractor.projects.map((project) => (
                  <li key={project.id}>
                    <ConstructionProjectCard project={project} showContractor={false} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <aside aria-labelledby="contractor-enquiry-heading" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-6 lg:sticky lg:top-24">
          <h2 id="contractor-enquiry-heading" className="text-lg font-bold text-slate-900">
            Get a quote
          </h2>
          <p className="mt-1 text-sm text-slate-600">Describe the work; our team passes it to {contractor.companyName}.</p>
          <SectionBoundary name="The enquiry form">
            <EnquiryForm
              title={`Enquiry to ${contractor.companyName}`}
              defaultMessage={`I would like a quote from ${contractor.companyName} for `}
              submitLabel="Request a quote"
              className="mt-4"
            />
          </SectionBoundary>
        </aside>
      </div>
    </div>
  );
}
