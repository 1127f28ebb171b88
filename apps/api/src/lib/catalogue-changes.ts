import type { Database } from '@nivaas/db';

/** The database channel the catalogue tables announce committed writes on (migration 0004). */
export const CATALOGUE_CHANNEL = 'nivaas_catalogue';

export interface CatalogueChangeHandlers {
  /** A committed write to a catalogue table of this app's schema; `table` is its name (without the schema). */
  onChange(table: string): void;
  /** The notice connection is down (PostgreSQL): nothing may be kept until it is back. */
  onLost(): void;
  /** The notice connection is back; what was kept before it went down may be stale. */
  onRestored(): void;
}

export interface CatalogueChanges {
  /** Resolves once listening; the returned function stops. */
  subscribe(handlers: CatalogueChangeHandlers): Promise<() => Promise<void>>;
}

/**
 * "The catalogue changed", for the caches of public answers (the response cache, the chat's answers): every committed
 * write to a catalogue table sends NOTIFY (a statement-level trigger) whose payload is 'schema.table'; another schema
 * in the same PostgreSQL database is another catalogue, so its notices are ignored.
 */
export function createCatalogueChanges(database: Pick<Database, 'listen' | 'tablesSchema'>): CatalogueChanges {
  const ourSchema = `${database.tablesSchema}.`;
  return {
    subscribe: ({ onChange, onLost, onRestored }) =>
      database.listen(CATALOGUE_CHANNEL, {
        onNotify: (payload) => {
          if (payload.startsWith(ourSchema)) onChange(payload.slice(ourSchema.length));
        },
        onLost,
        onRestored,
      }),
  };
}

/**
 * The handlers for a cache of catalogue answers: it is emptied on every notice, and keeps nothing while the notice
 * connection is down (`keeping()` is false then), since a change it would not hear of could be shown from it.
 */
export function forgetOnChange(forget: (table?: string) => void): CatalogueChangeHandlers & { keeping(): boolean } {
  let keeping = true;
  return {
    keeping: () => keeping,
    onChange: forget,
    onLost: () => {
      keeping = false;
      forget();
    },
    onRestored: () => {
      forget();
      keeping = true;
    },
  };
}
