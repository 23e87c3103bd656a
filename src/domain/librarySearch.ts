/**
 * Search, filter and sort for the pattern library (docs/product.md § Discovery). Pure.
 *
 * Honesty: `usageCount` is this device's real count of sessions with the pattern and
 * `rating` is the user's own star rating; both are absent (not zero, not invented)
 * where there is no data.
 */
import {
  CATEGORY_LABELS,
  PATTERN_CATEGORIES,
  cycleSeconds,
  type Difficulty,
  type PatternCategory,
  type PatternTimings,
} from './patterns';

interface LibraryPhase {
  name: 'inhale' | 'hold' | 'exhale' | 'hold_after_exhale';
  /** Milliseconds. */
  duration: number;
}

/** A pattern card in the library (the fields this app has real values for). */
export interface LibraryCard {
  id: string;
  name: string;
  description: string;
  phases: LibraryPhase[];
  category: PatternCategory;
  difficulty: Difficulty;
  /** Seconds in one full cycle. */
  duration: number;
  creator: 'Built-in' | 'You';
  builtIn: boolean;
  featured: boolean;
  tags: string[];
  benefits: string[];
  /** The user's own 1-5 rating, when they gave one. */
  rating?: number;
  /** Sessions with this pattern on this device, when there was at least one. */
  usageCount?: number;
  /** Epoch ms of the last use, when known. */
  lastUsed?: number;
  /** Timings in seconds, for the session. */
  timings: PatternTimings;
  /** Who the pattern suits, from its difficulty (every card has one). */
  targetAudience: string;
  /** The catalogue's first benefit (benefits are listed most important first). */
  primaryBenefits: string[];
  /** The catalogue's other benefits. */
  secondaryBenefits: string[];
  /** The teacher behind the pattern, only when one is recorded (built-ins have none). */
  instructorName?: string;
  instructorCredentials?: string;
  /** What it costs to use, when known: built-ins are free (a price would be in ETH). */
  access?: PatternAccess;
}

interface PatternAccess {
  type: 'free';
  currency: 'ETH';
}

/** Who a pattern suits, by difficulty (docs/product.md § Discovery, library cards). */
const TARGET_AUDIENCE: Readonly<Record<Difficulty, string>> = Object.freeze({
  Beginner: 'Everyone, beginners included',
  Intermediate: 'People with some practice',
  Advanced: 'Experienced practitioners in good health',
});

/** The built-ins' access: free to use (the currency a price would be in is ETH). */
const BUILT_IN_ACCESS: Readonly<PatternAccess> = Object.freeze({ type: 'free', currency: 'ETH' });

/** Box is the featured pattern. */
const FEATURED_PATTERN_IDS: readonly string[] = ['box'];

interface CardStats {
  usageCount?: number;
  rating?: number;
  lastUsed?: number;
}

interface PatternLike extends PatternTimings {
  id: string;
  name: string;
  description: string;
  category: PatternCategory;
  difficulty: Difficulty;
  benefits: readonly string[];
  bestFor?: readonly string[];
  builtIn: boolean;
}

export function toLibraryCard(p: PatternLike, stats: CardStats = {}): LibraryCard {
  const card: LibraryCard = {
    id: p.id,
    name: p.name,
    description: p.description,
    phases: [
      { name: 'inhale', duration: p.inhale * 1000 },
      { name: 'hold', duration: p.hold * 1000 },
      { name: 'exhale', duration: p.exhale * 1000 },
      { name: 'hold_after_exhale', duration: p.hold_after_exhale * 1000 },
    ],
    category: p.category,
    difficulty: p.difficulty,
    duration: cycleSeconds(p),
    creator: p.builtIn ? 'Built-in' : 'You',
    builtIn: p.builtIn,
    featured: FEATURED_PATTERN_IDS.includes(p.id),
    tags: [...(p.bestFor ?? [])],
    benefits: [...p.benefits],
    timings: {
      inhale: p.inhale,
      hold: p.hold,
      exhale: p.exhale,
      hold_after_exhale: p.hold_after_exhale,
    },
    targetAudience: TARGET_AUDIENCE[p.difficulty],
    primaryBenefits: p.benefits.slice(0, 1),
    secondaryBenefits: p.benefits.slice(1),
  };
  if (p.builtIn) card.access = { ...BUILT_IN_ACCESS };
  if (stats.usageCount && stats.usageCount > 0) card.usageCount = stats.usageCount;
  if (stats.rating !== undefined && stats.rating >= 1 && stats.rating <= 5)
    card.rating = stats.rating;
  if (stats.lastUsed !== undefined && Number.isFinite(stats.lastUsed))
    card.lastUsed = stats.lastUsed;
  return card;
}

