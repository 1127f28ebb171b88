import type { PageQuery, Pagination } from '@nivaas/contracts/common.schema';

/** The rows a `page` (from 1) of `limit` covers. */
export function offsetOf({ page, limit }: PageQuery): number {
  return (page - 1) * limit;
}

/** The pagination block of a list response; `hasMore` tells infinite scroll whether to ask again (spec §4). */
export function paginationOf({ page, limit }: PageQuery, rowsOnPage: number, total: number): Pagination {
  return { page, limit, total, hasMore: offsetOf({ page, limit }) + rowsOnPage < total };
}
