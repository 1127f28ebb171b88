import { api } from '../../../lib/api/api-slice';

/** The owner screens' cache tags: a publish or a stage change refreshes what shows them. */
export const ownerApi = api.enhanceEndpoints({ addTagTypes: ['OwnerListings', 'OwnerLeads'] });
