import { InitialsAvatar } from '../../../components/initials-avatar';
import { builderPath } from '../../../domain/search/search-targets';
import { useGetTopBuildersQuery } from '../api/get-top-builders';
import { HomeSection } from './home-section';
import { TileGrid } from './tile-grid';

export const TOP_BUILDERS = 8;
const countFormat = new Intl.NumberFormat('en-IN');

/** GET /builder: the builders with the most live projects, each linking to its developer page. */
export function TopBuilders() {
  const query = useGetTopBuildersQuery(TOP_BUILDERS);
  const tiles = query.data?.map((builder) => ({
    key: builder.id,
    to: builderPath(builder),
    media: <InitialsAvatar name={builder.name} src={builder.logo} shape="square" className="size-14" />,
    title: builder.name,
    detail: `${countFormat.format(builder.projectCount)} ${builder.projectCount === 1 ? 'project' : 'projects'}`,
    note: builder.cities.map((city) => city.name).join(', '),
  }));

  return (
    <HomeSection
      id="top-builders"
      title="Top builders"
      subtitle="Developers with the most live projects on Nivaas."
      more={{ to: '/developers', label: 'All builders' }}
    >
      <TileGrid
        tiles={tiles}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        errorMessage="We could not load the builders."
        emptyTitle="No builders listed yet"
        loadingLabel="Loading builders"
        phoneLimit={4}
      />
    </HomeSection>
  );
}
