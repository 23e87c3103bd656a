import { db, type FavoritePatternRecord, type PatternRatingRecord } from './db';
import { currentOwner, getOwned, listOwned, putOwned, removeOwned } from './ownedRows';

/** The library's Recent tab shows up to 8 last-used patterns. */
export const RECENT_LIMIT = 8;

/** Marks a pattern as just used; keeps only the newest RECENT_LIMIT entries. */
export async function markPatternUsed(patternId: string, at: number = Date.now()): Promise<void> {
  await db.transaction('rw', db.recentPatterns, async () => {
    await db.recentPatterns.put({ patternId, usedAt: at });
    const stale = await db.recentPatterns
      .orderBy('usedAt')
      .reverse()
      .offset(RECENT_LIMIT)
      .primaryKeys();
    if (stale.length) await db.recentPatterns.bulkDelete(stale);
  });
}

/** Newest first, at most RECENT_LIMIT. */
export async function listRecentPatterns(): Promise<{ patternId: string; usedAt: number }[]> {
  return db.recentPatterns.orderBy('usedAt').reverse().limit(RECENT_LIMIT).toArray();
}

/*
 * Favourites and ratings belong to the person using the app (see ./ownedRows): a
 * signed-in user's sync to their other devices, a guest's stay on this one.
 */

/** Returns the new state: true when the pattern is now a favourite. */
export async function toggleFavorite(patternId: string, at: number = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.authSession, db.userFavorites, async () => {
    const owner = await currentOwner();
    if (await getOwned(db.userFavorites, [owner, patternId])) {
      await removeOwned(db.userFavorites, [owner, patternId], new Date(at));
      return false;
    }
    await putOwned(db.userFavorites, [owner, patternId], { patternId, addedAt: at }, new Date(at));
    return true;
  });
}

/** The current person's favourites, newest first. */
export async function listFavorites(): Promise<FavoritePatternRecord[]> {
  const rows = await listOwned(db.userFavorites, await currentOwner());
  return rows.sort((a, b) => b.addedAt - a.addedAt);
}

export class InvalidRatingError extends Error {
  constructor(rating: unknown) {
    super(`A rating must be a whole number of stars from 1 to 5 (got ${String(rating)}).`);
    this.name = 'InvalidRatingError';
  }
}

export function isValidRating(rating: unknown): rating is number {
  return Number.isInteger(rating) && (rating as number) >= 1 && (rating as number) <= 5;
}

export async function ratePattern(
  patternId: string,
  rating: number,
  at: number = Date.now(),
): Promise<void> {
  if (!isValidRating(rating)) throw new InvalidRatingError(rating);
  await db.transaction('rw', db.authSession, db.userRatings, async () => {
    const owner = await currentOwner();
    await putOwned(
      db.userRatings,
      [owner, patternId],
      { patternId, rating, ratedAt: at },
      new Date(at),
    );
  });
}

export async function getRating(patternId: string): Promise<PatternRatingRecord | undefined> {
  return getOwned(db.userRatings, [await currentOwner(), patternId]);
}

/** The current person's ratings. */
export async function listRatings(): Promise<PatternRatingRecord[]> {
  return listOwned(db.userRatings, await currentOwner());
}
