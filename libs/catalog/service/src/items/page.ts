import { CATALOG_LIMITS } from '@hintakori/catalog-contracts';

/** A page of items as the repositories read it. */
export interface Page {
  limit: number;
  offset: number;
}

/** A checked request's page, its defaults filled (50 items from the first). */
export function pageOf(request: { limit?: number; offset?: number }): Page {
  return { limit: request.limit ?? CATALOG_LIMITS.defaultLimit, offset: request.offset ?? 0 };
}
