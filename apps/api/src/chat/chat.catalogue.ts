import type { Database } from '@nivaas/db';
import type { Project } from '@nivaas/contracts/project.schema';
import { createCitiesRepository } from '../modules/cities/cities.repository';
import { createPlacesRepository } from '../modules/places/places.repository';
import { createProjectsRepository } from '../modules/projects/projects.repository';
import { createProjectsService } from '../modules/projects/projects.service';
import { createChatAnswerCache } from './chat-answer-cache';
import type { CatalogueQuery, ChatCatalogue, PlaceRef } from './chat.engine';

const MAX_CITIES = 50;
/** A Contact message names one listing; a few candidates are enough to find it. */
const NAME_CANDIDATES = 10;
/** Answers kept until the catalogue changes (a search page is a few KB). */
const KEPT_ANSWERS = 5_000;

type SearchAnswer = { projects: Project[]; total: number; hasMore: boolean };

/**
 * The chat's view of the live catalogue, through the projects, cities and places modules' own reads (the same
 * visibility rule, filters and SQL as the site's lists and search), so the chat never shows what the site hides.
 */
export async function createChatCatalogue(database: Database): Promise<ChatCatalogue & { close(): Promise<void> }> {
  const { db } = database;
  const answers = await createChatAnswerCache(database, { maxEntries: KEPT_ANSWERS });
  const projects = createProjectsService(createProjectsRepository(db));
  const cities = createCitiesRepository(db);
  const places = createPlacesRepository(db);

  return {
    cities: () => answers.get('cities', async (): Promise<PlaceRef[]> => (await cities.listPage(0, MAX_CITIES)).map(({ id, name }) => ({ id, name }))),

    localities: (cityId, limit) =>
      answers.get(`areas:${cityId}:${limit}`, async (): Promise<PlaceRef[]> =>
        (await places.listLocations({ cityId, zoneId: undefined }, 0, limit)).filter((row) => row.projectCount + row.listingCount > 0).map(({ id, name }) => ({ id, name })),
      ),

    resolve: (text) => answers.get(`words:${text}`, async () => (await projects.resolveText(text)).hits),

    search: (query: CatalogueQuery) => answers.get(`search:${JSON.stringify(query)}`, () => search(query)),

    async findByName(name) {
      const { projects: found } = await projects.list({ search: name.slice(0, 100), sort: 'price_asc', page: 1, limit: NAME_CANDIDATES });
      return found;
    },

    close: () => answers.close(),
  };

  async function search(query: CatalogueQuery): Promise<SearchAnswer> {
    const { projects: found, pagination } = await projects.list({
      cityId: query.cityId,
      zoneId: query.zoneId,
      locationId: query.locationId,
      builderId: query.builderId,
      bhk: query.bhk.length > 0 ? query.bhk : undefined,
      propertyType: query.propertyTypes.length > 0 ? query.propertyTypes : undefined,
      minPrice: query.minPrice ?? undefined,
      maxPrice: query.maxPrice ?? undefined,
      possession: query.possession ?? undefined,
      sort: 'price_asc',
      page: query.page,
      limit: query.limit,
    });
    return { projects: found, total: pagination.total, hasMore: pagination.hasMore };
  }
}
