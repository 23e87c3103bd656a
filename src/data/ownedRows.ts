import type { Table } from 'dexie';
import { db, GUEST_OWNER, type PneumaDatabase, type SyncedRowMeta, type SyncState } from './db';

/**
 * The per-person tables (favourites, ratings, preferences) hold one row per owner and
 * item: the signed-in user's rows, or the guest's when nobody is signed in. Reads and
 * writes go to the current owner's rows, so every screen shows the person using the app.
 * A signed-in user's change waits for upload ('pending'); removing one leaves a tombstone
 * until the deletion has synced, so it reaches their other devices (docs/product.md § Sync).
 */

/** Who the app is acting for now: the signed-in user's id, or GUEST_OWNER. */
export async function currentOwner(database: PneumaDatabase = db): Promise<string> {
  return (await database.authSession.get('current'))?.userId ?? GUEST_OWNER;
}

/** A new change of this owner: the guest's stays on the device, a user's waits for upload. */
function changeState(owner: string): SyncState {
  return owner === GUEST_OWNER ? 'guest' : 'pending';
}

type OwnedTable<T extends SyncedRowMeta> = Table<T, [string, string]>;

/** Writes `row` as the owner's current version (a new local change). */
export async function putOwned<T extends SyncedRowMeta>(
  table: OwnedTable<T>,
  key: [string, string],
  row: Omit<T, keyof SyncedRowMeta>,
  at: Date = new Date(),
): Promise<void> {
  const owner = key[0];
  const current = await table.get(key);
  await table.put({
    ...(row as T),
    owner,
    syncState: changeState(owner),
    updatedAt: at.toISOString(),
    deleted: false,
    ...(current?.serverUpdatedAt ? { serverUpdatedAt: current.serverUpdatedAt } : {}),
  });
}

/** Removes the owner's row: a guest's goes at once, a user's becomes a tombstone to sync. */
export async function removeOwned<T extends SyncedRowMeta>(
  table: OwnedTable<T>,
  key: [string, string],
  at: Date = new Date(),
): Promise<void> {
  const current = await table.get(key);
  if (!current || current.deleted) return;
  if (key[0] === GUEST_OWNER) {
    await table.delete(key);
    return;
  }
  const tombstone: T = {
    ...current,
    deleted: true,
    syncState: 'pending',
    updatedAt: at.toISOString(),
  };
  delete tombstone.lastError;
  await table.put(tombstone);
}

/** The owner's live rows (tombstones left out). */
export async function listOwned<T extends SyncedRowMeta>(
  table: OwnedTable<T>,
  owner: string,
): Promise<T[]> {
  const rows = await table.where('owner').equals(owner).toArray();
  return rows.filter((r) => !r.deleted);
}

/** One live row of the owner, or undefined. */
export async function getOwned<T extends SyncedRowMeta>(
  table: OwnedTable<T>,
  key: [string, string],
): Promise<T | undefined> {
  const row = await table.get(key);
  return row && !row.deleted ? row : undefined;
}
