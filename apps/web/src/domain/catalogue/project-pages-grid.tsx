import { flattenPages, useGetProjectPagesInfiniteQuery, type ProjectFilter } from '../../lib/api/get-project-pages';
import { PagedList } from '../../components/paged-list';
import { ProjectCard, ProjectCardSkeleton } from './project-card';
import { EmptyState } from '../../components/section-states';

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
  return (
    <PagedList
      query={query}
      items={projects}
      label={label}
      gridClassName={GRID}
      renderItem={(project) => <ProjectCard project={project} />}
      errorTitle="Failed to fetch projects"
      skeleton={<ProjectCardSkeleton />}
      skeletonCount={4}
      empty={<EmptyState title={emptyTitle}>{emptyText}</EmptyState>}
      paging="scroll"
    />
  );
}
