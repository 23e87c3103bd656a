import type { Table } from 'dexie';
import { db, GUEST_OWNER, type PneumaDatabase, type SyncState } from '../data/db';
import { SEEN_VERSIONS_KEY } from './pull/seenVersions';
import { SYNCED_TABLES, type AnySyncedTable } from './syncedTables';

/**
 * A signed-in person's data on this device as a whole: what they chose while signed out
 * joining their account, what has not reached the server yet, and removing all of it at
 * sign-out so a shared computer keeps nothing of theirs (docs/product.md § Sync). Which
 * tables each of these covers: the flags of ./syncedTables.ts.
 */

type Key = (string | number)[];
type Rows = Table<Record<string, unknown>, Key>;
const rowsOf = (t: AnySyncedTable, database: PneumaDatabase) => t.local(database) as unknown as Rows;

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
  const tables = SYNCED_TABLES.filter((t) => t.guestAdopted).map((t) => rowsOf(t, database));
  return database.transaction('rw', tables, async () => {
    let moved = 0;
    for (const table of tables) {
      const guest = await table.where('owner').equals(GUEST_OWNER).toArray();
      if (!guest.length) continue;
      const keys = (await table.where('owner').equals(GUEST_OWNER).primaryKeys()) as Key[];
      // The key is [owner, ...item]: the same item of the user.
      const mine = await table.bulkGet(keys.map(([, ...item]) => [userId, ...item]));
      await table.bulkPut(
        guest.map((row, i) => {
          const stamp = mine[i]?.serverUpdatedAt;
          return {
            ...row,
            owner: userId,
            syncState: 'pending' as SyncState,
            ...(stamp ? { serverUpdatedAt: stamp } : {}),
          };
        }),
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
  const cleared = SYNCED_TABLES.filter((t) => t.clearedAtSignOut && t.uploads.length);
  const counts = await Promise.all(
    cleared.map((t) =>
      rowsOf(t, database).where(`[${t.ownerField}+syncState]`).anyOf(pairs).count(),
    ),
  );
  let sessions = 0;
  let other = 0;
  cleared.forEach((t, i) => {
    if (t.name === 'sessions') sessions += counts[i]!;
    else other += counts[i]!;
  });
  return { sessions, other, total: sessions + other };
}

/**
 * Removes every row of the user from this device: the rows of every table cleared at
 * sign-out (sessions, custom patterns, own courses, favourites, ratings, preferences,
 * enrolments...), the pull cursors and seen change counters, the last sync time and the
 * recently used patterns.
 * Guest sessions and other device settings stay. Call only once the user's pending
 * changes have reached the server, or the user agreed to lose them.
 */
export async function clearPersonData(
  userId: string,
  database: PneumaDatabase = db,
): Promise<void> {
  if (!userId) return;
  const cleared = SYNCED_TABLES.filter((t) => t.clearedAtSignOut);
  await database.transaction(
    'rw',
    [
      database.syncCursors,
      database.preferences,
      database.recentPatterns,
      ...cleared.map((t) => rowsOf(t, database)),
    ],
    async () => {
      for (const t of cleared) await rowsOf(t, database).where(t.ownerField).equals(userId).delete();
      await database.syncCursors.where('userId').equals(userId).delete();
      await database.preferences.bulkDelete(['lastSyncTime', SEEN_VERSIONS_KEY]);
      await database.recentPatterns.clear();
    },
  );
}
