/**
 * The Flow client's in-memory cache (spec § 9): entries live 60 s unless told otherwise and
 * at most 100 are kept, the oldest written dropped first. The per-read lifetimes (account
 * 60 s, metadata 5 min, list 2 min, ids 60 s) are FLOW_CACHE_MS, used by flowClient.test.ts.
 * Does not prove memory use in a browser.
 */
import { describe, expect, it } from 'vitest';
import { TTL_CACHE_DEFAULT_MS, TTL_CACHE_MAX_ENTRIES, TtlCache } from '../../src/flow/ttlCache';
import { FLOW_CACHE_MS } from '../../src/domain/flow/constants';

describe('TtlCache', () => {
  it('keeps an entry 60 s by default', () => {
    let t = 0;
    const c = new TtlCache(() => t);
    c.set('a', 1);
    t = TTL_CACHE_DEFAULT_MS - 1;
    expect(c.get('a')).toBe(1);
    t = TTL_CACHE_DEFAULT_MS;
    expect(c.get('a')).toBeUndefined();
    expect(TTL_CACHE_DEFAULT_MS).toBe(60_000);
  });

  it('keeps at most 100 entries, dropping the oldest written', () => {
    const c = new TtlCache(() => 0);
    for (let i = 0; i < 150; i++) c.set(`k${i}`, i);
    expect(c.size).toBe(TTL_CACHE_MAX_ENTRIES);
    expect(TTL_CACHE_MAX_ENTRIES).toBe(100);
    expect(c.get('k49')).toBeUndefined();
    expect(c.get('k50')).toBe(50);
    c.set('k50', 'again'); // rewritten: now the newest
    c.set('k150', 150);
    expect(c.get('k50')).toBe('again');
    expect(c.get('k51')).toBeUndefined();
  });

  it('the per-read lifetimes are the specification’s', () => {
    expect(FLOW_CACHE_MS).toEqual({ account: 60_000, metadata: 300_000, list: 120_000, ids: 60_000 });
  });
});
