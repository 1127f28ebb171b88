import { SectionBoundary } from '../../components/section-boundary';
import { useSelectCity, useSelectedCity } from '../../domain/city/use-selected-city';
import { ExploreCities } from './components/explore-cities';
import { FeaturedBrokers } from './components/featured-brokers';
import { LatestBlogs } from './components/latest-blogs';
import { PopularLocalities } from './components/popular-localities';
import { TopBuilders } from './components/top-builders';
import { HomeHero } from './components/home-hero';
import { ProjectRail } from './components/project-rail';
import { TrustStrip } from './components/trust-strip';

export function HomePage() {
  const { name, city, cities, isError, refetch } = useSelectedCity();
  const selectCity = useSelectCity();
  const cityId = city?.id;
  const retryCities = isError && !cities ? refetch : undefined;

  const rails = [
    {
      id: 'trending',
      tag: 'Trending',
      title: `Trending Projects in ${name}`,
      subtitle: 'What buyers are looking at this week.',
    },
    {
      id: 'upcoming-launches',
      tag: 'Upcoming Launches',
      title: 'Upcoming Launches',
      subtitle: `Pre-launch projects in ${name}: early prices, later possession.`,
    },
    {
      id: 'ready-to-move',
      tag: 'Ready to Move',
      title: 'Ready to Move',
      subtitle: `Homes in ${name} you can move into without waiting for construction.`,
    },
  ];

  return (
    <>
      <title>{`Homes and new projects in ${name} | Nivaas`}</title>
      <SectionBoundary name="The banner" hydrateLater>
        <HomeHero cityName={name} propertyCount={city?.propertyCount} />
      </SectionBoundary>

      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10 md:space-y-16 md:py-14 lg:px-8">
        {rails.map((rail, index) => (
          <SectionBoundary key={rail.id} name={rail.title} hydrateLater offscreen={index > 0}>
            <ProjectRail {...rail} cityName={name} cityId={cityId} onRetryCities={retryCities} />
          </SectionBoundary>
        ))}

        <SectionBoundary name="Popular localities" offscreen>
          <PopularLocalities cityName={name} cityId={cityId} />
        </SectionBoundary>

        <SectionBoundary name="Top builders" offscreen>
          <TopBuilders />
        </SectionBoundary>

        <SectionBoundary name="Why Nivaas" offscreen>
          <TrustStrip />
        </SectionBoundary>

        <SectionBoundary name="Latest from the blog" offscreen>
          <LatestBlogs />
        </SectionBoundary>

        <SectionBoundary name="Brokers" offscreen>
          <FeaturedBrokers />
        </SectionBoundary>

        <SectionBoundary name="Explore cities" offscreen>
          <ExploreCities
            cities={cities}
            selectedId={cityId}
            isError={isError}
            onRetry={refetch}
            onSelect={selectCity}
          />
        </SectionBoundary>
      </div>
    </>
  );
}
