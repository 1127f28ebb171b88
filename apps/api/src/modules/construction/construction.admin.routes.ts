import {
  AdminConstructionProjectListResponseSchema,
  AdminConstructionProjectResponseSchema,
  AdminContractorListResponseSchema,
  AdminContractorResponseSchema,
  ConstructionProjectCreateSchema,
  ConstructionProjectPatchSchema,
  ContractorCreateSchema,
  ContractorPatchSchema,
} from '@nivaas/contracts/content-admin.schema';
import type { FastifyPluginAsync } from 'fastify';
import { backOfficePlugin, registerRecordRoutes } from '../../lib/back-office-routes';
import type { ConstructionService } from './construction.service';

export interface ConstructionAdminRoutesOptions {
  construction: ConstructionService;
}

/** Issue 14: the provider's construction projects and contractors under /api/admin/construction/... */
export const constructionAdminRoutes: FastifyPluginAsync<ConstructionAdminRoutesOptions> = async (app, { construction }) => {
  await backOfficePlugin(app);
  const { projectsAdmin, contractorsAdmin } = construction;
  await registerRecordRoutes(app, {
    path: '/construction/projects',
    tag: 'construction',
    noun: 'construction project',
    create: ConstructionProjectCreateSchema,
    patch: ConstructionProjectPatchSchema,
    item: AdminConstructionProjectResponseSchema,
    list: AdminConstructionProjectListResponseSchema,
    service: projectsAdmin,
    image: { segment: 'image', set: projectsAdmin.setImage },
  });
  await registerRecordRoutes(app, {
    path: '/construction/contractors',
    tag: 'construction',
    noun: 'contractor',
    create: ContractorCreateSchema,
    patch: ContractorPatchSchema,
    item: AdminContractorResponseSchema,
    list: AdminContractorListResponseSchema,
    service: contractorsAdmin,
    image: { segment: 'logo', set: contractorsAdmin.setLogo },
  });
};
