import { z } from 'zod';

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
});

export const ReadyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});
