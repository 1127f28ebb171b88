import type { Database } from '@nivaas/db';

/** A readiness probe must answer quickly even when the database hangs, or the balancer's check times out instead. */
const PING_TIMEOUT_MS = 2_000;

export type Readiness =
  | { ready: true; database: Database['kind'] }
  | { ready: false; database: Database['kind']; reason: unknown };

export function createHealthService(database: Pick<Database, 'kind' | 'ping'>) {
  return {
    uptimeSeconds(): number {
      return Math.round(process.uptime());
    },

    async readiness(): Promise<Readiness> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`database ping took over ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([database.ping(), timeout]);
        return { ready: true, database: database.kind };
      } catch (reason) {
        return { ready: false, database: database.kind, reason };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
