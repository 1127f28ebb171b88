import { z } from 'zod';
import { IdInputSchema, MAX_ID, multiLineText, PageQuerySchema, PaginationSchema, singleLineText, StatusSchema } from './common.schema';
import { ProjectSchema, PropertyTypeSchema, TransactionTagSchema } from './project.schema';
import { RupeesInputSchema } from './rupees.schema';

/**
 * Issue 5: a user's or broker's own listings. Uploading (`POST /api/project/upload`, `PUT /api/project/upload/{id}`),
 * photos (`POST /api/project/upload/{id}/photos`, `DELETE /api/project/upload/{id}/photos/{mediaId}`), the owner's
 * views (`GET /api/project?brokerId=` with the broker's own token, `GET /api/project/mine`,
 * `GET /api/project/upload/{id}`) and the display toggle (`PATCH /api/project/publish/{id}`, spec §7).
 *
 * Who owns a listing, its approval and its status are never read from a body: the schemas are strict, so a client
 * adding `approval`, `status`, `ownerId`, `brokerId` or `builderId` gets a 400 naming the field.
 */

/** spec §3 Unit furnishing and facing, as the catalogue stores them (packages/db enums). */
export const FURNISHINGS = ['Unfurnished', 'Semi-Furnished', 'Fully Furnished'] as const;
export const FurnishingSchema = z.enum(FURNISHINGS);
export type Furnishing = z.infer<typeof FurnishingSchema>;

export const FACINGS = ['East', 'West', 'North', 'South', 'North-East', 'North-West', 'South-East', 'South-West'] as const;
export const FacingSchema = z.enum(FACINGS);
export type Facing = z.infer<typeof FacingSchema>;

export const LISTING_NAME_MIN = 3;
export const LISTING_NAME_MAX = 120;
export const LISTING_DESCRIPTION_MAX = 5_000;
export const LISTING_UNITS_MAX = 20;
export const LISTING_TAGS_MAX = 10;
export const LISTING_TAG_MAX = 40;
/** Square feet: above this an area is a typo (a hundred acres). */
export const MAX_EXTERIOR_AREA = 5_000_000;

const line = (max: number, label: string) => singleLineText({ error: `${label} is required`, label }).max(max, `${label} must be at most ${max} characters`);

/** An area typed in a form arrives as text ('1,250' or '1250 sq ft'); a JSON number passes the same checks. */
const AreaInputSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value.trim().toLowerCase().replace(/,/g, '').replace(/\s*(?:sq\.?\s*ft\.?|sqft|square feet)$/, '');
  const area = Number(text);
  if (text === '' || !Number.isInteger(area) || area <= 0 || area > MAX_EXTERIOR_AREA) {
    ctx.addIssue({ code: 'custom', message: 'must be a whole number of square feet, e.g. 1250' });
    return z.NEVER;
  }
  return area;
});

/**
 * spec §3 Unit: type (bedroom count or word), minPrice, maxPrice (numbers or strings with currency symbols: '₹ 85,00,000'
 * and '85 lakh' are read as 8500000 rupees), facing, exteriorArea (square feet), floors, furnishing.
 */
export const UploadUnitSchema = z
  .strictObject({
    type: line(20, 'Unit type').min(1, 'Unit type is required'),
    minPrice: RupeesInputSchema,
    maxPrice: RupeesInputSchema,
    facing: FacingSchema.nullish(),
    exteriorArea: AreaInputSchema.nullish(),
    floors: line(40, 'Floor').nullish(),
    furnishing: FurnishingSchema.nullish(),
  })
  .refine((unit) => unit.minPrice <= unit.maxPrice, { message: 'must not be below minPrice', path: ['maxPrice'] });
export type UploadUnitInput = z.input<typeof UploadUnitSchema>;
export type UploadUnit = z.output<typeof UploadUnitSchema>;

/**
 * `POST /api/project/upload` and `PUT /api/project/upload/{id}` (the whole listing each time: the form sends every
 * step). The place is picked from the catalogue: the locality must exist and lie in the city (and the zone, when one
 * is given); `zoneId` may be left out and is then taken from the locality.
 */
export const ListingUploadSchema = z.strictObject({
  name: line(LISTING_NAME_MAX, 'Name').min(LISTING_NAME_MIN, `Name must be at least ${LISTING_NAME_MIN} characters`),
  type: PropertyTypeSchema,
  transactionTag: TransactionTagSchema,
  description: multiLineText({ label: 'Description' })
    .max(LISTING_DESCRIPTION_MAX, `Description must be at most ${LISTING_DESCRIPTION_MAX} characters`)
    .nullish(),
  cityId: z.coerce.number().int().positive().max(MAX_ID),
  zoneId: z.coerce.number().int().positive().max(MAX_ID).nullish(),
  locationId: z.coerce.number().int().positive().max(MAX_ID),
  units: z.array(UploadUnitSchema).min(1, 'Add at least one unit').max(LISTING_UNITS_MAX, `At most ${LISTING_UNITS_MAX} units`),
  tags: z.array(line(LISTING_TAG_MAX, 'Tag').min(1, 'Tag is empty')).max(LISTING_TAGS_MAX, `At most ${LISTING_TAGS_MAX} tags`).optional(),
});
export type ListingUploadInput = z.input<typeof ListingUploadSchema>;
export type ListingUpload = z.output<typeof ListingUploadSchema>;

