import { marketplaceApi } from '../../backend/api/marketplaceApi';

/** Where one of your library's patterns stands in the marketplace. */
export type Publication = 'live' | 'unpublished';

/**
 * Where each of the signed-in user's library patterns stands, by library pattern id (GET
 * /api/market/mine). Screens read it through src/features/marketplace-on-demand's
 * useMyPublications, which loads this code on demand.
 */
export async function readMyPublications(): Promise<ReadonlyMap<string, Publication>> {
  const overview = await marketplaceApi.mine();
  const next = new Map<string, Publication>();
  for (const p of overview.patterns) {
    if (p.sourcePatternId) next.set(p.sourcePatternId, p.unpublished ? 'unpublished' : 'live');
  }
  return next;
}
