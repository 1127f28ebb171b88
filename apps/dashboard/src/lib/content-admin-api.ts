import type { AdminListQueryInput, PublicationInput } from '@nivaas/contracts/admin.schema';
import type { z } from 'zod';
import type { ProviderApi } from './api-client';

/**
 * The back-office calls of issue 14 part 2 (`/api/admin/banners|blogs|faqs|construction/projects|construction/contractors`):
 * the same five calls for each kind, parsed with that kind's contract.
 */
export interface ContentApiSchemas<Page extends z.ZodType, Item extends z.ZodType> {
  /** 'banners', 'construction/projects'. */
  path: string;
  page: Page;
  item: Item;
}

function query(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if ((typeof value === 'string' && value !== '') || typeof value === 'number') search.set(key, String(value));
  return search.toString();
}

export function contentApi<Page extends z.ZodType, Item extends z.ZodType>({ path, page, item }: ContentApiSchemas<Page, Item>) {
  const base = `/api/admin/${path}`;
  return {
    list: (api: ProviderApi, q: AdminListQueryInput) => api.call(`${base}?${query(q)}`, page),
    /** One record in any state (404 when there is none). */
    get: (api: ProviderApi, id: number) => api.call(`${base}/${id}`, item),
    create: (api: ProviderApi, body: unknown) => api.call(base, item, { method: 'POST', body }),
    update: (api: ProviderApi, id: number, body: unknown | PublicationInput) => api.call(`${base}/${id}`, item, { method: 'PATCH', body }),
    /** The record's one photo (multipart, field 'photos' as the shared uploader sends it). */
    upload: (api: ProviderApi, id: number, segment: string, form: FormData, onProgress: (fraction: number) => void) => api.upload(`${base}/${id}/${segment}`, form, item, onProgress),
  };
}
