import { z } from 'zod';
import { IdInputSchema, MAX_ID } from './common.schema';
import { ItemSchema, ProjectSchema } from './project.schema';
import { FAVOURITE_ADDED_MESSAGE, FAVOURITE_REMOVED_MESSAGE } from './values';

// Decision 032: defined without zod for the web app's first screen; exported here as before.
export { FAVOURITE_ADDED_MESSAGE, FAVOURITE_REMOVED_MESSAGE };

/**
 * Favourites (spec §3 Favourite: projectId, userType, action; §4 favourite toggle; §6 users and brokers may add
 * and remove; §7 GET/POST /favourites/user and the legacy /usersrouts calls). The owner is always the signed-in
 * caller: `userType` must be the token's own kind, and the legacy calls' `userId`/`brokerId` the token's own id.
 */

/** spec §6: the kind is sent with favourite calls. */
export const FAVOURITE_USER_TYPES = ['user', 'broker'] as const;
export const FavouriteUserTypeSchema = z.enum(FAVOURITE_USER_TYPES);
export type FavouriteUserType = z.infer<typeof FavouriteUserTypeSchema>;

/** spec §7 GET /favourites/user `mode`: the ids only (the heart on every card), or the full public records (/wishlist). */
export const FAVOURITE_MODES = ['ids', 'data'] as const;
export const FavouriteModeSchema = z.enum(FAVOURITE_MODES);
export type FavouriteMode = z.infer<typeof FavouriteModeSchema>;

export const FAVOURITE_ACTIONS = ['add', 'remove'] as const;
export const FavouriteActionSchema = z.enum(FAVOURITE_ACTIONS);
export type FavouriteAction = z.infer<typeof FavouriteActionSchema>;

/** A favourite's project id in a JSON body. */
const ProjectIdSchema = z.number().int().positive().max(MAX_ID);

/**
 * GET /favourites/user?mode=ids|data&userType=user|broker. `mode` defaults to ids; `userType` defaults to the
 * caller's own kind and, when sent, must be it (403 otherwise).
 */
export const FavouritesQuerySchema = z.strictObject({
  mode: FavouriteModeSchema.default('ids'),
  userType: FavouriteUserTypeSchema.optional(),
});
export type FavouritesQuery = z.infer<typeof FavouritesQuerySchema>;

/**
 * mode=ids: project ids, newest favourite first (spec §4: an add goes to the front). Every favourite the caller
 * holds, including ones whose project has since gone off the site, so a remove still finds them.
 */
export const FavouriteIdsResponseSchema = z.object({
  success: z.literal(true),
  mode: z.literal('ids'),
  favourites: z.array(z.number().int()),
});
export type FavouriteIdsResponse = z.infer<typeof FavouriteIdsResponseSchema>;

/**
 * mode=data: the favourited projects as GET /project returns them, newest favourite first. A project that is no
 * longer public (unpublished, rejected, its builder or broker withdrawn) is left out.
 */
export const FavouriteDataResponseSchema = z.object({
  success: z.literal(true),
  mode: z.literal('data'),
  favourites: z.array(ProjectSchema),
});
export type FavouriteDataResponse = z.infer<typeof FavouriteDataResponseSchema>;

export const FavouritesResponseSchema = z.discriminatedUnion('mode', [FavouriteIdsResponseSchema, FavouriteDataResponseSchema]);
export type FavouritesResponse = z.infer<typeof FavouritesResponseSchema>;

/**
 * POST /favourites/user. Idempotent: adding a favourite twice keeps one, removing one that is not there is fine.
 * Only a public project can be added (404 naming projectId otherwise); any held favourite can be removed.
 * `item` (spec §3: 'project' by default) is accepted for the spec's client and not stored: the project row
 * already says what it is.
 */
export const FavouriteToggleSchema = z.strictObject({
  userType: FavouriteUserTypeSchema,
  action: FavouriteActionSchema,
  projectId: ProjectIdSchema,
  item: ItemSchema.optional(),
});
export type FavouriteToggle = z.infer<typeof FavouriteToggleSchema>;
export type FavouriteToggleInput = z.input<typeof FavouriteToggleSchema>;

export const FavouriteSchema = z.object({
  projectId: z.number().int(),
  userType: FavouriteUserTypeSchema,
  action: FavouriteActionSchema,
  /** Whether the project is now among the caller's favourites (true after add, false after remove). */
  favourited: z.boolean(),
});
export type Favourite = z.infer<typeof FavouriteSchema>;

export const FavouriteToggleResponseSchema = z.object({
  success: z.literal(true),
  /** 'Added to favorites' or 'Removed from favorites' (spec §4's toasts). */
  message: z.string(),
  favourite: FavouriteSchema,
});
export type FavouriteToggleResponse = z.infer<typeof FavouriteToggleResponseSchema>;

/**
 * spec §7 legacy POST /usersrouts/savingPropertiesOfUser: `userId` or `brokerId` (exactly one, and it must be
 * the caller's own id), `propertyId`, and `action` ('remove' removes; anything else saves, so 'add' is the
 * default). Answers like POST /favourites/user.
 */
export const SavePropertyLegacySchema = z
  .strictObject({
    userId: ProjectIdSchema.optional(),
    brokerId: ProjectIdSchema.optional(),
    propertyId: ProjectIdSchema,
    action: FavouriteActionSchema.default('add'),
  })
  .refine((body) => (body.userId === undefined) !== (body.brokerId === undefined), {
    message: 'send exactly one of userId and brokerId',
    path: ['userId'],
  });
export type SavePropertyLegacy = z.infer<typeof SavePropertyLegacySchema>;

/** spec §7 legacy GET /usersrouts/userData?brokerId=: the broker's own saved properties (the id must be the caller's). */
export const SavedPropertiesLegacyQuerySchema = z.strictObject({
  brokerId: IdInputSchema,
});
export type SavedPropertiesLegacyQuery = z.infer<typeof SavedPropertiesLegacyQuerySchema>;

/** `SavedProperties.propertiesSavedByThisBroker`: the same public records as mode=data, newest first. */
export const SavedPropertiesLegacyResponseSchema = z.object({
  success: z.literal(true),
  SavedProperties: z.object({
    propertiesSavedByThisBroker: z.array(ProjectSchema),
  }),
});
export type SavedPropertiesLegacyResponse = z.infer<typeof SavedPropertiesLegacyResponseSchema>;
