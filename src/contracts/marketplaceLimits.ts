/**
 * The catalogue's limits (read by ./marketplace.ts and by the server's schemas,
 * ./marketplaceSchemas.ts).
 */
import { MARKETPLACE_QUERY_MAX } from '../domain/marketplace/search';

export const MARKETPLACE_SORTS = ['rating', 'usage', 'newest'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];

/** Patterns per page of the catalogue. */
export const MARKETPLACE_PAGE_SIZE = 12;
/** Longest search text (characters). */
export { MARKETPLACE_QUERY_MAX };
/** Highest page number the catalogue serves. */
export const MARKETPLACE_PAGE_MAX = 1000;
