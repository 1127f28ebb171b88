/**
 * Decision 032: the plain values (lists, limits, the server's fixed messages) that the web app's first screen reads,
 * in a file without zod. The schema files build on them and re-export them, so every other import stays as it was;
 * importing one of them from a `*.schema.ts` file would load zod and build that file's schemas on a phone's first
 * load. Add a value here only when the first screen needs it.
 */

/** spec §9: lists page from 1, 30 at a time unless a screen says otherwise. */
export const DEFAULT_PAGE_SIZE = 30;

/** spec §3: every property type the catalogue knows. */
export const PROPERTY_TYPES = ['apartment', 'villa', 'plot', 'residentialhouse', 'pent house', 'studio'] as const;
export const TRANSACTION_TAGS = ['New Booking', 'Resale'] as const;
export const POSSESSIONS = ['ready', 'under-construction', 'upcoming'] as const;
export const MAX_BHK = 10;
/** Longest free text a list or search accepts: enough for any real query, too short to be a load. */
export const MAX_SEARCH_TEXT = 100;
/** How many similar projects a details page shows. */
export const SIMILAR_PROJECTS_LIMIT = 8;

/** spec §9: blogs page 10 at a time. */
export const BLOG_PAGE_SIZE = 10;

export const SAVED_SEARCH_NAME_MAX = 80;

export const LOGOUT_MESSAGE = 'Logged out successfully!';
/** spec §4 toasts, sent back so a client can show the server's words. */
export const FAVOURITE_ADDED_MESSAGE = 'Added to favorites';
export const FAVOURITE_REMOVED_MESSAGE = 'Removed from favorites';
