import { Link } from 'react-router';
import { InitialsAvatar } from '../../../components/initials-avatar';
import { EmptyState, ErrorState } from '../../../components/section-states';
import { builderPath } from '../../../lib/search/search-targets';
import { useGetTopBuildersQuery } from '../api/get-top-builders';
import { HomeSection, TileSkeletons } from './home-section';

export const TOP_BUILDERS = 8;
const GRID = 'grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:gap-4 lg:grid-cols-4';
const countFormat = new Intl.NumberFormat('en-IN');

/** GET /builder: the builders with the most live projects, each linking to its developer page. */
export function TopBuilders() {
  const query = useGetTopBuildersQuery(TOP_BUILDERS);

  let body;
  if (query.isError) {
    body = <ErrorState message="We could not load the builders." onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = <TileSkeletons count={4} className={GRID} label="Loading builders" />;
  } else if (query.data.length === 0) {
    body = <EmptyState title="No builders listed yet" />;
  } else {
    body = (
      <ul className={GRID}>
        {query.data.map((builder, i) => (
          // A phone shows the first four; the rest are one tap away under 'All builders'.
          <li key={builder.id} className={i >= 4 ? 'hidden sm:block' : undefined}>
            <Link
              to={builderPath(builder)}
              className="flex h-full items-center gap-3 rounded-2xl bg-white p-3.5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-300"
            >
              <InitialsAvatar name={builder.name} src={builder.logo} shape="square" className="size-14" />
              <span className="min-w-0">
                <span className="line-clamp-2 font-bold leading-snug text-slate-900">{builder.name}</span>
                <span className="block text-sm text-slate-600">
                  {countFormat.format(builder.projectCount)} {builder.projectCount === 1 ? 'project' : 'projects'}
                </span>
                {builder.cities.length > 0 && (
                  <span className="block truncate text-xs text-slate-500">
                    {builder.cities.map((city) => city.name).join(', ')}
                  </span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <HomeSection
      id="top-builders"
      title="Top builders"
      subtitle="Developers with the most live projects on Nivaas."
      more={{ to: '/developers', label: 'All builders' }}
    >
      {body}
    </HomeSection>
  );
}
