import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MARKETPLACE_QUERY,
  MARKETPLACE_PAGE_MAX,
  marketplaceQueryFrom,
  marketplaceQueryParams,
  pageCount,
} from '../../../src/contracts/marketplace';

describe('marketplace query from the URL', () => {
  it('reads known values and drops the rest to their defaults', () => {
    expect(marketplaceQueryFrom({})).toEqual(DEFAULT_MARKETPLACE_QUERY);
    expect(marketplaceQueryFrom({ q: '  tide ', category: 'sleep', difficulty: 'Advanced', sort: 'usage', page: '3' })).toEqual({
      q: 'tide',
      category: 'sleep',
      difficulty: 'Advanced',
      sort: 'usage',
      page: 3,
    });
    expect(marketplaceQueryFrom({ category: 'party', difficulty: 'easy', sort: 'cheapest', page: '-2', q: 7 })).toEqual({
      ...DEFAULT_MARKETPLACE_QUERY,
      q: '7',
    });
    expect(marketplaceQueryFrom({ page: 99_999 }).page).toBe(MARKETPLACE_PAGE_MAX);
    expect(marketplaceQueryFrom({ page: 'two' }).page).toBe(1);
    expect(marketplaceQueryFrom({ q: 'x'.repeat(200) }).q).toHaveLength(80);
  });

  it('writes only what differs from the defaults, and reads back the same query', () => {
    expect(marketplaceQueryParams(DEFAULT_MARKETPLACE_QUERY)).toEqual({});
    const q = { q: 'wave', category: 'focus', difficulty: 'Beginner', sort: 'newest', page: 2 } as const;
    expect(marketplaceQueryParams(q)).toEqual({ q: 'wave', category: 'focus', difficulty: 'Beginner', sort: 'newest', page: '2' });
    expect(marketplaceQueryFrom(marketplaceQueryParams(q))).toEqual(q);
    expect(marketplaceQueryParams({ ...DEFAULT_MARKETPLACE_QUERY, q: '   ' })).toEqual({});
  });

  it('counts pages (at least one)', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
    expect(pageCount(25, 5)).toBe(5);
  });
});
