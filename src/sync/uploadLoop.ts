import { withinStorageWait } from '../data/storageWait';
import { delayBeforeRetry } from '../domain/retry';
import type { OutboxKind } from './kinds/outboxKind';
import type { RunContext } from './runContext';
import type { UpsertOutcome } from './upsert';

/**
 * The upload loop, the same for every kind of record: the due records go in batches;
 * a batch refused by the server is sent again record by record so only the refused ones
 * are marked; a 401 refreshes the token once per run; transient trouble is retried with
 * the generic back-off (1 s doubling to 30 s) up to the run's retry count, unless the
 * device is known to be offline. The kind records each final outcome.
 */
export async function uploadKind<T>(ctx: RunContext, kind: OutboxKind<T>): Promise<void> {
  // Bounded: a store left locked must not hold the outbox lock with no end (issue #37).
  const due = await withinStorageWait(kind.loadDue(ctx), 'read what waits for upload');
  for (let i = 0; i < due.length; i += ctx.batchSize) {
    const keepGoing = await uploadBatch(ctx, kind, due.slice(i, i + ctx.batchSize));
    kind.afterBatch?.(ctx, due.length);
    if (!keepGoing) return;
  }
}

/** Returns false when the run must stop. */
async function uploadBatch<T>(ctx: RunContext, kind: OutboxKind<T>, batch: T[]): Promise<boolean> {
  const outcome = await sendWithRetries(ctx, kind, batch);
  if (outcome.kind === 'rejected' && batch.length > 1) return uploadOneByOne(ctx, kind, batch);
  return kind.settle(ctx, batch, outcome);
}

/** One bad row fails the whole statement: each record goes alone so only it is marked. */
async function uploadOneByOne<T>(ctx: RunContext, kind: OutboxKind<T>, batch: T[]): Promise<boolean> {
  for (const item of batch) {
    if (!(await uploadBatch(ctx, kind, [item]))) return false;
  }
  return true;
}

async function sendWithRetries<T>(ctx: RunContext, kind: OutboxKind<T>, batch: T[]): Promise<UpsertOutcome> {
  const rows = batch.map((item) => kind.toRow(item, ctx.userId));
  let retries = 0;
  for (;;) {
    const outcome = await ctx.upsert(kind, rows);
    if (outcome.kind === 'unauthorized' && (await ctx.tokens.refreshOnce())) continue;
    if (outcome.kind !== 'transient' || !mayRetry(ctx, outcome, retries)) return outcome;
    retries += 1;
    await ctx.sleep(delayBeforeRetry(retries));
  }
}

function mayRetry(ctx: RunContext, outcome: { network: boolean }, retriesSoFar: number): boolean {
  const knownOffline = outcome.network && !ctx.isOnline();
  return retriesSoFar < ctx.maxRetries && !knownOffline;
}
