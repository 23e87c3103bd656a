import { MARKET_SORTS, type MarketSort } from '../../domain/marketplace/contract';
import { CATEGORY_OPTIONS, SORT_OPTIONS } from '../../domain/librarySearch';
import { DIFFICULTIES } from '../../domain/patterns';

/** The marketplace's filter choices; category names and the two shared sort names come from the library's. */
export const MARKET_CATEGORY_OPTIONS = CATEGORY_OPTIONS;

export const MARKET_DIFFICULTY_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'all', label: 'All Difficulties' },
  ...DIFFICULTIES.map((d) => ({ value: d, label: d })),
];

const librarySortLabel = (value: 'rated' | 'popular') => SORT_OPTIONS.find((o) => o.value === value)?.label ?? value;

const SORT_LABELS: Record<MarketSort, string> = {
  rating: librarySortLabel('rated'),
  usage: librarySortLabel('popular'),
  newest: 'Newest',
};

export const MARKET_SORT_OPTIONS: readonly { value: MarketSort; label: string }[] = MARKET_SORTS.map((value) => ({
  value,
  label: SORT_LABELS[value],
}));
