import { API_PREFIX } from '../../contracts/endpoint';
import { VISION_API } from '../../contracts/vision';
import type { SessionRecord } from '../../data/db';
import { recordStop } from '../outboxResult';
import { hasVisionSummary, toVisionRow } from '../rows/visionRow';
import type { RunContext } from '../runContext';
import type { UpsertOutcome } from '../upsert';
import type { UploadOf } from './outboxKind';

/**
 * The camera's summary of a session (docs/product.md § Vision), kept on the session's
 * record and sent to POST /api/vision/sessions once the session itself is on the server
 * (the summary points at it). A summary made as a guest goes up once its session has been
 * attached to the account and synced. Never changes once made: a replay is ignored.
 * Outcomes: ok marks it synced; not_found (a server without the endpoint) keeps it on
 * this device; a refusal marks it failed; a failed refresh or transient trouble leaves it
 * due and stops the run. Listed with the sessions' table (../syncedTables.ts), it goes to an
 * endpoint of its own, not to that table.
 */
export const visionKind: UploadOf<SessionRecord> = () => ({
  table: 'vision_sessions',
  path: API_PREFIX + VISION_API.upload.path,
  onDuplicate: 'ignore',
  toRow: toVisionRow,
  loadDue: loadDueSummaries,
  settle: settleSummaries,
});

const DUE = new Set<SessionRecord['visionSyncState']>(['pending', 'guest']);

async function loadDueSummaries(ctx: RunContext): Promise<SessionRecord[]> {
  return ctx.db.sessions
    .where('[userId+syncState]')
    .equals([ctx.userId, 'synced'])
    .filter((s) => hasVisionSummary(s) && DUE.has(s.visionSyncState))
    .toArray();
}

async function settleSummaries(
  ctx: RunContext,
  batch: SessionRecord[],
  outcome: UpsertOutcome,
): Promise<boolean> {
  if (outcome.kind === 'unauthorized' || outcome.kind === 'transient') {
    recordStop(ctx.result, outcome);
    return false;
  }
  const visionSyncState =
    outcome.kind === 'ok' ? 'synced' : outcome.kind === 'not_found' ? 'local_only' : 'failed';
  await ctx.db.sessions.bulkUpdate(batch.map((s) => ({ key: s.id, changes: { visionSyncState } })));
  return true;
}
