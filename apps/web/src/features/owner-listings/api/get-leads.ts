import type { LeadsByProjectQuerySchema, MyLeadsQuerySchema, OwnerLeadsResponse } from '@nivaas/contracts/lead.schema';
import type { z } from 'zod';
import type { LoginRole } from '../../../domain/auth/stored-login';
import { ownerApi } from './owner-api';
import { lazyContract } from '../../../lib/api/lazy-contract';

/** The leads page asks for up to this many at once (the API's own page cap is 100). */
export const LEADS_PAGE_SIZE = 100;

const endpoints = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    /** spec §7 GET /lead?projectId: the leads on one of the owner's listings (a card's leads panel). */
    getProjectLeads: build.query<OwnerLeadsResponse, Pick<z.output<typeof LeadsByProjectQuerySchema>, 'projectId'> & { role: LoginRole }>({
      query: ({ projectId, role }) => ({ url: '/lead', params: { projectId, limit: LEADS_PAGE_SIZE }, as: role }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/lead.schema')).OwnerLeadsResponseSchema),
      providesTags: ['OwnerLeads'],
    }),
    /** GET /lead/mine: every lead on the owner's listings, newest first (/leads and /Shareleads). */
    getMyLeads: build.query<OwnerLeadsResponse, Pick<z.output<typeof MyLeadsQuerySchema>, 'page'> & { role: LoginRole }>({
      query: ({ role, page }) => ({ url: '/lead/mine', params: { page, limit: LEADS_PAGE_SIZE }, as: role }),
      rawResponseSchema: lazyContract(async () => (await import('@nivaas/contracts/lead.schema')).OwnerLeadsResponseSchema),
      providesTags: ['OwnerLeads'],
    }),
  }),
});

export const { useGetProjectLeadsQuery, useGetMyLeadsQuery } = endpoints;
