import { db, type CustomPatternRecord } from './db';

/** Reads of custom patterns (kept apart from the validated writes so they load no schema library). */
export async function getCustomPattern(id: string): Promise<CustomPatternRecord | undefined> {
  const p = await db.patterns.get(id);
  return p && !p.deleted ? p : undefined;
}

/** Visible custom patterns, newest first. With a userId: that user's plus guest-made ones. */
export async function listCustomPatterns(userId?: string | null): Promise<CustomPatternRecord[]> {
  const all = await db.patterns.orderBy('updatedAt').reverse().toArray();
  return all.filter(
    (p) => !p.deleted && (userId === undefined || p.userId === null || p.userId === userId),
  );
}
