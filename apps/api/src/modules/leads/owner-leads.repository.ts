import type { Db, LeadStage } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, count, desc, eq, type SQL } from '@nivaas/db/orm';
import type { ListingOwner } from '../listings/listings.service';

const { leads, projects } = schema;

export interface OwnerLeadRow {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  message: string | null;
  source: 'form' | 'chat';
  stage: LeadStage;
  createdAt: Date;
  projectId: number;
  projectName: string;
}

const columns = {
  id: leads.id,
  name: leads.name,
  phone: leads.phone,
  email: leads.email,
  message: leads.message,
  source: leads.source,
  stage: leads.stage,
  createdAt: leads.createdAt,
  projectId: projects.id,
  projectName: projects.name,
};

/** SQL for the leads on owners' listings (spec §2 Leads screen); no HTTP, no rules. */
export function createOwnerLeadsRepository(db: Db) {
  async function page(where: SQL | undefined, offset: number, limit: number): Promise<{ rows: OwnerLeadRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      db.select(columns).from(leads).innerJoin(projects, eq(projects.id, leads.projectId)).where(where).orderBy(desc(leads.createdAt), desc(leads.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(leads).innerJoin(projects, eq(projects.id, leads.projectId)).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  return {
    async projectOwners(projectId: number): Promise<{ ownerId: number | null; brokerId: number | null } | undefined> {
      const [row] = await db.select({ ownerId: projects.ownerId, brokerId: projects.brokerId }).from(projects).where(eq(projects.id, projectId));
      return row;
    },

    byProject(projectId: number, offset: number, limit: number) {
      return page(eq(leads.projectId, projectId), offset, limit);
    },

    ofOwner(owner: ListingOwner, filter: { projectId?: number | undefined; stage?: LeadStage | undefined }, offset: number, limit: number) {
      // The owner's listings: a signed-in user's by projects.owner_id, a broker's by projects.broker_id.
      const conditions: SQL[] = [owner.kind === 'user' ? eq(projects.ownerId, owner.id) : eq(projects.brokerId, owner.id)];
      if (filter.projectId !== undefined) conditions.push(eq(leads.projectId, filter.projectId));
      if (filter.stage !== undefined) conditions.push(eq(leads.stage, filter.stage));
      return page(and(...conditions), offset, limit);
    },

    /** The lead with its listing's owners (inner join: a lead whose listing is gone belongs to nobody). */
    async find(leadId: number): Promise<(OwnerLeadRow & { ownerId: number | null; brokerId: number | null }) | undefined> {
      const [row] = await db
        .select({ ...columns, ownerId: projects.ownerId, brokerId: projects.brokerId })
        .from(leads)
        .innerJoin(projects, eq(projects.id, leads.projectId))
        .where(eq(leads.id, leadId));
      return row;
    },

    async setStage(leadId: number, stage: LeadStage): Promise<void> {
      await db.update(leads).set({ stage }).where(eq(leads.id, leadId));
    },
  };
}

export type OwnerLeadsRepository = ReturnType<typeof createOwnerLeadsRepository>;
