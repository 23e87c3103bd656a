/**
 * How a row pulled from the server meets this device's copy (docs/product.md § Sync).
 * Pure: no clock, no storage.
 *
 * The order of writes is the server's: every row carries the server's `updated_at`, set
 * when a write reached it, so the clocks of the devices never decide anything. The last
 * write to reach the server wins the whole row:
 * - a copy changed here and not uploaded yet stays: uploaded next, it becomes the latest
 *   write on the server, and every other device then pulls it;
 * - otherwise a version the server stamped later than the one this copy came from
 *   replaces it (or removes it, when that version is a deletion);
 * - an equal or older version (a page read twice, the echo of an upload) changes nothing.
 * A row edited offline on two devices thus ends as one version on both: the one uploaded
 * last. Rows are matched by their key, so a pull never adds a second copy.
 */
import type { SyncState } from './sessionRecord';

/** What the device knows about its copy of a synced row. */
export interface LocalCopy {
  syncState: SyncState;
  /** The server's `updated_at` of the version this copy was pulled as; absent if never pulled. */
  serverUpdatedAt?: string;
}

/** A version of the row on the server. */
export interface ServerVersion {
  /** The server's `updated_at` (ISO text). */
  updatedAt: string;
  /** A tombstone: the row was deleted on some device. */
  deleted: boolean;
}

type MergeDecision =
  /** No copy here: store the server's version. */
  | 'insert'
  /** The server's version is newer than this copy: it replaces it. */
  | 'replace'
  /** The server's version is a newer deletion: this copy goes. */
  | 'remove'
  /** This copy has a change the server has not seen yet: it stays, and is uploaded. */
  | 'keep-local'
  /** Nothing to do (an old or repeated version, or a deletion of a row never here). */
  | 'skip';

/** Milliseconds between two server stamps (positive when `a` is later); NaN if either is not a time. */
function compareStamps(a: string, b: string): number {
  return Date.parse(a) - Date.parse(b);
}

/** True for text the server could have stamped (a parseable time). */
export function isStamp(value: unknown): value is string {
  return typeof value === 'string' && Number.isFinite(Date.parse(value));
}

/** Local states whose change has not reached the server: a guest's row, or one waiting to upload. */
const UNSENT: ReadonlySet<SyncState> = new Set<SyncState>(['pending', 'guest']);

export function mergeDecision(
  local: LocalCopy | undefined,
  incoming: ServerVersion,
): MergeDecision {
  if (!local) return incoming.deleted ? 'skip' : 'insert';
  if (UNSENT.has(local.syncState)) return 'keep-local';
  if (
    local.serverUpdatedAt !== undefined &&
    !(compareStamps(incoming.updatedAt, local.serverUpdatedAt) > 0)
  ) {
    return 'skip';
  }
  return incoming.deleted ? 'remove' : 'replace';
}
