import type { Principal } from '@nivaas/contracts/auth.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import type { LeadsByProjectQuery, LeadStageUpdate, MyLeadsQuery, OwnerLead } from '@nivaas/contracts/lead.schema';
import { DomainError } from '../../lib/domain-error';
import { offsetOf, paginationOf } from '../../lib/page-window';
import type { ListingOwner } from '../listings/listings.service';
import type { OwnerLeadRow, OwnerLeadsRepository } from './owner-leads.repository';

function toOwnerLead(row: OwnerLeadRow): OwnerLead {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    message: row.message,
    source: row.source,
    stage: row.stage,
    createdAt: row.createdAt.toISOString(),
    project: { id: row.projectId, name: row.projectName },
  };
}

function owns(row: { ownerId: number | null; brokerId: number | null }, owner: ListingOwner): boolean {
  return owner.kind === 'user' ? row.ownerId === owner.id : row.brokerId === owner.id;
}

const STAGE_MESSAGES: Record<LeadStageUpdate['stage'], string> = {
  interested: 'Marked as interested.',
  not_interested: 'Marked as not interested.',
  crm: 'Added to CRM.',
};

/**
 * The leads on an owner's listings (spec §2 Leads screen, §7 GET /lead?projectId). An owner reads and changes only
 * the leads on their own listings; the provider may read any listing's leads but does not work them.
 * `ownerOf` turns the caller into an owner (a user, or an approved broker: spec §4), refusing anyone else.
 */
export function createOwnerLeadsService(repository: OwnerLeadsRepository, ownerOf: (principal: Principal) => Promise<ListingOwner>) {
  return {
    async byProject(principal: Principal, { projectId, page, limit }: LeadsByProjectQuery): Promise<{ leads: OwnerLead[]; pagination: Pagination }> {
      const project = await repository.projectOwners(projectId);
      if (!project) throw new DomainError('NOT_FOUND', `Listing ${projectId} not found`, { field: 'projectId' });
      if (principal.kind !== 'provider' && !owns(project, await ownerOf(principal))) {
        throw new DomainError('FORBIDDEN', "These are the leads of another owner's listing", { field: 'projectId' });
      }
      const { rows, total } = await repository.byProject(projectId, offsetOf({ page, limit }), limit);
      return { leads: rows.map(toOwnerLead), pagination: paginationOf({ page, limit }, rows.length, total) };
    },

    async mine(principal: Principal, { projectId, stage, page, limit }: MyLeadsQuery): Promise<{ leads: OwnerLead[]; pagination: Pagination }> {
      const owner = await ownerOf(principal);
      const { rows, total } = await repository.ofOwner(owner, { projectId, stage }, offsetOf({ page, limit }), limit);
      return { leads: rows.map(toOwnerLead), pagination: paginationOf({ page, limit }, rows.length, total) };
    },

    async setStage(principal: Principal, leadId: number, { stage }: LeadStageUpdate): Promise<{ message: string; lead: OwnerLead }> {
      const owner = await ownerOf(principal);
      const lead = await repository.find(leadId);
      if (!lead) throw new DomainError('NOT_FOUND', `Lead ${leadId} not found`, { field: 'id' });
      if (!owns(lead, owner)) throw new DomainError('FORBIDDEN', "This lead is on another owner's listing");
      await repository.setStage(leadId, stage);
      return { message: STAGE_MESSAGES[stage], lead: toOwnerLead({ ...lead, stage }) };
    },
  };
}

export type OwnerLeadsService = ReturnType<typeof createOwnerLeadsService>;
