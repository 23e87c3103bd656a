import { MARKETPLACE_SORTS, type MarketplaceSort } from '../../contracts/marketplace';
import { CATEGORY_OPTIONS, SORT_OPTIONS } from '../../domain/librarySearch';
import { DIFFICULTIES } from '../../domain/patterns';

/** The marketplace's filter choices; category names and the two shared sort names come from the library's. */
export const MARKETPLACE_CATEGORY_OPTIONS = CATEGORY_OPTIONS;

export const MARKETPLACE_DIFFICULTY_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'all', label: 'All Difficulties' },
  ...DIFFICULTIES.map((d) => ({ value: d, label: d })),
];

const librarySortLabel = (value: 'rated' | 'popular') => SORT_OPTIONS.find((o) => o.value === value)?.label ?? value;

const SORT_LABELS: Record<MarketplaceSort, string> = {
  rating: librarySortLabel('rated'),
  usage: librarySortLabel('popular'),
  newest: 'Newest',
};

export const MARKETPLACE_SORT_OPTIONS: readonly { value: MarketplaceSort; label: string }[] = MARKETPLACE_SORTS.map((value) => ({
  value,
  label: SORT_LABELS[value],
}));
