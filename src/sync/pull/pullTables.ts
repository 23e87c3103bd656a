import type { IndexableType, Table } from 'dexie';
import type { PneumaDatabase } from '../../data/db';
import type { LocalCopy } from '../../domain/syncMerge';
import type { ServerRow } from '../rows/serverValues';
import { pulledTablesOf, type AnySyncedTable } from '../syncedTables';

/**
 * A server table as the pull sees it, with how its rows land in the local database. The
 * key column orders rows that share one server stamp (see src/domain/pullPlan.ts). Which
 * tables are pulled, and how: ../syncedTables.ts.
 */
export interface PullTable<L extends LocalCopy, K extends IndexableType> {
  /** The server table. */
  table: string;
  /** Its key column among the user's rows (ties of updated_at are read in this order). */
  keyColumn: string;
  local(db: PneumaDatabase): Table<L, K>;
  /** The local key of a server row (null: unreadable). */
  localKey(row: ServerRow, userId: string): K | null;
  /** The server row as a local record (null: unreadable, skipped). */
  fromRow(row: ServerRow, userId: string, serverUpdatedAt: string): L | null;
}

/** The pull's view of every pulled entry of `tables`, in pull order. */
export function pullTablesOf(tables: readonly AnySyncedTable[]): PullTable<LocalCopy, IndexableType>[] {
  return pulledTablesOf(tables).map((t) => ({
    table: t.server,
    keyColumn: t.keyColumn,
    local: t.local,
    localKey: t.pull.localKey,
    fromRow: t.pull.fromRow,
  }));
}
