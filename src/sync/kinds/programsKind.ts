import type { Table } from 'dexie';
import type { CustomProgramRecord } from '../../data/db';
import { toProgramRow } from '../rows/programRow';
import { editableKind } from './editableKind';

/**
 * [programs #35] The user's custom programs (create, soft delete), uploaded like custom
 * patterns: see ./editableKind. One entry in OUTBOX_KINDS and one in PULL_TABLES; both are
 * marked "[programs #35]" so they move into the sync-table registry in one piece.
 */
export const programsKind = editableKind<CustomProgramRecord, string>({
  table: 'programs',
  onDuplicate: 'merge',
  toRow: toProgramRow,
  local: (db) => db.programs as Table<CustomProgramRecord, string>,
  keyOf: (p) => p.id,
  loadPending: (ctx) =>
    ctx.db.programs.where('[userId+syncState]').equals([ctx.userId, 'pending']).toArray(),
  count: (result, uploaded, n) => {
    if (uploaded) result.programsUploaded = (result.programsUploaded ?? 0) + n;
    else result.programsFailed = (result.programsFailed ?? 0) + n;
  },
});
