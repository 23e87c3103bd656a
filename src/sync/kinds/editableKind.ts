import type { IndexableType, Table } from 'dexie';
import type { PneumaDatabase, SyncState } from '../../data/db';
import { recordStop, type OutboxResult } from '../outboxResult';
import type { RunContext } from '../runContext';
import type { UpsertOutcome, UpsertTarget } from '../upsert';
import type { OutboxKind, SyncedTableRef } from './outboxKind';
import type { ServerRow } from '../rows/serverValues';
import { isStamp } from '../../domain/syncMerge';

/** A local record that can be edited again after it was made (and so re-uploaded). */
export interface EditableRecord {
  syncState: SyncState;
  /** The server's stamp of the version this copy matches (src/domain/syncMerge.ts). */
  serverUpdatedAt?: string;
  /** ISO time of the last local change (device clock: only tells whether it changed during an upload). */
  updatedAt: string;
  /** A tombstone: removed here; dropped once the server has stored the removal. */
  deleted?: boolean;
  lastError?: string;
}

/** The upload of one table's records; the table itself comes from its registry entry. */
export interface EditableKindSpec<T extends EditableRecord, K extends IndexableType> extends Omit<
  UpsertTarget,
  'table'
> {
  toRow(item: T, userId: string): object;
  keyOf(item: T): K;
  /** Counts a settled batch in the run's result. */
  count(result: OutboxResult, uploaded: boolean, n: number): void;
  /**
   * The local key of a row the server sent back (with `echo`, the columns it needs and
   * updated_at): the record then keeps the server's stamp, and the pull's copy of the same
   * version changes nothing (src/domain/syncMerge.ts).
   */
  echoKey?(row: ServerRow, userId: string): K | null;
}

/** A spec with its table: what the upload of a batch works on. */
interface BoundSpec<T extends EditableRecord, K extends IndexableType> extends EditableKindSpec<
  T,
  K
> {
  local(db: PneumaDatabase): Table<T, K>;
}

/**
 * An outbox kind for records that can change again (custom patterns, favourites, ratings,
 * preferences). The upload is an upsert that merges: the version that reaches the server
 * last wins, and the server stamps it (docs/product.md § Sync). A failed refresh or
 * transient trouble leaves them pending for a later run; any other outcome is recorded on
 * the ones not changed again while the upload was in flight (those stay pending for the
 * newer version). Due: the signed-in user's pending records (by `[ownerField+syncState]`).
 */
export function editableKind<T extends EditableRecord, K extends IndexableType>(
  spec: EditableKindSpec<T, K>,
): (table: SyncedTableRef<T, K>) => OutboxKind<T> {
  return (table) => {
    const bound: BoundSpec<T, K> = { ...spec, local: table.local };
    return {
      table: table.server,
      onDuplicate: spec.onDuplicate,
      onConflict: spec.onConflict,
      echo: spec.echo,
      toRow: spec.toRow,
      loadDue: (ctx) =>
        table
          .local(ctx.db)
          .where(`[${table.ownerField}+syncState]`)
          .equals([ctx.userId, 'pending'])
          .toArray(),
      settle: (ctx, batch, outcome) => settle(bound, ctx, batch, outcome),
    };
  };
}

type Settled = Exclude<UpsertOutcome, { kind: 'unauthorized' | 'transient' }>;

async function settle<T extends EditableRecord, K extends IndexableType>(
  spec: BoundSpec<T, K>,
  ctx: RunContext,
  batch: T[],
  outcome: UpsertOutcome,
): Promise<boolean> {
  if (outcome.kind === 'unauthorized' || outcome.kind === 'transient') {
    recordStop(ctx.result, outcome);
    return false;
  }
  const stamps =
    outcome.kind === 'ok' ? echoStamps(spec, ctx.userId, outcome.rows) : new Map<string, string>();
  await markUnchanged(spec, ctx.db, batch, outcomeChanges(outcome), stamps);
  spec.count(ctx.result, outcome.kind === 'ok', batch.length);
  return true;
}

/** The server's stamp of each echoed row, by its local key (as JSON). */
function echoStamps<T extends EditableRecord, K extends IndexableType>(
  spec: EditableKindSpec<T, K>,
  userId: string,
  rows: ServerRow[],
): Map<string, string> {
  const stamps = new Map<string, string>();
  if (!spec.echoKey) return stamps;
  for (const row of rows) {
    const key = spec.echoKey(row, userId);
    if (key !== null && isStamp(row.updated_at)) stamps.set(JSON.stringify(key), row.updated_at);
  }
  return stamps;
}

function outcomeChanges(outcome: Settled): Partial<EditableRecord> {
  if (outcome.kind === 'ok') return { syncState: 'synced', lastError: undefined };
  return {
    syncState: outcome.kind === 'not_found' ? 'local_only' : 'failed',
    lastError: outcome.message,
  };
}

async function markUnchanged<T extends EditableRecord, K extends IndexableType>(
  spec: BoundSpec<T, K>,
  database: PneumaDatabase,
  batch: T[],
  changes: Partial<EditableRecord>,
  stamps: Map<string, string>,
): Promise<void> {
  const table = spec.local(database);
  await database.transaction('rw', table, async () => {
    const current = await table.bulkGet(batch.map((item) => spec.keyOf(item)));
    const unchanged = batch.filter((item, i) => {
      const now = current[i];
      return now !== undefined && now.updatedAt === item.updatedAt && now.syncState === 'pending';
    });
    // A tombstone the server stored is dropped here: the server keeps it for the other devices.
    const stored = changes.syncState === 'synced';
    const gone = stored ? unchanged.filter((item) => item.deleted === true) : [];
    if (gone.length) await table.bulkDelete(gone.map((item) => spec.keyOf(item)));
    await table.bulkPut(
      unchanged
        .filter((item) => !gone.includes(item))
        .map((item) => {
          const serverUpdatedAt = stamps.get(JSON.stringify(spec.keyOf(item)));
          return withChanges(item, serverUpdatedAt ? { ...changes, serverUpdatedAt } : changes);
        }),
    );
  });
}

function withChanges<T extends EditableRecord>(item: T, changes: Partial<EditableRecord>): T {
  const next = { ...item, ...changes };
  if (next.lastError === undefined) delete next.lastError;
  return next;
}
