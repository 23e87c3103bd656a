import type { CustomPatternRecord } from '../../data/db';
import { recordStop } from '../outboxResult';
import { toPatternRow } from '../rows/patternRow';
import type { RunContext } from '../runContext';
import type { UpsertOutcome } from '../upsert';
import type { OutboxKind } from './outboxKind';

/**
 * The user's custom patterns (create, edit, soft delete). They can be edited, so the
 * newest local version wins on the server. A failed refresh or transient trouble leaves
 * them pending for a later run; any other outcome is recorded on the ones not edited
 * while the upload was in flight.
 */
export const patternsKind: OutboxKind<CustomPatternRecord> = {
  table: 'patterns',
  onDuplicate: 'merge',
  toRow: toPatternRow,
  loadDue: loadPendingPatterns,
  settle: settlePatterns,
};

async function loadPendingPatterns(ctx: RunContext): Promise<CustomPatternRecord[]> {
  const pending = await ctx.db.patterns.where('syncState').equals('pending').toArray();
  return pending.filter((p) => p.userId === ctx.userId);
}

async function settlePatterns(
  ctx: RunContext,
  batch: CustomPatternRecord[],
  outcome: UpsertOutcome,
): Promise<boolean> {
  if (outcome.kind === 'unauthorized' || outcome.kind === 'transient') {
    recordStop(ctx.result, outcome);
    return false;
  }
  await markUnchanged(ctx, batch, outcomeChanges(outcome));
  if (outcome.kind === 'ok') ctx.result.patternsUploaded += batch.length;
  else ctx.result.patternsFailed += batch.length;
  return true;
}

type Settled = Exclude<UpsertOutcome, { kind: 'unauthorized' | 'transient' }>;

function outcomeChanges(outcome: Settled): Partial<CustomPatternRecord> {
  if (outcome.kind === 'ok') return { syncState: 'synced', lastError: undefined };
  return { syncState: outcome.kind === 'not_found' ? 'local_only' : 'failed', lastError: outcome.message };
}

/** A pattern edited while the upload was in flight stays pending for the newer version. */
async function markUnchanged(
  ctx: RunContext,
  batch: CustomPatternRecord[],
  changes: Partial<CustomPatternRecord>,
): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.patterns, async () => {
    for (const p of batch) {
      const current = await db.patterns.get(p.id);
      if (!current || current.updatedAt !== p.updatedAt || current.syncState !== 'pending') continue;
      await db.patterns.update(p.id, changes);
    }
  });
}