/** An uploaded photo as its owner manages it: the gallery image (`url`), the card-sized one, and the id to delete it by. */
export const ListingPhotoSchema = z.object({
  id: z.number().int(),
  /** The gallery variant (1280 px wide at most), WebP. Also the listing's `medias[].url`. */
  url: z.string(),
  /** The card variant (480 px wide at most), WebP. */
  cardUrl: z.string(),
  position: z.number().int(),
});
export type ListingPhoto = z.infer<typeof ListingPhotoSchema>;

/**
 * A listing as its owner (or the provider) sees it: every state, with remarks (spec §3: a map of ISO time to message),
 * approval, status and updatedAt, plus the photos with their ids.
 */
export const OwnerListingSchema = ProjectSchema.extend({
  createdAt: z.string(),
  photos: z.array(ListingPhotoSchema),
});
export type OwnerListing = z.infer<typeof OwnerListingSchema>;

/**
 * The answer to an upload or an edit. `message` says what happened, e.g. that an edited live listing went back to
 * pending review and off the site.
 */
export const ListingUploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  project: OwnerListingSchema,
});
export type ListingUploadResponse = z.infer<typeof ListingUploadResponseSchema>;

export const ListingIdParamSchema = z.object({ id: IdInputSchema });
export const ListingPhotoParamsSchema = z.object({ id: IdInputSchema, mediaId: IdInputSchema });

/** Photos: at most 20 per listing and 10 MB each (issue 5). */
export const MAX_LISTING_PHOTOS = 20;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The image formats a photo may be in, read from its bytes (never its name or Content-Type). */
export const PHOTO_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'heic'] as const;
/** The multipart field name the photos come under (any field name is accepted; this is the one the web app uses). */
export const PHOTO_FIELD = 'photos';

export const AcceptedPhotoSchema = ListingPhotoSchema.extend({
  /** The file's name as sent, so the form can tick it off. */
  fileName: z.string(),
});
export type AcceptedPhoto = z.infer<typeof AcceptedPhotoSchema>;

export const RejectedPhotoSchema = z.object({
  fileName: z.string(),
  /** Why, in words for the uploader: 'holiday.jpg is not a JPEG, PNG, WebP, HEIC or AVIF image'. */
  reason: z.string(),
});
export type RejectedPhoto = z.infer<typeof RejectedPhotoSchema>;

/**
 * `POST /api/project/upload/{id}/photos` (multipart): 200 when every file was kept, 207 when some were refused;
 * when none was kept, 422 with an ErrorResponse whose message gives every file's reason (issue 10). Refused files
 * store nothing; kept ones are stored whatever happened to the others. An edit of photos
 * is an edit: the listing goes back to pending review (and off the site) like any other edit.
 */
export const PhotoUploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  accepted: z.array(AcceptedPhotoSchema),
  rejected: z.array(RejectedPhotoSchema),
  /** Every photo of the listing now, in order. */
  photos: z.array(ListingPhotoSchema),
  approval: ProjectSchema.shape.approval,
  status: StatusSchema,
});
export type PhotoUploadResponse = z.infer<typeof PhotoUploadResponseSchema>;

export const PhotoDeleteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  photos: z.array(ListingPhotoSchema),
  approval: ProjectSchema.shape.approval,
  status: StatusSchema,
});
export type PhotoDeleteResponse = z.infer<typeof PhotoDeleteResponseSchema>;

/**
 * spec §2 dashboard counters: Total Uploads, Rejected, Pending, Approved (approved and not live), Live (approved and
 * active), over ALL of the owner's listings whatever page is shown.
 */
export const OwnerCountersSchema = z.object({
  total: z.number().int(),
  rejected: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  live: z.number().int(),
});
export type OwnerCounters = z.infer<typeof OwnerCountersSchema>;

/** `GET /api/project/mine`: page (from 1) and limit (30, spec §9 'dashboard 30'), newest change first. */
export const OwnerListingsQuerySchema = PageQuerySchema;
export type OwnerListingsQuery = z.infer<typeof OwnerListingsQuerySchema>;

/**
 * The owner's listings, newest change first (updatedAt, then id), with the five counters. `GET /api/project?brokerId=`
 * with that broker's own token (and no status/approval filter) answers this same shape.
 */
export const OwnerListingsResponseSchema = z.object({
  success: z.literal(true),
  projects: z.array(ProjectSchema),
  pagination: PaginationSchema,
  counters: OwnerCountersSchema,
});
export type OwnerListingsResponse = z.infer<typeof OwnerListingsResponseSchema>;

export const OwnerListingResponseSchema = z.object({
  success: z.literal(true),
  project: OwnerListingSchema,
});
export type OwnerListingResponse = z.infer<typeof OwnerListingResponseSchema>;

/** spec §7 PATCH /project/publish/{id}: body status (active or inactive), bearer token; approved listings only. */
export const PublishBodySchema = z.strictObject({ status: StatusSchema });
export type PublishBody = z.infer<typeof PublishBodySchema>;

export const PublishResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  project: z.object({
    id: z.number().int(),
    status: StatusSchema,
    approval: ProjectSchema.shape.approval,
    updatedAt: z.string(),
  }),
});
export type PublishResponse = z.infer<typeof PublishResponseSchema>;
