import type { Possession } from '@nivaas/contracts/project.schema';
import type { Db, Item, PropertyType, TransactionTag } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, arrayContains, eq, exists, gte, inArray, isNotNull, isNull, lte, not, type SQL, sql } from '@nivaas/db/orm';
import { publicItemConditions } from '../../lib/public-items';
import { type TextMatch, textMatches } from './project-text-search';

const { projects, units } = schema;

/* The public catalogue's filters as SQL, for the projects repository (split from it: filters here, text search in
   project-text-search.ts, page loading there). */

/** Everything a public list can be narrowed by; every field is optional and they combine with AND. */
export interface CatalogueFilters {
  cityId?: number;
  zoneId?: number;
  locationId?: number;
  builderId?: number;
  brokerId?: number;
  item?: Item;
  /** Listings uploaded by a broker, or by a user on their own (spec §7 GET /project/listings). */
  uploader?: 'broker' | 'user';
  /** Integer rupees: a project is in budget when its price range overlaps [minPrice, maxPrice]. */
  minPrice?: number;
  maxPrice?: number;
  /** Bound the starting (lowest) price instead: 'around 1.2 cr' means homes priced from about 1.2 Cr. */
  startingPrice?: boolean;
  bhk?: number[];
  propertyTypes?: PropertyType[];
  transaction?: TransactionTag;
  possession?: Possession;
  text?: TextMatch;
  /** Only these projects (favourites, a saved search's check of one listing). */
  ids?: number[];
}

/** spec §2: a project whose tags hold 'Upcoming Launches' is a pre-launch project. */
export const UPCOMING_TAG = 'Upcoming Launches';
function possessionIs(possession: Possession): SQL {
  switch (possession) {
    case 'ready':
      // A resale home without a date was built long ago; a date in the past means the keys are out.
      return sql`(${projects.possessionDate} <= current_date or (${projects.possessionDate} is null and ${projects.transactionTag} = 'Resale'))`;
    case 'upcoming':
      return arrayContains(projects.tags, [UPCOMING_TAG]);
    case 'under-construction':
      return and(sql`${projects.possessionDate} > current_date`, not(arrayContains(projects.tags, [UPCOMING_TAG]))) as SQL;
  }
}

function hasUnitOf(db: Db, bhk: number[], { minPrice, maxPrice }: CatalogueFilters): SQL {
  const conditions = [eq(units.projectId, projects.id), inArray(units.type, bhk.map(String))];
  // With both a configuration and a budget, that configuration must be the one in budget.
  if (maxPrice !== undefined) conditions.push(lte(units.minPrice, maxPrice));
  if (minPrice !== undefined) conditions.push(gte(units.maxPrice, minPrice));
  return exists(db.select({ one: sql`1` }).from(units).where(and(...conditions)));
}

/** The SQL of a public list's filters, on the one visibility rule (lib/public-items.ts). */
export function catalogueWhere(db: Db, filters: CatalogueFilters): SQL | undefined {
  const conditions = publicItemConditions();
  const { ids, cityId, zoneId, locationId, builderId, brokerId, item, uploader, minPrice, maxPrice, startingPrice, bhk, propertyTypes, transaction, possession, text } = filters;
  if (ids !== undefined) conditions.push(inArray(projects.id, ids));
  if (cityId !== undefined) conditions.push(eq(projects.cityId, cityId));
  if (zoneId !== undefined) conditions.push(eq(projects.zoneId, zoneId));
  if (locationId !== undefined) conditions.push(eq(projects.locationId, locationId));
  if (builderId !== undefined) conditions.push(eq(projects.builderId, builderId));
  if (brokerId !== undefined) conditions.push(eq(projects.brokerId, brokerId));
  if (item !== undefined) conditions.push(eq(projects.item, item));
  if (uploader === 'broker') conditions.push(isNotNull(projects.brokerId));
  if (uploader === 'user') conditions.push(isNotNull(projects.ownerId), isNull(projects.brokerId));
  if (maxPrice !== undefined) conditions.push(lte(projects.minPrice, maxPrice));
  if (minPrice !== undefined) conditions.push(gte(startingPrice ? projects.minPrice : projects.maxPrice, minPrice));
  if (propertyTypes?.length) conditions.push(inArray(projects.type, propertyTypes));
  if (transaction !== undefined) conditions.push(eq(projects.transactionTag, transaction));
  if (possession !== undefined) conditions.push(possessionIs(possession));
  if (bhk?.length) conditions.push(hasUnitOf(db, bhk, filters));
  if (text) conditions.push(textMatches(text));
  return and(...conditions);
}
