import { z } from 'zod';
import { adminItemSchema, adminPageSchema, publicationFields, PublicationSchema, requireRejectionRemark, SlugSchema } from './admin.schema';
import { IdInputSchema, MAX_ID, MediaSchema, multiLineText, NamedRefSchema, singleLineText, StatusSchema } from './common.schema';
import { PropertyTypeSchema, TransactionTagSchema } from './project.schema';
import { LISTING_TAG_MAX, LISTING_TAGS_MAX, LISTING_UNITS_MAX, OwnerListingSchema, UploadUnitSchema } from './upload.schema';

/**
 * Issue 14 (part 1): the provider's writes to builders, projects (with units and photos) and places, under
 * `/api/admin/...`, provider only. Field names are the public reads' (builder `logo`, project `units[].minPrice`,
 * `transactionTag`, `possessionDate`, `reraNumber`, `amenities`). Bodies are strict: an unknown field is a 400
 * naming it. PATCH bodies take any subset; a project's `units`, when sent, replace all of its units.
 */

const line = (max: number, label: string) => singleLineText({ error: `${label} is required`, label }).max(max, `${label} must be at most ${max} characters`);
const text = (max: number, label: string) => multiLineText({ label }).max(max, `${label} must be at most ${max} characters`);
const ref = z.coerce.number({ error: 'must be an id' }).int().positive().max(MAX_ID);
const thisYear = new Date().getUTCFullYear();

// Builders ----------------------------------------------------------------------------------------------------------

const builderFields = {
  name: line(120, 'Name').min(2, 'Name must be at least 2 characters'),
  slug: SlugSchema.optional(),
  logo: z.url({ error: 'Logo must be a web address (https://...)' }).max(2_000).nullish(),
  description: text(5_000, 'Description').nullish(),
  establishedYear: z.coerce.number().int().min(1800, 'Year must be 1800 or later').max(thisYear, `Year must be ${thisYear} or earlier`).nullish(),
};

/** `POST /api/admin/builders`: a new builder is a draft (inactive, pending) unless the body says otherwise. */
export const BuilderCreateSchema = z.strictObject({ ...builderFields, ...publicationFields }).superRefine(requireRejectionRemark);
export type BuilderCreate = z.infer<typeof BuilderCreateSchema>;
export type BuilderCreateInput = z.input<typeof BuilderCreateSchema>;

/** `PATCH /api/admin/builders/{id}`: any subset of the fields. */
export const BuilderPatchSchema = z
  .strictObject({ ...builderFields, name: builderFields.name.optional(), ...publicationFields })
  .superRefine(requireRejectionRemark);
export type BuilderPatch = z.infer<typeof BuilderPatchSchema>;

export const AdminBuilderSchema = PublicationSchema.extend({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  description: z.string().nullable(),
  establishedYear: z.number().int().nullable(),
  /** Every project of the builder, whatever its state. */
  projectCount: z.number().int(),
  updatedAt: z.string(),
});
export type AdminBuilder = z.infer<typeof AdminBuilderSchema>;
export const AdminBuilderPageSchema = adminPageSchema(AdminBuilderSchema);
export const AdminBuilderResponseSchema = adminItemSchema(AdminBuilderSchema);
export type AdminBuilderResponse = z.infer<typeof AdminBuilderResponseSchema>;

// Projects ----------------------------------------------------------------------------------------------------------

export const AMENITIES_MAX = 40;

const projectFields = {
  name: line(120, 'Name').min(3, 'Name must be at least 3 characters'),
  type: PropertyTypeSchema,
  builderId: ref.nullish(),
  cityId: ref,
  /** Taken from the locality when left out. */
  zoneId: ref.nullish(),
  locationId: ref,
  description: text(5_000, 'Description').nullish(),
  tags: z.array(line(LISTING_TAG_MAX, 'Tag').min(1, 'Tag is empty')).max(LISTING_TAGS_MAX, `At most ${LISTING_TAGS_MAX} tags`).optional(),
  transactionTag: TransactionTagSchema.nullish(),
  /** 'YYYY-MM-DD'. */
  possessionDate: z.iso.date({ error: 'Possession date must be a date like 2027-03-31' }).nullish(),
  reraNumber: line(60, 'RERA number').nullish(),
  amenities: z.array(line(60, 'Amenity').min(1, 'Amenity is empty')).max(AMENITIES_MAX, `At most ${AMENITIES_MAX} amenities`).optional(),
  units: z.array(UploadUnitSchema).min(1, 'Add at least one unit').max(LISTING_UNITS_MAX, `At most ${LISTING_UNITS_MAX} units`),
};

/**
 * `POST /api/admin/projects`: a builder's project (item 'project') with its units. The locality must exist and lie
 * in the city (and the zone, when given); the builder must exist. Also the row format of the bulk import.
 */
export const ProjectCreateSchema = z.strictObject({ ...projectFields, ...publicationFields }).superRefine(requireRejectionRemark);
export type ProjectCreate = z.infer<typeof ProjectCreateSchema>;
export type ProjectCreateInput = z.input<typeof ProjectCreateSchema>;

/** `PATCH /api/admin/projects/{id}`: any subset; `units` replace every unit when sent. */
export const ProjectPatchSchema = z
  .strictObject({
    ...projectFields,
    name: projectFields.name.optional(),
    type: projectFields.type.optional(),
    cityId: projectFields.cityId.optional(),
    locationId: projectFields.locationId.optional(),
    units: projectFields.units.optional(),
    ...publicationFields,
  })
  .superRefine(requireRejectionRemark);
