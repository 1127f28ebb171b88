/** Construction services (spec §1: its own gateway, /api/construction). */
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPROVALS, STATUSES } from '../enums';
import { approval, createdAt, id, oneOf, status, updatedAt } from './columns';
import { cities } from './places';

export const contractors = pgTable(
  'contractors',
  {
    id: id(),
    companyName: text('company_name').notNull(),
    slug: text('slug').notNull(),
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    phone: text('phone'),
    email: text('email'),
    // 0.0 to 5.0, one decimal.
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    yearsInBusiness: integer('years_in_business'),
    logoUrl: text('logo_url'),
    description: text('description'),
    // Issue 14: public = status active and approval approved (spec §5), so the provider can draft and hide.
    status: status(),
    approval: approval(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contractors_slug_uq').on(t.slug),
    index('contractors_city_idx').on(t.cityId),
    index('contractors_approval_idx').on(t.approval, t.id),
    oneOf('contractors_status_check', t.status, STATUSES),
    oneOf('contractors_approval_check', t.approval, APPROVALS),
    check('contractors_rating_check', sql`${t.rating} is null or ${t.rating} between 0 and 5`),
  ],
);

export const constructionProjects = pgTable(
  'construction_projects',
  {
    id: id(),
    name: text('name').notNull(),
    // spec §7: the construction list filters by tag (empty = all).
    tag: text('tag'),
    description: text('description'),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    imageUrl: text('image_url'),
    contractorId: integer('contractor_id').references(() => contractors.id, { onDelete: 'set null' }),
    status: status(),
    // Issue 14: reviewed like every other record; rows from before it were already public, so the migration
    // stamps them approved while new ones start pending.
    approval: approval(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('construction_projects_status_tag_idx').on(t.status, t.tag, t.id),
    index('construction_projects_contractor_idx').on(t.contractorId),
    index('construction_projects_city_idx').on(t.cityId),
    oneOf('construction_projects_status_check', t.status, STATUSES),
    oneOf('construction_projects_approval_check', t.approval, APPROVALS),
  ],
);
