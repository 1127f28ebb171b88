import { serverMessage } from '../lib/api/error-text';
import { flattenPages, useGetProjectPagesInfiniteQuery, type ProjectFilter } from '../lib/api/get-project-pages';
import { useSentinel } from '../lib/use-sentinel';
import { ProjectCard, ProjectCardSkeleton } from './project-card';
import { EmptyState, ErrorState } from './section-states';

interface ProjectPagesGridProps {
  filter: ProjectFilter;
  id: number;
  /** Names the list for assistive technology, e.g. 'Projects by Sobha'. */
  label: string;
  emptyTitle: string;
  emptyText?: string;
}

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/**
 * Public projects of one builder or place, 30 a page, the next page loading as the visitor nears
 * the end (spec §4 'Paging'). Shared by the developer and place pages.
 */
export function ProjectPagesGrid({ filter, id, label, emptyTitle, emptyText }: ProjectPagesGridProps) {
  const query = useGetProjectPagesInfiniteQuery({ filter, id });
  const projects = flattenPages(query.data?.pages.map((page) => page.projects));
  const sentinel = useSentinel(() => void query.fetchNextPage(), query.hasNextPage && !query.isFetching && !query.isError);

  if (query.isError && projects.length === 0) {
    return (
      <ErrorState
        title="Failed to fetch projects"
        message={serverMessage(query.error) ?? 'Check your connection and try again.'}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.isLoading) {
    return (
      <ul className={GRID} aria-busy="true" aria-label={`Loading ${label}`}>
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className={i > 0 ? 'hidden sm:block' : undefined}>
            <ProjectCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (projects.length === 0) return <EmptyState title={emptyTitle}>{emptyText}</EmptyState>;
  return (
    <div aria-busy={query.isFetching}>
      <ul className={GRID} aria-label={label}>
        {projects.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
      {query.isError && (
        <div className="mt-6">
          <ErrorState title="Failed to fetch projects" onRetry={() => void query.fetchNextPage()} />
        </div>
      )}
      {query.isFetchingNextPage && (
        <ul className={`${GRID} mt-4`} aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className={i > 0 ? 'hidden sm:block' : undefined}>
              <ProjectCardSkeleton />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} aria-hidden="true" className="h-px" />
    </div>
  );
}
