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
