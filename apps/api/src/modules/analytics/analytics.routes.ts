import {
  AnalyticsIdParamSchema,
  AnalyticsOverviewResponseSchema,
  AnalyticsRangeQuerySchema,
  BrokerAnalyticsResponseSchema,
  BrokerInsightsQuerySchema,
  BrokerInsightsResponseSchema,
  BrokerViewerSearchesQuerySchema,
  BrokerViewerSearchesResponseSchema,
  ProjectAnalyticsResponseSchema,
} from '@nivaas/contracts/analytics.schema';
import { ErrorResponseSchema } from '@nivaas/contracts/common.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireAuth } from '../../plugins/auth';
import type { AnalyticsService } from './analytics.service';

const tags = ['analytics'];
const refused = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export interface AnalyticsRoutesOptions {
  analytics: AnalyticsService;
}

/**
 * Issue 13: insights. A broker's own figures (GET /api/broker/insights, the /RemoteComponent remote) and the
 * provider's analytics (GET /api/admin/analytics/*, the /dashboard console). Mounted at /api. Every figure comes from
 * the rollups and the catalogue, leads and moderation tables (docs/decisions/017-analytics-read-model.md).
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (app, { analytics }) => {
  app.get(
    '/broker/insights',
    {
      // A user, the provider or a guest: 401/403 here; a pending broker: 403 from the service with the pending message.
      onRequest: requireAuth('broker'),
      schema: {
        tags,
        summary: "An approved broker's own listings over the last 7, 30 or 90 days: views, unique visitors, enquiries, leads by stage, daily series, listings seen but not enquired about, what their viewers searched for, moderation waits and remarks",
        querystring: BrokerInsightsQuerySchema,
        response: { 200: BrokerInsightsResponseSchema, ...refused },
      },
    },
    async (request) => ({ success: true as const, ...(await analytics.brokerInsights(principalOf(request), request.query.days)) }),
  );

  app.get(
    '/broker/insights/searches',
    {
      onRequest: requireAuth('broker'),
      schema: {
        tags,
        summary: "What the buyers who viewed an approved broker's own listings had searched for (BHK, budget band, locality and city), over the last 7, 30 or 90 days: per listing and over them all, from searches followed by a view (decision 030)",
        querystring: BrokerViewerSearchesQuerySchema,
        response: { 200: BrokerViewerSearchesResponseSchema, ...refused },
      },
    },
    async (request) => ({ success: true as const, ...(await analytics.brokerViewerSearches(principalOf(request), request.query.days)) }),
  );

  app.get(
    '/admin/analytics/overview',
    {
      onRequest: requireAuth('provider'),
      schema: {
        tags,
        summary: 'The whole site over a range of India days (default the last 30, at most 366): visits, sessions, unique visitors, sign-ins, enquiries, leads, view-to-enquiry rate, daily series, top projects, localities, cities, searches (and those that found nothing), sources, devices, the moderation queue age and decisions per day',
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: AnalyticsOverviewResponseSchema, ...refused },
      },
    },
    async (request) => ({ success: true as const, ...(await analytics.overview(request.query)) }),
  );

  app.get(
    '/admin/analytics/projects/:id',
    {
      onRequest: requireAuth('provider'),
      schema: {
        tags,
        summary: "One listing's funnel over a range: views, favourites, compares, enquiries, and views and enquiries per day",
        params: AnalyticsIdParamSchema,
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: ProjectAnalyticsResponseSchema, ...refused, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await analytics.project(request.params.id, request.query)) }),
  );

  app.get(
    '/admin/analytics/brokers/:id',
    {
      onRequest: requireAuth('provider'),
      schema: {
        tags,
        summary: "One broker's listings and leads over a range, as the broker's insights show them",
        params: AnalyticsIdParamSchema,
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: BrokerAnalyticsResponseSchema, ...refused, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await analytics.broker(request.params.id, request.query)) }),
  );
};
