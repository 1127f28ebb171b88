import { skipToken } from '@reduxjs/toolkit/query';
import { EmptyState, ErrorState } from '../../../components/section-states';
import { useGetRandomProjectsQuery } from '../api/get-random-projects';
import { CardRail, CardRailSkeleton } from '../../../domain/catalogue/card-rail';
import { ProjectCard } from '../../../domain/catalogue/project-card';

/** Four across on a desktop, two rows. */
export const RAIL_SIZE = 8;

interface ProjectRailProps {
  /** Anchor for the hero's quick links. */
  id: string;
  title: string;
  subtitle: string;
  /** spec §7: GET /project/random?tag= */
  tag: string;
  cityName: string;
  /** Undefined until the city list has loaded. */
  cityId: number | undefined;
  /** Set when the city list itself failed: the rail cannot ask for projects without a city id. */
  onRetryCities?: () => void;
}

export function ProjectRail({ id, title, subtitle, tag, cityName, cityId, onRetryCities }: ProjectRailProps) {
  const query = useGetRandomProjectsQuery(
    cityId === undefined ? skipToken : { tag, cityId, page: 1, limit: RAIL_SIZE },
  );
  // currentData, not data: after a city change the old city's projects must not sit under the new title.
  const projects = query.currentData;

  let body;
  if (onRetryCities) {
    body = <ErrorState message="We could not load the list of cities." onRetry={onRetryCities} />;
  } else if (query.isError && !query.isFetching) {
    body = <ErrorState message="We could not load these projects. Check your connection and try again." onRetry={query.refetch} />;
  } else if (!projects) {
    body = <CardRailSkeleton label={`Loading ${title}`} />;
  } else if (projects.length === 0) {
    body = (
      <EmptyState title={`No ${tag.toLowerCase()} projects in ${cityName} yet`}>
        New projects are added as builders list them. Try another city from the menu at the top.
      </EmptyState>
    );
  } else {
    body = (
      <CardRail
        items={projects}
        itemKey={(project) => project.id}
        renderItem={(project) => <ProjectCard project={project} railTag={tag} />}
      />
    );
  }

  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-32 lg:scroll-mt-24">
      <div className="mb-4 md:mb-6">
        <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600 md:text-base">{subtitle}</p>
      </div>
      {body}
    </section>
  );
}
