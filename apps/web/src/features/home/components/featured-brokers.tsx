import { Link } from 'react-router';
import { InitialsAvatar } from '../../../components/initials-avatar';
import { EmptyState, ErrorState } from '../../../components/section-states';
import { useGetFeaturedBrokersQuery } from '../api/get-featured-brokers';
import { HomeSection, TileSkeletons } from './home-section';

export const FEATURED_BROKERS = 4;
const GRID = 'grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:gap-4 lg:grid-cols-4';

/** GET /broker: approved brokers with the most live listings, each linking to /broker-info/{id}. */
export function FeaturedBrokers() {
  const query = useGetFeaturedBrokersQuery(FEATURED_BROKERS);

  let body;
  if (query.isError) {
    body = <ErrorState message="We could not load the brokers." onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = <TileSkeletons count={4} className={GRID} label="Loading brokers" />;
  } else if (query.data.length === 0) {
    body = <EmptyState title="No brokers listed yet" />;
  } else {
    body = (
      <ul className={GRID}>
        {query.data.slice(0, FEATURED_BROKERS).map((broker) => (
          <li key={broker.id}>
            <Link
              to={`/broker-info/${broker.id}`}
              className="flex h-full items-center gap-3 rounded-2xl bg-white p-3.5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-300"
            >
              <InitialsAvatar name={broker.name} src={broker.profilePhoto} className="size-14" />
              <span className="min-w-0">
                <span className="block truncate font-bold text-slate-900">{broker.name}</span>
                {broker.company && <span className="block truncate text-sm text-slate-600">{broker.company}</span>}
                <span className="block truncate text-xs text-slate-500">
                  {[broker.city?.name, `${broker.listingCount} ${broker.listingCount === 1 ? 'listing' : 'listings'}`]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <HomeSection
      id="brokers"
      title="Brokers you can trust"
      subtitle="Approved agents with live listings, their RERA number on their profile."
      more={{ to: '/brokers', label: 'All brokers' }}
    >
      {body}
    </HomeSection>
  );
}
