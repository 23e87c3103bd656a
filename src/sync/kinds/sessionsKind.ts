import type { PneumaDatabase, SessionRecord } from '../../data/db';
import { delayBeforeRetry } from '../../domain/retry';
import { INVALID_START_TIME, REFRESH_FAILED } from '../messages';
import { recordStop } from '../outboxResult';
import { isValidStartTime, toSessionRow } from '../rows/sessionRow';
import type { ServerRow } from '../rows/serverValues';
import { isStamp } from '../../domain/syncMerge';
import type { RunContext } from '../runContext';
import type { UpsertOutcome } from '../upsert';
import type { UploadOf } from './outboxKind';

/**
 * Finished sessions. They never change once made, so a replay is ignored by the server.
 * Outcomes: ok marks them synced (and the last sync time); not_found keeps them on this
 * device only; rejected marks the one refused session failed with the server's message;
 * a failed refresh or transient trouble leaves them pending and stops the run, transient
 * trouble with a next attempt time from the generic back-off (1 s doubling to 30 s).
 */
export const sessionsKind: UploadOf<SessionRecord> = (table) => ({
  table: table.server,
  onDuplicate: 'ignore',
  echo: 'id,updated_at',
  toRow: toSessionRow,
  loadDue: loadDueSessions,
  settle: settleSessions,
  afterBatch: (ctx, total) => ctx.onBatch?.({ uploaded: ctx.result.uploaded, total }),
});

/** The user's sessions waiting in the outbox (backing off or not). */
export function pendingSessions(database: PneumaDatabase, userId: string) {
  return database.sessions.where('[userId+syncState]').equals([userId, 'pending']);
}

const byCreatedAt = (a: SessionRecord, b: SessionRecord) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

async function loadDueSessions(ctx: RunContext): Promise<SessionRecord[]> {
  const pending = await pendingSessions(ctx.db, ctx.userId).toArray();
  const t0 = ctx.now();
  const due = pending
    .filter((s) => ctx.force || s.nextAttemptAt === undefined || s.nextAttemptAt <= t0)
    .sort(byCreatedAt);
  await keepInvalidOnDevice(
    ctx,
    due.filter((s) => !isValidStartTime(s)),
  );
  return due.filter((s) => isValidStartTime(s));
}

/** A session with an invalid start time is skipped: kept on the device and shown. */
async function keepInvalidOnDevice(ctx: RunContext, invalid: SessionRecord[]): Promise<void> {
  if (!invalid.length) return;
  await ctx.db.sessions.bulkUpdate(
    invalid.map((s) => ({
      key: s.id,
      changes: { syncState: 'local_only' as const, lastError: INVALID_START_TIME },
    })),
  );
  ctx.result.skipped += invalid.length;
  ctx.result.localOnly += invalid.length;
}

async function settleSessions(
  ctx: RunContext,
  batch: SessionRecord[],
  outcome: UpsertOutcome,
): Promise<boolean> {
  switch (outcome.kind) {
    case 'ok':
      await markSynced(ctx, batch, outcome.rows);
      return true;
    case 'not_found':
      await markAttempt(ctx, batch, { syncState: 'local_only', lastError: outcome.message });
      ctx.result.localOnly += batch.length;
      return true;
    case 'rejected':
      await markAttempt(ctx, batch, {
        syncState: 'failed',
        lastError: outcome.message,
        nextAttemptAt: undefined,
      });
      ctx.result.failed += batch.length;
      return true;
    case 'unauthorized':
      await ctx.db.sessions.bulkUpdate(
        batch.map((s) => ({ key: s.id, changes: { lastError: REFRESH_FAILED } })),
      );
      recordStop(ctx.result, outcome);
      return false;
    case 'transient':
      await scheduleNextAttempt(ctx, batch, outcome.message);
      recordStop(ctx.result, outcome);
      return false;
  }
}

/**
 * Synced, with the server's stamp of each row it stored (the echo of the upload), so the
 * pull's copy of the same row changes nothing. A replay the server ignored sends no echo:
 * that row keeps its stamp (or gets it from the next pull).
 */
async function markSynced(
  ctx: RunContext,
  batch: SessionRecord[],
  echo: ServerRow[],
): Promise<void> {
  const at = ctx.now();
  const { db } = ctx;
  const stamps = new Map(
    echo.flatMap((r) =>
      typeof r.id === 'string' && isStamp(r.updated_at) ? [[r.id, r.updated_at]] : [],
    ),
  );
  await db.transaction('rw', db.sessions, db.preferences, async () => {
    await ctx.db.sessions.bulkUpdate(
      batch.map((s) => {
        const serverUpdatedAt = stamps.get(s.id);
        return {
          key: s.id,
          changes: {
            syncState: 'synced' as const,
            syncedAt: at,
            lastError: undefined,
            nextAttemptAt: undefined,
            attempts: (s.attempts ?? 0) + 1,
            ...(serverUpdatedAt ? { serverUpdatedAt } : {}),
          },
        };
      }),
    );
    await db.preferences.put({ key: 'lastSyncTime', value: at });
  });
  ctx.result.uploaded += batch.length;
}

/** Applies `changes` to every session of the batch and counts one more attempt. */
async function markAttempt(
  ctx: RunContext,
  batch: SessionRecord[],
  changes: Partial<SessionRecord>,
): Promise<void> {
  await ctx.db.sessions.bulkUpdate(
    batch.map((s) => ({ key: s.id, changes: { ...changes, attempts: (s.attempts ?? 0) + 1 } })),
  );
}

/** Left pending: the next run tries again after the back-off for its attempt count. */
async function scheduleNextAttempt(
  ctx: RunContext,
  batch: SessionRecord[],
  message: string,
): Promise<void> {
  const at = ctx.now();
  await ctx.db.sessions.bulkUpdate(
    batch.map((s) => {
      const attempts = (s.attempts ?? 0) + 1;
      return {
        key: s.id,
        changes: { attempts, lastError: message, nextAttemptAt: at + delayBeforeRetry(attempts) },
      };
    }),
  );
}
