import type { Table } from 'dexie';
import { db, GUEST_OWNER, type PneumaDatabase, type SyncedRowMeta, type SyncState } from './db';

/**
 * A signed-in person's data on this device as a whole: what they chose while signed out
 * joining their account, what has not reached the server yet, and removing all of it at
 * sign-out so a shared computer keeps nothing of theirs (docs/product.md § Sync).
 */

const ownedTables = (database: PneumaDatabase): Table<SyncedRowMeta, [string, string]>[] => [
  database.userFavorites,
  database.userRatings,
  database.userPreferences,
  // A student's enrolments and completed days (never a guest's: enrolling needs an account).
  database.courseEnrolments,
  database.courseProgress as unknown as Table<SyncedRowMeta, [string, string]>,
];

/**
 * Favourites, ratings and preferences set while signed out follow the person into the
 * account they sign in to (they are the same person at this device): each guest row
 * becomes the user's, waiting for upload, replacing the user's own row for the same item
 * (it is the later choice). Returns how many rows joined. Sessions and custom patterns
 * join only when the user says so (attachGuestSessions).
 */
export async function adoptGuestChoices(
  userId: string,
  database: PneumaDatabase = db,
): Promise<number> {
  if (!userId) return 0;
  const tables = ownedTables(database);
  return database.transaction('rw', tables, async () => {
    let moved = 0;
    for (const table of tables) {
      const guest = await table.where('owner').equals(GUEST_OWNER).toArray();
      if (!guest.length) continue;
      const keys = await table.where('owner').equals(GUEST_OWNER).primaryKeys();
      const mine = await table.bulkGet(keys.map(([, item]) => [userId, item] as [string, string]));
      await table.bulkPut(
        guest.map((row, i) => ({
          ...row,
          owner: userId,
          syncState: 'pending' as SyncState,
          ...(mine[i]?.serverUpdatedAt ? { serverUpdatedAt: mine[i]!.serverUpdatedAt } : {}),
        })),
      );
      await table.bulkDelete(keys);
      moved += guest.length;
    }
    return moved;
  });
}

/** States of a change the server does not have (and never will, for failed and local-only). */
const UNSYNCED: SyncState[] = ['pending', 'failed', 'local_only'];

/** What signing out now would lose: the user's changes that have not reached the server. */
export interface UnsyncedChanges {
  sessions: number;
  /** Custom patterns, own courses, enrolments, completed days, favourites, ratings and preferences. */
  other: number;
  total: number;
}

export async function countUnsyncedChanges(
  userId: string,
  database: PneumaDatabase = db,
): Promise<UnsyncedChanges> {
  const pairs = UNSYNCED.map((s) => [userId, s] as [string, SyncState]);
  const [sessions, patterns, courses, ...owned] = await Promise.all([
    database.sessions.where('[userId+syncState]').anyOf(pairs).count(),
    database.patterns.where('[userId+syncState]').anyOf(pairs).count(),
    database.courses.where('[instructorId+syncState]').anyOf(pairs).count(),
    ...ownedTables(database).map((t) => t.where('[owner+syncState]').anyOf(pairs).count()),
  ]);
  const other = patterns + courses + owned.reduce((a, b) => a + b, 0);
  return { sessions, other, total: sessions + other };
}

/**
 * Removes every row of the user from this device: sessions, custom patterns and programs, own courses, favourites,
 * ratings, preferences, pull cursors, the last sync time and the recently used patterns.
 * Guest sessions and other device settings stay. Call only once the user's pending
 * changes have reached the server, or the user agreed to lose them.
 */
export async function clearPersonData(
  userId: string,
  database: PneumaDatabase = db,
): Promise<void> {
  if (!userId) return;
  const owned = ownedTables(database);
  await database.transaction(
    'rw',
    [
      database.sessions,
      database.patterns,
      database.programs,
      database.syncCursors,
      database.preferences,
      database.recentPatterns,
      database.courses,
      ...owned,
    ],
    async () => {
      await database.sessions.where('userId').equals(userId).delete();
      await database.patterns.where('userId').equals(userId).delete();
      await database.programs.where('userId').equals(userId).delete();
      await database.courses.where('instructorId').equals(userId).delete();
      await database.syncCursors.where('userId').equals(userId).delete();
      for (const t of owned) await t.where('owner').equals(userId).delete();
      await database.preferences.delete('lastSyncTime');
      await database.recentPatterns.clear();
    },
  );
}
