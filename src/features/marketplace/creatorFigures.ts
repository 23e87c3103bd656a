/**
 * The creator hub's figures (docs/product.md § Discovery), from the marketplace API's answers. Pure. People are counted per
 * pattern only: one person may use several of a creator's patterns, so adding the
 * per-pattern counts would count them twice. A session belongs to one pattern, so
 * sessions and ratings add up exactly.
 */
import type { CreatorOverview, MarketplacePattern } from '../../contracts/marketplace';

export interface CreatorTotals {
  published: number;
  unpublished: number;
  sessions: number;
  ratings: number;
}

export function creatorTotals(patterns: readonly MarketplacePattern[]): CreatorTotals {
  let published = 0;
  let sessions = 0;
  let ratings = 0;
  for (const p of patterns) {
    if (!p.unpublished) published++;
    sessions += p.usage.sessions;
    ratings += p.rating.count;
  }
  return { published, unpublished: patterns.length - published, sessions, ratings };
}

/**
 * Who may open the hub: the creator role (given by the server on a first publication), or
 * an instructor who has published patterns (their role stays instructor).
 */
export function opensCreatorHub(overview: CreatorOverview): boolean {
  return overview.role === 'creator' || overview.patterns.length > 0;
}
