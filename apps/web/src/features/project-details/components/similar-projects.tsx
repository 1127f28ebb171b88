import { EmptyState, ErrorState } from '../../../components/section-states';
import { CardRail, CardRailSkeleton } from '../../../domain/catalogue/card-rail';
import { ProjectCard } from '../../../domain/catalogue/project-card';
import { useGetSimilarProjectsQuery } from '../api/get-similar-projects';

/** GET /project/{id}/similar: same city and type, priced nearest. */
export function SimilarProjects({ projectId, cityName }: { projectId: number; cityName: string }) {
  const query = useGetSimilarProjectsQuery(projectId);

  let body;
  if (query.isError) {
    body = <ErrorState message="We could not load similar projects." onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = <CardRailSkeleton label="Loading similar projects" />;
  } else if (query.data.length === 0) {
    body = <EmptyState title={`No similar projects in ${cityName} yet`} />;
  } else {
    body = (
      <CardRail
        items={query.data.slice(0, 8)}
        itemKey={(project) => project.id}
        renderItem={(project) => <ProjectCard project={project} />}
      />
    );
  }

  return (
    <section aria-labelledby="similar-heading">
      <h2 id="similar-heading" className="mb-4 text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
        Similar projects in {cityName}
      </h2>
      {body}
    </section>
  );
}
