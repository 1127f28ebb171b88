import type { Pagination } from '@nivaas/contracts/common.schema';
import type {
  ConstructionProject,
  ConstructionProjectListQuery,
  Contractor,
  ContractorDetail,
  ContractorListQuery,
} from '@nivaas/contracts/construction.schema';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import { toConstructionProject, toContractor } from './construction.mapper';
import type { ConstructionRepository } from './construction.repository';

/** A contractor page lists every active project of theirs; this bounds it should one ever have thousands. */
const CONTRACTOR_PROJECTS_SHOWN = 100;

export function createConstructionService(repository: ConstructionRepository) {
  return {
    async listProjects(query: ConstructionProjectListQuery): Promise<{ projects: ConstructionProject[]; pagination: Pagination }> {
      const filter = { tag: query.tag || undefined, cityId: query.cityId, contractorId: query.contractorId };
      const [rows, total] = await Promise.all([
        repository.listPublicProjects(filter, offsetOf(query), query.limit),
        repository.countPublicProjects(filter),
      ]);
      return { projects: rows.map(toConstructionProject), pagination: paginationOf(query, rows.length, total) };
    },

    async listContractors(query: ContractorListQuery): Promise<{ contractors: Contractor[]; pagination: Pagination }> {
      const [rows, total] = await Promise.all([
        repository.listApprovedContractors(query.cityId, offsetOf(query), query.limit),
        repository.countApprovedContractors(query.cityId),
      ]);
      const counts = await repository.activeProjectCounts(rows.map((row) => row.id));
      const countOf = new Map(counts.map((entry) => [entry.contractorId, entry.count]));
      return {
        contractors: rows.map((row) => toContractor(row, countOf.get(row.id) ?? 0)),
        pagination: paginationOf(query, rows.length, total),
      };
    },

    /** A contractor who is not approved answers exactly like one who does not exist. */
    async getContractor(id: number): Promise<ContractorDetail> {
      const filter = { tag: undefined, cityId: undefined, contractorId: id };
      const [row, projects] = await Promise.all([
        repository.findApprovedContractor(id),
        repository.listPublicProjects(filter, 0, CONTRACTOR_PROJECTS_SHOWN),
      ]);
      if (!row) throw DomainError.notFound('Contractor', id);
      const total = projects.length < CONTRACTOR_PROJECTS_SHOWN ? projects.length : await repository.countPublicProjects(filter);
      return { ...toContractor(row, total), projects: projects.map(toConstructionProject) };
    },
  };
}

export type ConstructionService = ReturnType<typeof createConstructionService>;
