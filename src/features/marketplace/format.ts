/**
 * How a published pattern's figures read on screen, and what the app makes of it when
 * someone tries it or adds it to their library. Pure.
 */
import type { PatternDefinition, PatternTimings } from '../../domain/patterns';
import type { MarketplacePage, MarketplacePattern } from '../../contracts/marketplace';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "4.5 of 5 (2 ratings)", or "No ratings yet". */
export function ratingText(r: MarketplacePattern['rating']): string {
  if (r.count === 0 || r.average === null) return 'No ratings yet';
  return `${r.average.toFixed(1)} of 5 (${plural(r.count, 'rating')})`;
}

/** "3 people · 5 sessions". */
export function usageText(u: MarketplacePattern['usage']): string {
  return `${plural(u.users, 'person', 'people')} · ${plural(u.sessions, 'session')}`;
}

/** The results line read out by screen readers when a search settles. */
export function resultsText(page: Pick<MarketplacePage, 'total'>, searching: boolean): string {
  if (page.total === 0) return searching ? 'No published patterns match your search.' : 'No patterns have been published yet.';
  return `${plural(page.total, 'pattern')} found`;
}

/**
 * The pattern a "Try" session runs: its definition under the marketplace id, so the session,
 * once synced, counts as a use of the published pattern.
 */
export function patternToTry(p: MarketplacePattern): PatternDefinition & { id: string } {
  return { id: p.id, ...definitionOf(p) };
}

/** The pattern's definition alone (no id, creator or figures): what is published or copied. */
export function definitionOf(p: PatternDefinition): PatternDefinition {
  const { name, description, inhale, hold, exhale, hold_after_exhale, category, difficulty, benefits } = p;
  return { name, description, inhale, hold, exhale, hold_after_exhale, category, difficulty, benefits: [...benefits] };
}

/** The definition a library copy gets (the user's own from then on). */
export const libraryCopyOf = (p: MarketplacePattern): PatternDefinition => definitionOf(p);

/** The user already has a library pattern with this name and these timings (a copy they added, or their own). */
export function hasLibraryCopy(p: MarketplacePattern, library: readonly (PatternTimings & { name: string })[]): boolean {
  return library.some(
    (c) =>
      c.name === p.name &&
      c.inhale === p.inhale &&
      c.hold === p.hold &&
      c.exhale === p.exhale &&
      c.hold_after_exhale === p.hold_after_exhale,
  );
}

/** A page as anyone sees it: without the viewer's own rating or which patterns are theirs. */
export function publicView(page: MarketplacePage): MarketplacePage {
  return { ...page, items: page.items.map((p) => ({ ...p, yourRating: null, mine: false })) };
}
