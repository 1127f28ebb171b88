import type { Project } from '@nivaas/contracts/project.schema';
import type { CatalogueChanges } from '../lib/catalogue-changes';
import type { CitiesService } from '../modules/cities/cities.service';
import type { PlacesService } from '../modules/places/places.service';
import type { ProjectsService } from '../modules/projects/projects.service';
import { createChatAnswerCache } from './chat-answer-cache';
import type { CatalogueQuery, ChatCatalogue, PlaceRef } from './chat.engine';

/** A Contact message names one listing; a few candidates are enough to find it. */
const NAME_CANDIDATES = 10;
/** Answers kept until the catalogue changes (a search page is a few KB). */
const KEPT_ANSWERS = 5_000;

type SearchAnswer = { projects: Project[]; total: number; hasMore: boolean };

/** The module services the chat reads the catalogue through (built once by the composition root). */
export interface ChatCatalogueServices {
  projects: Pick<ProjectsService, 'list' | 'resolveText'>;
  cities: Pick<CitiesService, 'namesWithListings'>;
  places: Pick<PlacesService, 'localitiesWithItems'>;
  catalogueChanges: CatalogueChanges;
}

/**
 * The chat's view of the live catalogue, through the projects, cities and places modules' own services (the same
 * visibility rule, filters and SQL as the site's lists and search), so the chat never shows what the site hides.
 */
export async function createChatCatalogue({ projects, cities, places, catalogueChanges }: ChatCatalogueServices): Promise<ChatCatalogue & { close(): Promise<void> }> {
  const answers = await createChatAnswerCache(catalogueChanges, { maxEntries: KEPT_ANSWERS });

  return {
    cities: () => answers.get('cities', (): Promise<PlaceRef[]> => cities.namesWithListings()),

    localities: (cityId, limit) => answers.get(`areas:${cityId}:${limit}`, (): Promise<PlaceRef[]> => places.localitiesWithItems(cityId, limit)),

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
