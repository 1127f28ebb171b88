import type { Project, RandomProjectsQuery } from '@nivaas/contracts/project.schema';
import { groupBy } from '../../lib/group-by';
import { toProject } from './projects.mapper';
import type { ProjectRow, ProjectsRepository } from './projects.repository';

/**
 * The shuffle changes once a day (UTC) so the home page rails feel alive, yet stays fixed while a
 * visitor pages through them: page 2 continues page 1's order instead of reshuffling.
 */
function dailySeed(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function createProjectsService(repository: ProjectsRepository, clock: () => Date = () => new Date()) {
  /**
   * Units, media (and, for the owner's or provider's views, remarks) for a whole page in a fixed
   * number of queries, whatever its size. Public reads never load remarks: they are the provider's
   * words to the owner, not the visitor's business.
   */
  async function shape(rows: ProjectRow[], { withRemarks }: { withRemarks: boolean }): Promise<Project[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [units, medias, remarks] = await Promise.all([
      repository.unitsFor(ids),
      repository.mediaFor(ids),
      withRemarks ? repository.remarksFor(ids) : [],
    ]);
    const unitsBy = groupBy(units, (unit) => unit.projectId);
    const mediaBy = groupBy(medias, (media) => media.projectId);
    const remarksBy = groupBy(remarks, (remark) => remark.projectId);
    return rows.map((row) =>
      toProject(row, unitsBy.get(row.id) ?? [], mediaBy.get(row.id) ?? [], remarksBy.get(row.id) ?? []),
    );
  }

  return {
    /** spec §7 GET /project/random: public projects only (spec §9), optionally by tag and city. */
    async random({ tag, cityId, page, limit }: RandomProjectsQuery): Promise<Project[]> {
      const rows = await repository.randomPublicPage({
        tag: tag || undefined,
        cityId,
        seed: dailySeed(clock()),
        offset: (page - 1) * limit,
        limit,
      });
      return shape(rows, { withRemarks: false });
    },
  };
}
