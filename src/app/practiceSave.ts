/**
 * The one save path of a finished practice (docs/product.md § Sessions): a pattern session,
 * a program's session, a course day's session (a pattern or a program) and a shared session
 * (breathing together) are all stored here and nowhere else.
 *
 * - Practice without tracking (./noTracking) on: nothing is written (no session, no recent
 *   pattern or program, no first-session flag) and so nothing is synced.
 * - Every wait on the device's storage is bounded (data/storageWait): a locked IndexedDB
 *   rejects with StorageTimeoutError after STORAGE_WAIT_MS; the caller keeps the record and
 *   offers a retry (writes are puts by key, so a late first attempt and a retry store it once).
 * - The pattern or program is marked used (recent list; a program under its `program:<id>`
 *   id, one namespace with patterns'), and the first-session flag is set.
 * - A member's session (pending) is handed to sync at once; a guest's stays on the device.
 */
import { setFlag } from '../data/flagsRepo';
import { markPatternUsed } from '../data/patternUsageRepo';
import { addSession } from '../data/sessionsRepo';
import { withinStorageWait } from '../data/storageWait';
import type { SessionRecord } from '../domain/sessionRecord';
import { requestSync } from '../sync/page/syncEngine';
import { isNoTracking } from './noTracking';

/** What became of a finished session: stored on the device, or shown and forgotten. */
export type SaveOutcome = 'stored' | 'not_tracked';

interface SaveDeps {
  /** Asks the outbox to upload now; replaced in tests. */
  handToSync: () => void;
}

const defaultDeps: SaveDeps = { handToSync: requestSync };

export async function saveFinishedSession(
  record: SessionRecord,
  deps: SaveDeps = defaultDeps,
): Promise<SaveOutcome> {
  if (isNoTracking()) return 'not_tracked';
  await withinStorageWait(addSession(record), 'store the finished session');
  await withinStorageWait(setFlag('hasCompletedSession', true), 'mark the first session');
  await withinStorageWait(
    markPatternUsed(record.patternId, record.endTime),
    'record the pattern as used',
  );
  if (record.syncState === 'pending') deps.handToSync();
  return 'stored';
}
