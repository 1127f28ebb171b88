import type { AdminListQueryInput, PublicationInput } from '@nivaas/contracts/admin.schema';
import {
  AdminBuilderPageSchema,
  AdminBuilderResponseSchema,
  AdminCityPageSchema,
  AdminCityResponseSchema,
  AdminLocationPageSchema,
  AdminLocationResponseSchema,
  AdminProjectPageSchema,
  AdminProjectResponseSchema,
  AdminZonePageSchema,
  AdminZoneResponseSchema,
  type BuilderCreate,
  type BuilderPatch,
  type CityCreate,
  type CityPatch,
  type LocationCreate,
  type LocationPatch,
  type PlaceListQueryInput,
  type ProjectCreate,
  type ProjectPatch,
  type ZoneCreate,
  type ZonePatch,
} from '@nivaas/contracts/catalogue-admin.schema';
import { PhotoDeleteResponseSchema, PhotoUploadResponseSchema } from '@nivaas/contracts/upload.schema';
import type { ProviderApi } from './api-client';

/** The back-office calls of issue 14 part 1 (`/api/admin/builders|projects|cities|zones|locations`), one function each. */

function query(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (typeof value === 'string' || typeof value === 'number') if (value !== '') search.set(key, String(value));
  return search.toString();
}

export const listBuilders = (api: ProviderApi, q: AdminListQueryInput) => api.call(`/api/admin/builders?${query(q)}`, AdminBuilderPageSchema);
export const getBuilder = (api: ProviderApi, id: number) => api.call(`/api/admin/builders/${id}`, AdminBuilderResponseSchema);
export const createBuilder = (api: ProviderApi, body: BuilderCreate) => api.call('/api/admin/builders', AdminBuilderResponseSchema, { method: 'POST', body });
export const updateBuilder = (api: ProviderApi, id: number, body: BuilderPatch | PublicationInput) => api.call(`/api/admin/builders/${id}`, AdminBuilderResponseSchema, { method: 'PATCH', body });

export const listProjects = (api: ProviderApi, q: AdminListQueryInput) => api.call(`/api/admin/projects?${query(q)}`, AdminProjectPageSchema);
export const getProject = (api: ProviderApi, id: number) => api.call(`/api/admin/projects/${id}`, AdminProjectResponseSchema);
export const createProject = (api: ProviderApi, body: ProjectCreate) => api.call('/api/admin/projects', AdminProjectResponseSchema, { method: 'POST', body });
export const updateProject = (api: ProviderApi, id: number, body: ProjectPatch | PublicationInput) => api.call(`/api/admin/projects/${id}`, AdminProjectResponseSchema, { method: 'PATCH', body });
export const uploadProjectPhotos = (api: ProviderApi, id: number, form: FormData, onProgress: (fraction: number) => void) =>
  api.upload(`/api/admin/projects/${id}/photos`, form, PhotoUploadResponseSchema, onProgress);
export const deleteProjectPhoto = (api: ProviderApi, id: number, mediaId: number) => api.call(`/api/admin/projects/${id}/photos/${mediaId}`, PhotoDeleteResponseSchema, { method: 'DELETE' });

export const listCities = (api: ProviderApi, q: PlaceListQueryInput) => api.call(`/api/admin/cities?${query(q)}`, AdminCityPageSchema);
export const createCity = (api: ProviderApi, body: CityCreate) => api.call('/api/admin/cities', AdminCityResponseSchema, { method: 'POST', body });
export const listZones = (api: ProviderApi, q: PlaceListQueryInput) => api.call(`/api/admin/zones?${query(q)}`, AdminZonePageSchema);
export const createZone = (api: ProviderApi, body: ZoneCreate) => api.call('/api/admin/zones', AdminZoneResponseSchema, { method: 'POST', body });
export const listLocations = (api: ProviderApi, q: PlaceListQueryInput) => api.call(`/api/admin/locations?${query(q)}`, AdminLocationPageSchema);
export const createLocation = (api: ProviderApi, body: LocationCreate) => api.call('/api/admin/locations', AdminLocationResponseSchema, { method: 'POST', body });

/**
 * The by-name pickers' searches (components/records/record-picker.tsx): a few records whose name holds the text, with
 * the places each lies in, so a pick can fill the wider fields (a locality's zone and city).
 */
export const PICKER_LIMIT = 8;
type Ref = { id: number; name: string };
const within = (places: { cityId?: string; zoneId?: string }) => ({ ...(places.cityId ? { cityId: places.cityId } : {}), ...(places.zoneId ? { zoneId: places.zoneId } : {}) });

export const pickBuilders = async (api: ProviderApi, q: string) =>
  (await listBuilders(api, { q, limit: PICKER_LIMIT })).items.map((builder) => ({ id: builder.id, label: builder.name, detail: `${builder.projectCount.toLocaleString('en-IN')} projects` }));
export const pickCities = async (api: ProviderApi, q: string) => (await listCities(api, { q, limit: PICKER_LIMIT })).items.map((city) => ({ id: city.id, label: city.name, detail: city.state }));
export const pickZones = async (api: ProviderApi, q: string, places: { cityId?: string }): Promise<{ id: number; label: string; detail: string; city: Ref }[]> =>
  (await listZones(api, { q, limit: PICKER_LIMIT, ...within(places) })).items.map((zone) => ({ id: zone.id, label: zone.name, detail: zone.city.name, city: zone.city }));
export const pickLocations = async (api: ProviderApi, q: string, places: { cityId?: string; zoneId?: string }): Promise<{ id: number; label: string; detail: string; city: Ref; zone: Ref | null }[]> =>
  (await listLocations(api, { q, limit: PICKER_LIMIT, ...within(places) })).items.map((location) => ({ id: location.id, label: location.name, detail: `${location.zone?.name ?? 'No zone'}, ${location.city.name}`, city: location.city, zone: location.zone }));

/** Issue 14: a place switched on or off, and its banner (one photo, through the listings' pipeline). */
export const updateCity = (api: ProviderApi, id: number, body: CityPatch) => api.call(`/api/admin/cities/${id}`, AdminCityResponseSchema, { method: 'PATCH', body });
export const updateZone = (api: ProviderApi, id: number, body: ZonePatch) => api.call(`/api/admin/zones/${id}`, AdminZoneResponseSchema, { method: 'PATCH', body });
export const updateLocation = (api: ProviderApi, id: number, body: LocationPatch) => api.call(`/api/admin/locations/${id}`, AdminLocationResponseSchema, { method: 'PATCH', body });
const PLACE_RESPONSES = { cities: AdminCityResponseSchema, zones: AdminZoneResponseSchema, locations: AdminLocationResponseSchema };
export const uploadPlaceBanner = (api: ProviderApi, places: keyof typeof PLACE_RESPONSES, id: number, form: FormData, onProgress: (fraction: number) => void) =>
  api.upload(`/api/admin/${places}/${id}/banner`, form, PLACE_RESPONSES[places], onProgress);
