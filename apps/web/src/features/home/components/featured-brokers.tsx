import { InitialsAvatar } from '../../../components/initials-avatar';
import { useGetFeaturedBrokersQuery } from '../api/get-featured-brokers';
import { HomeSection } from './home-section';
import { TileGrid } from './tile-grid';

export const FEATURED_BROKERS = 4;

/** GET /broker: approved brokers with the most live listings, each linking to /broker-info/{id}. */
export function FeaturedBrokers() {
  const query = useGetFeaturedBrokersQuery(FEATURED_BROKERS);
  const tiles = query.data?.slice(0, FEATURED_BROKERS).map((broker) => ({
    key: broker.id,
    to: `/broker-info/${broker.id}`,
    media: <InitialsAvatar name={broker.name} src={broker.profilePhoto} className="size-14" />,
    title: broker.name,
    detail: broker.company,
    note: [broker.city?.name, `${broker.listingCount} ${broker.listingCount === 1 ? 'listing' : 'listings'}`]
      .filter(Boolean)
      .join(' · '),
  }));

  return (
    <HomeSection
      id="brokers"
      title="Brokers you can trust"
      subtitle="Approved agents with live listings, their RERA number on their profile."
      more={{ to: '/brokers', label: 'All brokers' }}
    >
      <TileGrid
        tiles={tiles}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        errorMessage="We could not load the brokers."
        emptyTitle="No brokers listed yet"
        loadingLabel="Loading brokers"
      />
    </HomeSection>
  );
}
