import type { IndexableType, Table } from 'dexie';
import type { PneumaDatabase } from '../../data/db';
import type { RunContext } from '../runContext';
import type { UpsertOutcome, UpsertTarget } from '../upsert';

/**
 * One kind of record the outbox uploads (sessions, custom patterns, ...): which table it
 * goes to, how a record becomes a row, which records are due, and what each final
 * outcome of a batch does to them. The upload loop (uploadLoop.ts) is the same for all.
 *
 * The methods take the record type as a parameter, so a kind for one record type fits
 * the table of kinds (`OutboxKind<unknown>`).
 */
export interface OutboxKind<T> extends UpsertTarget {
  /** The server row for a record of the signed-in user. */
  toRow(item: T, userId: string): object;
  /** The user's records to send now, in upload order. May set aside records that can never be sent. */
  loadDue(ctx: RunContext): Promise<T[]>;
  /**
   * Records the final outcome of a batch (after refresh and retries) on its records and
   * in the run's result. A rejected batch of several records never arrives here: the loop
   * sends each alone first. Returns false when the run must stop.
   */
  settle(ctx: RunContext, batch: T[], outcome: UpsertOutcome): Promise<boolean>;
  /** Called after each batch with the number of due records (progress display). */
  afterBatch?(ctx: RunContext, total: number): void;
}

/**
 * What an upload kind learns of its table from the table's entry in ../syncedTables.ts (the
 * one place that names the server table, the Dexie table and the owner field), so no kind
 * repeats them.
 */
export interface SyncedTableRef<L, K extends IndexableType = IndexableType> {
  /** The server table (PostgREST's /rest/v1/<server>). */
  server: string;
  /** The Dexie table. */
  local(db: PneumaDatabase): Table<L, K>;
  /** The local field naming the person a row belongs to (indexed with syncState). */
  ownerField: 'userId' | 'owner' | 'instructorId';
}

/** An upload kind, made for the table of the registry entry that lists it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UploadOf<L> = (table: SyncedTableRef<L, any>) => OutboxKind<L>;
