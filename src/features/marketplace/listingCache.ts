import type { MarketplacePage } from '../../contracts/marketplace';

/**
 * The last catalogue pages seen on this device, so the marketplace still shows something
 * offline (labelled with when it was saved). Kept in localStorage: at most LIMIT queries,
 * the newest kept. Read and written in effects only, never during render.
 */
const KEY = 'pneuma.market.listings';
const LIMIT = 10;

export interface CachedListing {
  /** The query as URL parameters, JSON (the cache key). */
  key: string;
  page: MarketplacePage;
  savedAt: string;
}

function readAll(): CachedListing[] {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as CachedListing[]) : [];
  } catch {
    return [];
  }
}

export function readListing(key: string): CachedListing | undefined {
  return readAll().find((e) => e.key === key);
}

export function saveListing(key: string, page: MarketplacePage, at = new Date()): void {
  const next = [{ key, page, savedAt: at.toISOString() }, ...readAll().filter((e) => e.key !== key)].slice(0, LIMIT);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // storage full or blocked: the marketplace works online without it
  }
}
