import type { PublicBroker } from '@nivaas/contracts/broker.schema';
import { Link } from 'react-router';
import { MapPinIcon, ShieldCheckIcon } from '../../components/icons';
import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/section-states';
import { flattenPages } from '../../lib/api/get-project-pages';
import { useGetBrokersInfiniteQuery } from './api/get-brokers';
import { BrokerPhoto, memberSince } from './components/broker-photo';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
const count = new Intl.NumberFormat('en-IN');

export function BrokersPage() {
  const query = useGetBrokersInfiniteQuery();
  const brokers = flattenPages(query.data?.pages.map((page) => page.brokers));
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 md:py-14 lg:px-8">
      <title>Verified real estate brokers | Nivaas</title>
      <meta name="description" content="RERA-registered property brokers approved by Nivaas, with their listings." />
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Brokers</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl">Verified local brokers</h1>
        <p className="mt-3 text-slate-600">
          Every broker here is RERA-registered and approved by our team. See their listings or send them an enquiry.
        </p>
      </header>
      <section aria-label="Broker list" className="mt-8">
        <PagedList
          query={query}
          items={brokers}
          label="Brokers"
          gridClassName={GRID}
          renderItem={(broker) => <BrokerCard broker={broker} />}
          errorTitle="Something went wrong"
          errorMessage="We could not load the brokers. Check your connection and try again."
          skeleton={<div className="h-44 animate-pulse rounded-2xl bg-slate-200" />}
          skeletonCount={8}
          empty={<EmptyState title="No brokers yet">Verified brokers appear here once our team approves them.</EmptyState>}
          paging="scroll"
        />
      </section>
    </div>
  );
}

function BrokerCard({ broker }: { broker: PublicBroker }) {
  const since = memberSince(broker.memberSince);
  return (
    <article className="group relative flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-brand-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <div className="flex items-center gap-4">
        <BrokerPhoto name={broker.name} photo={broker.profilePhoto} />
        <div className="min-w-0">
          <h2 className="truncate text-base font-bold text-slate-900">
            <Link to={`/broker-info/${broker.id}`} className="after:absolute after:inset-0 focus:outline-none">
              {broker.name}
            </Link>
          </h2>
          {broker.company && <p className="truncate text-sm text-slate-600">{broker.company}</p>}
        </div>
      </div>
      <div className="mt-4 space-y-1 text-sm text-slate-600">
        {broker.city && (
          <p className="flex items-center gap-1">
            <MapPinIcon width={14} height={14} className="shrink-0 text-slate-400" />
            {broker.city.name}
          </p>
        )}
        {broker.reraNumber && (
          <p className="flex items-center gap-1">
            <ShieldCheckIcon width={14} height={14} className="shrink-0 text-brand-600" />
            <span className="truncate">RERA {broker.reraNumber}</span>
          </p>
        )}
      </div>
      <p className="mt-auto flex items-center justify-between pt-4 text-sm">
        <span className="font-semibold text-brand-800">
          {count.format(broker.listingCount)} {broker.listingCount === 1 ? 'listing' : 'listings'}
        </span>
        {since && <span className="text-slate-500">Member since {since}</span>}
      </p>
    </article>
  );
}
