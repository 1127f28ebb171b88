import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import {
  MAX_TRACKING_BODY_BYTES,
  TrackEventBatchSchema,
  TrackEventResponseSchema,
  TrackSessionEndSchema,
  TrackSessionStartResponseSchema,
  TrackSessionStartSchema,
} from '@nivaas/contracts/tracking.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MetricsRecorder } from '../../plugins/metrics';
import type { RequestFacts, TrackingService } from './tracking.service';

export interface TrackingRoutesOptions {
  tracking: TrackingService;
  /** Events stored and duplicated, and batches answered with an error (plugins/metrics.ts). */
  metrics?: Pick<MetricsRecorder, 'eventsIngested' | 'eventBatchRefused'>;
}

/** A body that is not JSON, whatever its Content-Type said: the client's fault, named as such. */
class UnreadableBodyError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_CTP_INVALID_JSON_BODY';
  constructor() {
    super('Invalid body: it is not valid JSON');
  }
}

function factsOf(request: FastifyRequest): RequestFacts {
  return { principal: request.principal, ip: request.ip, userAgent: request.headers['user-agent'], host: request.host };
}

const ERRORS = { 400: ErrorResponseSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema, 429: ErrorResponseSchema };

/**
 * spec §7's tracking calls under /api/track (issue 12). All three are open: a guest sends them, and the final
 * navigator.sendBeacon can carry no Authorization header. A bearer that verifies names the visitor; one that does not
 * is a guest, never a 401, so an expired token never loses a visit's events.
 */
export const trackingRoutes: FastifyPluginAsyncZod<TrackingRoutesOptions> = async (app, { tracking, metrics }) => {
  // navigator.sendBeacon(url, string) and fetch keepalive with a string body arrive as text/plain: read them as JSON.
  // Registered inside this plugin, so no other route of the API starts accepting text/plain.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: MAX_TRACKING_BODY_BYTES }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new UnreadableBodyError(), undefined);
    }
  });

  const common = { bodyLimit: MAX_TRACKING_BODY_BYTES, config: { limits: 'tracking' as const } };
  // Whatever refused a batch (its body, its size, its type, the rate limit, the database), it ends here.
  const onEventResponse = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode >= 400) metrics?.eventBatchRefused(reply.statusCode);
  };

  app.post(
    '/track/session/start',
    {
      ...common,
      schema: {
        tags: ['tracking'],
        summary: "Start a visit (spec §3's session payload). Identity comes from the bearer token and the address from the request; the payload's claims of either are ignored.",
        body: TrackSessionStartSchema,
        response: { 201: TrackSessionStartResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const sessionId = await tracking.startSession(request.body, factsOf(request));
      return reply.code(201).send({ success: true as const, sessionId });
    },
  );

  app.post(
    '/track/event',
    {
      ...common,
      onResponse: onEventResponse,
      schema: {
        tags: ['tracking'],
        summary:
          'Store a batch of 1 to 50 events (JSON or a text/plain beacon body, at most 64 KB). Answers 202 once they are committed; an event id sent before is not stored again.',
        body: TrackEventBatchSchema,
        response: { 202: TrackEventResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await tracking.recordEvents(request.body, factsOf(request));
      metrics?.eventsIngested(outcome);
      return reply.code(202).send({ success: true as const, ...outcome });
    },
  );

  app.put(
    '/track/session/end',
    {
      ...common,
      schema: {
        tags: ['tracking'],
        summary: 'End a visit with its exit page. A session the server never saw (a local id) answers 204 too.',
        body: TrackSessionEndSchema,
        response: { 204: z.null().describe('Ended, or nothing to end'), ...ERRORS },
      },
    },
    async (request, reply) => {
      await tracking.endSession(request.body);
      return reply.code(204).send(null);
    },
  );
};