export type ProjectPatch = z.infer<typeof ProjectPatchSchema>;

/** A project as the provider edits it: the public fields in any state, its photos with ids, and `isPublic`. */
export const AdminProjectSchema = OwnerListingSchema.extend({ isPublic: z.boolean() });
export type AdminProject = z.infer<typeof AdminProjectSchema>;
export const AdminProjectPageSchema = adminPageSchema(AdminProjectSchema);
export const AdminProjectResponseSchema = adminItemSchema(AdminProjectSchema);
export type AdminProjectResponse = z.infer<typeof AdminProjectResponseSchema>;

/** `POST /api/admin/projects/{id}/photos`: the role the uploaded photos take (a multipart field before the files). */
export const PROJECT_PHOTO_ROLES = ['gallery', 'banner', 'logo'] as const;
export const ProjectPhotoRoleSchema = z.enum(PROJECT_PHOTO_ROLES);
export type ProjectPhotoRole = z.infer<typeof ProjectPhotoRoleSchema>;

export const AdminPhotoParamsSchema = z.object({ id: IdInputSchema, mediaId: IdInputSchema });

// Places ------------------------------------------------------------------------------------------------------------

const cityFields = {
  name: line(80, 'Name').min(2, 'Name must be at least 2 characters'),
  slug: SlugSchema.optional(),
  state: line(80, 'State').min(2, 'State must be at least 2 characters'),
  /** Display order (Bengaluru first); new cities go last when left out. */
  position: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Issue 14: inactive hides the place's page and its name from lists and search (projects keep their own state). */
  status: StatusSchema.optional(),
};
export const CityCreateSchema = z.strictObject(cityFields);
export type CityCreate = z.infer<typeof CityCreateSchema>;
export const CityPatchSchema = z.strictObject({ ...cityFields, name: cityFields.name.optional(), state: cityFields.state.optional() });
export type CityPatch = z.infer<typeof CityPatchSchema>;

const zoneFields = { cityId: ref, name: line(80, 'Name').min(2, 'Name must be at least 2 characters'), slug: SlugSchema.optional(), status: StatusSchema.optional() };
export const ZoneCreateSchema = z.strictObject(zoneFields);
export type ZoneCreate = z.infer<typeof ZoneCreateSchema>;
export const ZonePatchSchema = z.strictObject({ name: zoneFields.name.optional(), slug: SlugSchema.optional(), status: StatusSchema.optional() });
export type ZonePatch = z.infer<typeof ZonePatchSchema>;

const coordinate = (label: string, limit: number) => z.coerce.number({ error: `${label} must be a number` }).min(-limit, `${label} must be at least -${limit}`).max(limit, `${label} must be at most ${limit}`);
const locationFields = {
  cityId: ref,
  zoneId: ref.nullish(),
  name: line(80, 'Name').min(2, 'Name must be at least 2 characters'),
  slug: SlugSchema.optional(),
  lat: coordinate('Latitude', 90).nullish(),
  lng: coordinate('Longitude', 180).nullish(),
  status: StatusSchema.optional(),
};
/** A locality lies in its city, and in its zone when given (the zone must be of the same city). */
export const LocationCreateSchema = z.strictObject(locationFields);
export type LocationCreate = z.infer<typeof LocationCreateSchema>;
export const LocationPatchSchema = z.strictObject({ zoneId: locationFields.zoneId, name: locationFields.name.optional(), slug: SlugSchema.optional(), lat: locationFields.lat, lng: locationFields.lng, status: StatusSchema.optional() });
export type LocationPatch = z.infer<typeof LocationPatchSchema>;

export const AdminCitySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), state: z.string(), position: z.number().int(), status: StatusSchema, medias: z.array(MediaSchema), zoneCount: z.number().int(), locationCount: z.number().int() });
export type AdminCity = z.infer<typeof AdminCitySchema>;
export const AdminZoneSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), status: StatusSchema, bannerUrl: z.string().nullable(), city: NamedRefSchema, locationCount: z.number().int() });
export type AdminZone = z.infer<typeof AdminZoneSchema>;
export const AdminLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: StatusSchema,
  bannerUrl: z.string().nullable(),
  city: NamedRefSchema,
  zone: NamedRefSchema.nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  projectCount: z.number().int(),
});
export type AdminLocation = z.infer<typeof AdminLocationSchema>;

export const AdminCityPageSchema = adminPageSchema(AdminCitySchema);
export const AdminCityResponseSchema = adminItemSchema(AdminCitySchema);
export const AdminZonePageSchema = adminPageSchema(AdminZoneSchema);
export const AdminZoneResponseSchema = adminItemSchema(AdminZoneSchema);
export const AdminLocationPageSchema = adminPageSchema(AdminLocationSchema);
export const AdminLocationResponseSchema = adminItemSchema(AdminLocationSchema);

/** `GET /api/admin/zones|locations`: narrowed to one city (and zone) besides the name search. */
export const PlaceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  q: singleLineText({ label: 'Search' }).max(100, 'Search must be at most 100 characters').optional(),
  cityId: IdInputSchema.optional(),
  zoneId: IdInputSchema.optional(),
});
export type PlaceListQuery = z.infer<typeof PlaceListQuerySchema>;
export type PlaceListQueryInput = z.input<typeof PlaceListQuerySchema>;