function norm(s: string): string {
  return s.trim().toLocaleLowerCase();
}

/** Case-insensitive contains match on name, description, tags and benefits. Blank matches all. */
function matchesLibraryQuery(card: LibraryCard, query: string): boolean {
  const q = norm(query);
  if (!q) return true;
  return [card.name, card.description, ...card.tags, ...card.benefits].some((f) =>
    norm(f).includes(q),
  );
}

export type CategoryFilter = 'all' | PatternCategory;

export const CATEGORY_OPTIONS: readonly { value: CategoryFilter; label: string }[] = [
  { value: 'all', label: 'All Categories' },
  ...PATTERN_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
];

export function isCategoryFilter(x: unknown): x is CategoryFilter {
  return CATEGORY_OPTIONS.some((o) => o.value === x);
}

function matchesCategory(card: LibraryCard, category: CategoryFilter): boolean {
  return category === 'all' || card.category === category;
}

export type LibrarySort = 'popular' | 'rated' | 'recent' | 'az';

export const SORT_OPTIONS: readonly { value: LibrarySort; label: string }[] = [
  { value: 'popular', label: 'Most Popular' },
  { value: 'rated', label: 'Highest Rated' },
  { value: 'recent', label: 'Recently Used' },
  { value: 'az', label: 'A-Z' },
];

export function isLibrarySort(x: unknown): x is LibrarySort {
  return SORT_OPTIONS.some((o) => o.value === x);
}

const byName = (a: LibraryCard, b: LibraryCard) => a.name.localeCompare(b.name);

/**
 * Most Popular: this device's usage count (unused last); Highest Rated: the user's own
 * rating (unrated last); Recently Used: last use (never used last); A-Z: name. Ties and
 * the "no data" tail fall back to A-Z, so the order is always deterministic.
 */
function sortCards(cards: readonly LibraryCard[], sort: LibrarySort): LibraryCard[] {
  const list = [...cards];
  switch (sort) {
    case 'popular':
      return list.sort((a, b) => (b.usageCount ?? 0) - (a.usageCount ?? 0) || byName(a, b));
    case 'rated':
      return list.sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || byName(a, b));
    case 'recent':
      return list.sort(
        (a, b) => (b.lastUsed ?? -Infinity) - (a.lastUsed ?? -Infinity) || byName(a, b),
      );
    case 'az':
      return list.sort(byName);
  }
}

/** The reset button of the library's and the marketplace's empty states. */
export const CLEAR_FILTERS_LABEL = 'Clear Filters';

export type LibraryTab = 'all' | 'builtin' | 'mine' | 'recent' | 'favorites';

export const LIBRARY_TABS: readonly { value: LibraryTab; label: string }[] = [
  { value: 'all', label: 'All Patterns' },
  { value: 'builtin', label: 'Built-in' },
  { value: 'mine', label: 'My Library' },
  { value: 'recent', label: 'Recent' },
  { value: 'favorites', label: 'Favorites' },
];

/** The Recent tab shows up to 8. */
const RECENT_TAB_LIMIT = 8;

interface TabInputs {
  /** Recently used pattern ids, newest first. */
  recentIds: readonly string[];
  favoriteIds: ReadonlySet<string>;
}

/** The cards of one tab. Recent keeps recency order (up to 8); the others keep input order. */
export function cardsForTab(
  cards: readonly LibraryCard[],
  tab: LibraryTab,
  inputs: TabInputs,
): LibraryCard[] {
  switch (tab) {
    case 'all':
      return [...cards];
    case 'builtin':
      return cards.filter((c) => c.builtIn);
    case 'mine':
      return cards.filter((c) => !c.builtIn);
    case 'favorites':
      return cards.filter((c) => inputs.favoriteIds.has(c.id));
    case 'recent': {
      const byId = new Map(cards.map((c) => [c.id, c]));
      return inputs.recentIds
        .map((id) => byId.get(id))
        .filter((c): c is LibraryCard => c !== undefined)
        .slice(0, RECENT_TAB_LIMIT);
    }
  }
}

interface LibraryQuery {
  tab: LibraryTab;
  search: string;
  category: CategoryFilter;
  sort: LibrarySort;
}

/** Tab, then search and category, then sort (Recent keeps recency order unless another sort is asked for). */
export function queryLibrary(
  cards: readonly LibraryCard[],
  q: LibraryQuery,
  inputs: TabInputs,
): LibraryCard[] {
  const inTab = cardsForTab(cards, q.tab, inputs).filter(
    (c) => matchesLibraryQuery(c, q.search) && matchesCategory(c, q.category),
  );
  return q.tab === 'recent' && q.sort === 'recent' ? inTab : sortCards(inTab, q.sort);
}
