import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MARKET_QUERY,
  MARKET_PAGE_MAX,
  marketQueryFrom,
  marketQueryParams,
  pageCount,
} from '../../../src/domain/marketplace/contract';

describe('marketplace query from the URL', () => {
  it('reads known values and drops the rest to their defaults', () => {
    expect(marketQueryFrom({})).toEqual(DEFAULT_MARKET_QUERY);
    expect(marketQueryFrom({ q: '  tide ', category: 'sleep', difficulty: 'Advanced', sort: 'usage', page: '3' })).toEqual({
      q: 'tide',
      category: 'sleep',
      difficulty: 'Advanced',
      sort: 'usage',
      page: 3,
    });
    expect(marketQueryFrom({ category: 'party', difficulty: 'easy', sort: 'cheapest', page: '-2', q: 7 })).toEqual({
      ...DEFAULT_MARKET_QUERY,
      q: '7',
    });
    expect(marketQueryFrom({ page: 99_999 }).page).toBe(MARKET_PAGE_MAX);
    expect(marketQueryFrom({ page: 'two' }).page).toBe(1);
    expect(marketQueryFrom({ q: 'x'.repeat(200) }).q).toHaveLength(80);
  });

  it('writes only what differs from the defaults, and reads back the same query', () => {
    expect(marketQueryParams(DEFAULT_MARKET_QUERY)).toEqual({});
    const q = { q: 'wave', category: 'focus', difficulty: 'Beginner', sort: 'newest', page: 2 } as const;
    expect(marketQueryParams(q)).toEqual({ q: 'wave', category: 'focus', difficulty: 'Beginner', sort: 'newest', page: '2' });
    expect(marketQueryFrom(marketQueryParams(q))).toEqual(q);
    expect(marketQueryParams({ ...DEFAULT_MARKET_QUERY, q: '   ' })).toEqual({});
  });

  it('counts pages (at least one)', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
    expect(pageCount(25, 5)).toBe(5);
  });
});
