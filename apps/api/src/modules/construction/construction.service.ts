import type { Pagination } from '@nivaas/contracts/common.schema';
import type {
  ConstructionProject,
  ConstructionProjectListQuery,
  Contractor,
  ContractorDetail,
  ContractorListQuery,
} from '@nivaas/contracts/construction.schema';
import type { ConstructionProjectCreate, ConstructionProjectPatch, ContractorCreate, ContractorPatch } from '@nivaas/contracts/content-admin.schema';
import { recordWrites, slugOnCreate } from '../../lib/back-office';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import type { IncomingPhoto } from '../listings/listings.service';
import type { RecordImagesService } from '../listings/record-images.service';
import { toConstructionProject, toContractor } from './construction.mapper';
import type { ConstructionRepository } from './construction.repository';

export interface ConstructionServiceDeps {
  clock?: () => Date;
  /** The photo pipeline, for a project's photo and a contractor's logo (issue 14). */
  images?: RecordImagesService;
}

const NO_CITY = { field: 'cityId', message: 'There is no city with that id' };

/** A contractor page lists every active project of theirs; this bounds it should one ever have thousands. */
const CONTRACTOR_PROJECTS_SHOWN = 100;

export function createConstructionService(repository: ConstructionRepository, { clock = () => new Date(), images }: ConstructionServiceDeps = {}) {
  const projectRecords = recordWrites({
    store: repository.projectRecords,
    entityKind: 'construction_project',
    label: 'Construction project',
    clock,
    references: {
      construction_projects_city_id_cities_id_fk: NO_CITY,
      construction_projects_contractor_id_contractors_id_fk: { field: 'contractorId', message: 'There is no contractor with that id' },
    },
  });
  const contractorRecords = recordWrites({
    store: repository.contractorRecords,
    entityKind: 'contractor',
    label: 'Contractor',
    clock,
    unique: { contractors_slug_uq: { field: 'slug', message: 'Another contractor already has this slug: choose another' } },
    references: { contractors_city_id_cities_id_fk: NO_CITY },
    rules: (_next, fields, before) => slugOnCreate(before, fields.slug, fields.companyName, 'company name'),
  });
  const withImages = () => {
    if (!images) throw new Error('construction: no photo pipeline was given');
    return images;
  };

  return {
    /** The provider's construction projects and contractors (issue 14): every state, audited writes. */
    projectsAdmin: {
      list: projectRecords.list,
      read: projectRecords.read,
      create: (staffId: number, body: ConstructionProjectCreate) => projectRecords.create(staffId, body),
      update: (staffId: number, id: number, body: ConstructionProjectPatch) => projectRecords.update(staffId, id, body),
      setImage: (staffId: number, id: number, file: IncomingPhoto | undefined) =>
        withImages().attach(`content/construction/${id}`, file, (imageUrl) => projectRecords.update(staffId, id, { imageUrl })),
    },
    contractorsAdmin: {
      list: contractorRecords.list,
      read: contractorRecords.read,
      create: (staffId: number, body: ContractorCreate) => contractorRecords.create(staffId, body),
      update: (staffId: number, id: number, body: ContractorPatch) => contractorRecords.update(staffId, id, body),
      setLogo: (staffId: number, id: number, file: IncomingPhoto | undefined) =>
        withImages().attach(`content/contractors/${id}`, file, (logoUrl) => contractorRecords.update(staffId, id, { logoUrl })),
    },

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
