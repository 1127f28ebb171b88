import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { createAuthBaseQuery } from '../../domain/auth/auth-base-query';

/**
 * Decision 028: on the server (no window) the hooks start their queries while rendering instead of in an effect,
 * which never runs there; entry-server.tsx renders until no query is left running, then once more with the data.
 */
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }),
);

/**
 * The one RTK Query slice. Features add their endpoints with `api.injectEndpoints` in one file per
 * endpoint, so a route's endpoints ship in that route's chunk.
 */
export const api = createApi({
  reducerPath: 'api',
  // spec §4/§8: bearer token on every call, one refresh per request on 401 (domain/auth/auth-base-query.ts).
  // An endpoint picks the broker's or user's slot with `extraOptions: { as: 'broker' }`.
  baseQuery: createAuthBaseQuery('/api'),
  // A response that breaks its contract becomes an ordinary error state (with a retry button)
  // instead of an exception thrown out of the hook.
  catchSchemaFailure: (error) => ({
    status: 'CUSTOM_ERROR' as const,
    error: `The server sent an unexpected ${error.schemaName}`,
    data: error.issues,
  }),
  onSchemaFailure: (error, info) => {
    console.warn(`Contract mismatch in ${info.endpoint}`, error.issues);
  },
  endpoints: () => ({}),
});
