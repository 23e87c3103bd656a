import { db as defaultDb } from '../data/db';
import { getAuthSession } from '../data/authSessionRepo';
import { StorageTimeoutError, withinStorageWait } from '../data/storageWait';
import { OUTBOX_LOCK_NAME } from './constants';
import { pendingSessions } from './kinds/sessionsKind';
import { emptyOutboxResult, type OutboxResult } from './outboxResult';
import type { OutboxConfig, OutboxDeps } from './outboxTypes';
import { createRunContext, type RunContext } from './runContext';
import { pullChanges } from './pull';
import { SYNCED_TABLES, uploadKindsOf } from './syncedTables';
import { uploadKind } from './uploadLoop';

export type { OutboxConfig, OutboxDeps } from './outboxTypes';
export type { OutboxResult } from './outboxResult';

/**
 * The outbox: uploads the signed-in user's pending records (sessions, custom patterns,
 * favourites, ratings, preferences, courses: the entries of ./syncedTables.ts) to the PostgREST endpoint
 * `/rest/v1/<table>` as idempotent upserts keyed by the record's id (or user and item),
 * so a replay (a page closed mid-batch, a lost response, the page and the service worker
 * both running) can never store a record twice. With `pull`, the same run then pulls
 * what changed on the server (./pull).
 *
 * Plain fetch, no supabase-js and no DOM: the same module runs in the page and in the
 * service worker. Tokens come from the auth-session repository (db.authSession).
 * How each answer of the server is handled: ./upsert.ts and ./uploadLoop.ts; the rules
 * in words: docs/product.md § Sync.
 */

let localQueue: Promise<unknown> = Promise.resolve();

interface WebLocks {
  request: (name: string, callback: () => Promise<OutboxResult>) => Promise<OutboxResult>;
}

/**
 * Runs one exclusive outbox pass. The page and the service worker share a Web Lock where
 * the runtime has one; inside one realm calls are queued.
 */
export function runOutbox(config: OutboxConfig, deps: OutboxDeps = {}): Promise<OutboxResult> {
  const locks = (globalThis as { navigator?: { locks?: WebLocks } }).navigator?.locks;
  const unlocked = () => runOutboxUnlocked(config, deps);
  const run = () => (locks ? locks.request(OUTBOX_LOCK_NAME, unlocked) : unlocked());
  const next = localQueue.then(run, run);
  localQueue = next.catch(() => undefined);
  return next;
}

/** One outbox pass without any locking. */
async function runOutboxUnlocked(
  config: OutboxConfig,
  deps: OutboxDeps = {},
): Promise<OutboxResult> {
  const database = deps.db ?? defaultDb;
  try {
    const auth = await withinStorageWait(getAuthSession(database), 'read the stored sign-in');
    if (!auth) return emptyOutboxResult('signed_out');
    const ctx = createRunContext(config, deps, database, auth);
    for (const kind of uploadKindsOf(SYNCED_TABLES)) {
      if (ctx.result.status !== 'done') break;
      await uploadKind(ctx, kind);
    }
    // Then bring down what the user's other devices changed (the page asks for it; not
    // worth trying when the upload just found no network or no valid token).
    const { status, offline } = ctx.result;
    if (deps.pull && status !== 'auth_required' && !(status === 'retry_later' && offline)) {
      ctx.result.pull = await pullChanges(ctx);
    }
    return await finish(ctx);
  } catch (error) {
    // A store left locked (issue #37) ends the pass, and with it the lock, instead of
    // holding both with no end; every record stays pending for the next pass.
    if (!(error instanceof StorageTimeoutError)) throw error;
    return { ...emptyOutboxResult('retry_later'), error: error.message };
  }
}

/** Test hook: one pass without the lock or the queue, to let two "tabs" race. */
export const runOutboxUnlockedForTests = runOutboxUnlocked;

/** Counts what is left; sessions still backing off from an earlier run mean 'retry later'. */
async function finish(ctx: RunContext): Promise<OutboxResult> {
  const { result } = ctx;
  result.remaining = await withinStorageWait(
    pendingSessions(ctx.db, ctx.userId).count(),
    'count pending sessions',
  );
  if (result.status === 'done' && result.remaining > 0) result.status = 'retry_later';
  return result;
}
