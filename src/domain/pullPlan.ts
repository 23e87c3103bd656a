/**
 * The order in which a device reads what changed on the server (docs/product.md § Sync).
 * Pure: it only says which page to ask for next.
 *
 * Rows come in server `updated_at` order, ties broken by the row's key, so a page boundary
 * never skips or repeats a row even when many rows share one stamp (a batch written in one
 * transaction). With only the filters every PostgREST has (eq, gt, gte), "after (stamp,
 * key)" is asked as two questions: the rest of the rows with that stamp (stamp = s and
 * key > k), then the rows with a later stamp (stamp > s).
 *
 * Each pull starts a little before the stored cursor (`PULL_OVERLAP_MS`): a write whose
 * transaction began earlier but finished after the last pull has an earlier stamp than
 * rows already read; reading the last moments again catches it. Rows read twice change
 * nothing (see syncMerge).
 */

/** Where the last pull of a table stopped: the last row read. */
export interface PullCursor {
  /** The server's `updated_at` of that row. */
  updatedAt: string;
  /** Its key (id, pattern id or preference key). */
  key: string;
}

export type PullStep =
  /** Rows stamped at or after `stamp` (the first page of a pull; none = from the beginning). */
  | { kind: 'from'; stamp: string | null }
  /** Rows with exactly this stamp and a key after `afterKey`. */
  | { kind: 'tie'; stamp: string; afterKey: string }
  /** Rows stamped after `stamp`. */
  | { kind: 'after'; stamp: string };

/** How far before the cursor each pull starts reading again. */
export const PULL_OVERLAP_MS = 2 * 60_000;

export function firstPullStep(
  cursor: PullCursor | null,
  overlapMs: number = PULL_OVERLAP_MS,
): PullStep {
  if (!cursor) return { kind: 'from', stamp: null };
  const ms = Date.parse(cursor.updatedAt);
  if (!Number.isFinite(ms)) return { kind: 'from', stamp: null };
  return { kind: 'from', stamp: new Date(ms - Math.max(0, overlapMs)).toISOString() };
}

/**
 * The step after a page: `count` rows came back (at most `pageSize`), `last` is the last
 * of them. Null when the table has nothing more.
 */
export function nextPullStep(
  step: PullStep,
  page: { count: number; last: PullCursor | undefined },
  pageSize: number,
): PullStep | null {
  const full = page.count >= pageSize && page.last !== undefined;
  if (step.kind === 'tie') {
    if (full) return { kind: 'tie', stamp: step.stamp, afterKey: page.last!.key };
    return { kind: 'after', stamp: step.stamp };
  }
  if (!full) return null;
  return { kind: 'tie', stamp: page.last!.updatedAt, afterKey: page.last!.key };
}

/** The later of two cursors (by stamp, then key); the stored cursor only moves forward. */
export function laterCursor(a: PullCursor | null, b: PullCursor | null): PullCursor | null {
  if (!a) return b;
  if (!b) return a;
  const d = Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  if (d > 0) return b;
  if (d < 0) return a;
  return b.key > a.key ? b : a;
}
