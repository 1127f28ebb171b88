import { PROPERTY_TYPES } from '@nivaas/contracts/values';
import type { BrokerProfile } from '@nivaas/contracts/broker.schema';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useParams } from 'react-router';
import { ArrowRightIcon, ShieldCheckIcon } from '../../components/icons';
import { Breadcrumb } from '../../components/breadcrumb';
import { EnquiryForm } from '../../domain/enquiry/enquiry-form';
import { SectionBoundary } from '../../components/section-boundary';
import { PageError, PageNotFound } from '../../components/page-states';
import { isNotFound } from '../../lib/api/error-text';
import { parseRouteId } from '../../lib/route-id';
import { propertyTypeLabel } from '../../lib/unit-labels';
import { useGetBrokerQuery } from '../../lib/api/get-broker';
import { BrokerPhoto, memberSince } from './components/broker-photo';
import { useTrackView } from '../../lib/tracking/use-track-view';

const count = new Intl.NumberFormat('en-IN');

export function BrokerInfoPage() {
  const { brokerId: rawId } = useParams();
  const id = parseRouteId(rawId);
  const broker = useGetBrokerQuery(id ?? skipToken);
  useTrackView('BROKER_VIEW', broker.data ? { brokerId: broker.data.id } : null);

  if (id === null || (broker.isError && isNotFound(broker.error))) {
    return <PageNotFound title="We couldn’t find that broker" documentTitle="Broker not found" back={{ to: '/brokers', label: 'See all brokers' }} />;
  }
  if (broker.isError) {
    return <PageError title="Something went wrong" error={broker.error} onRetry={broker.refetch} />;
  }
  if (!broker.data) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 lg:px-8" aria-busy="true" aria-label="Loading broker">
        <div className="h-48 animate-pulse rounded-3xl bg-slate-200" />
      </div>
    );
  }
  return <BrokerInfo broker={broker.data} />;
}

function BrokerInfo({ broker }: { broker: BrokerProfile }) {
  const since = memberSince(broker.memberSince);
  const byType = PROPERTY_TYPES.map((type) => ({ type, n: broker.listingsByType[type] ?? 0 })).filter(({ n }) => n > 0);
  const facts = [
    { label: 'Company', value: broker.company },
    { label: 'City', value: broker.city?.name ?? null },
    { label: 'RERA no.', value: broker.reraNumber },
    { label: 'Member since', value: since },
  ].filter((fact): fact is { label: string; value: string } => Boolean(fact.value));

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10 lg:px-8">
      <title>{`${broker.name}${broker.company ? `, ${broker.company}` : ''}: broker profile | Nivaas`}</title>
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Brokers', to: '/brokers' }, { label: broker.name }]} />
      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
        <div className="space-y-6">
          <header className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8">
            <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
              <BrokerPhoto name={broker.name} photo={broker.profilePhoto} size="lg" />
              <div className="min-w-0">
                <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl">{broker.name}</h1>
                {broker.company && <p className="mt-1 text-slate-600">{broker.company}</p>}
                <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
                  <ShieldCheckIcon width={14} height={14} />
                  Verified by Nivaas
                </p>
              </div>
            </div>
            <dl className="mt-6 grid gap-4 sm:grid-cols-2">
              {facts.map((fact) => (
                <div key={fact.label}>
                  <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{fact.label}</dt>
                  <dd className="mt-0.5 font-medium wrap-anywhere text-slate-900">{fact.value}</dd>
                </div>
              ))}
            </dl>
            {broker.about && <p className="mt-6 leading-7 text-slate-700">{broker.about}</p>}
          </header>

          <section aria-labelledby="broker-listings-heading" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8">
            <h2 id="broker-listings-heading" className="text-xl font-bold tracking-tight text-slate-900">
              {count.format(broker.listingCount)} {broker.listingCount === 1 ? 'property' : 'properties'} listed
            </h2>
            {byType.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-2">
                {byType.map(({ type, n }) => (
                  <li key={type} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                    {propertyTypeLabel(type)} <span className="font-bold">{count.format(n)}</span>
                  </li>
                ))}
              </ul>
            )}
            <Link to={`/broker-properties/${broker.id}`} className="btn-primary mt-6">
              See properties
              <ArrowRightIcon width={16} height={16} />
            </Link>
          </section>
        </div>

        <aside aria-labelledby="broker-enquiry-heading" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-6 lg:sticky lg:top-24">
          <h2 id="broker-enquiry-heading" className="text-lg font-bold text-slate-900">
            Contact {broker.name.split(' ')[0]}
          </h2>
          <p className="mt-1 text-sm text-slate-600">Tell us what you are looking for; we pass it on and they call you back.</p>
          <SectionBoundary name="The enquiry form">
            <EnquiryForm
              title={`Enquiry to ${broker.name}`}
              defaultMessage={`Hi ${broker.name}, I found you on Nivaas and would like to know about your properties.`}
              className="mt-4"
            />
          </SectionBoundary>
        </aside>
      </div>
    </div>
  );
}
