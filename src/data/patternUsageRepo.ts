import { db, type FavoritePatternRecord, type PatternRatingRecord } from './db';

/** The library's Recent tab shows up to 8 last-used patterns. */
export const RECENT_LIMIT = 8;

/** Marks a pattern as just used; keeps only the newest RECENT_LIMIT entries. */
export async function markPatternUsed(patternId: string, at: number = Date.now()): Promise<void> {
  await db.transaction('rw', db.recentPatterns, async () => {
    await db.recentPatterns.put({ patternId, usedAt: at });
    const stale = await db.recentPatterns.orderBy('usedAt').reverse().offset(RECENT_LIMIT).primaryKeys();
    if (stale.length) await db.recentPatterns.bulkDelete(stale);
  });
}

/** Newest first, at most RECENT_LIMIT. */
export async function listRecentPatterns(): Promise<{ patternId: string; usedAt: number }[]> {
  return db.recentPatterns.orderBy('usedAt').reverse().limit(RECENT_LIMIT).toArray();
}

export async function addFavorite(patternId: string, at: number = Date.now()): Promise<void> {
  await db.favorites.put({ patternId, addedAt: at });
}

export async function removeFavorite(patternId: string): Promise<void> {
  await db.favorites.delete(patternId);
}

/** Returns the new state: true when the pattern is now a favourite. */
export async function toggleFavorite(patternId: string, at: number = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.favorites, async () => {
    if (await db.favorites.get(patternId)) {
      await db.favorites.delete(patternId);
      return false;
    }
    await db.favorites.put({ patternId, addedAt: at });
    return true;
  });
}

/** Newest first. */
export async function listFavorites(): Promise<FavoritePatternRecord[]> {
  return db.favorites.orderBy('addedAt').reverse().toArray();
}

export class InvalidRatingError extends Error {
  constructor(rating: unknown) {
    super(`A rating must be a whole number of stars from 1 to 5 (got ${String(rating)}).`);
    this.name = 'InvalidRatingError';
  }
}

export async function ratePattern(
  patternId: string,
  rating: number,
  at: number = Date.now(),
): Promise<void> {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new InvalidRatingError(rating);
  await db.ratings.put({ patternId, rating, ratedAt: at });
}

export async function getRating(patternId: string): Promise<PatternRatingRecord | undefined> {
  return db.ratings.get(patternId);
}

export async function listRatings(): Promise<PatternRatingRecord[]> {
  return db.ratings.toArray();
}
