import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * Decision 032: an answer's contract, loaded when the first answer that needs it arrives. The contracts' schemas are
 * zod, and zod (25 kB gzip) plus the schemas' construction at import cost a phone about as much as React itself; a
 * server-rendered page's first screen arrives with its data already checked on the server (decision 028) and needs no
 * schema at all. RTK Query awaits a Standard Schema's `validate`, so this stands in for the schema and loads it then.
 *
 * A failed check stays an ordinary error state (api-slice.ts `catchSchemaFailure`); a contract that cannot be
 * downloaded (offline, a deploy removed the chunk) fails the request with that reason and is tried again on retry.
 */
export function lazyContract<Input, Output>(load: () => Promise<StandardSchemaV1<Input, Output>>): StandardSchemaV1<Input, Output> {
  let loading: Promise<StandardSchemaV1<Input, Output>> | undefined;
  return {
    '~standard': {
      version: 1,
      vendor: 'nivaas-lazy-contract',
      async validate(value) {
        loading ??= load();
        let schema: StandardSchemaV1<Input, Output>;
        try {
          schema = await loading;
        } catch (error) {
          loading = undefined;
          throw error;
        }
        return schema['~standard'].validate(value);
      },
    },
  };
}
