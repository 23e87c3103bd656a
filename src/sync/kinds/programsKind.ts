import type { Table } from 'dexie';
import type { CustomProgramRecord } from '../../data/db';
import { toProgramRow } from '../rows/programRow';
import { editableKind } from './editableKind';

/**
 * The user's custom programs (create, soft delete), uploaded like custom patterns: see
 * ./editableKind; its entry in ../syncedTables.ts.
 */
export const programsKind = editableKind<CustomProgramRecord, string>({
  table: 'programs',
  onDuplicate: 'merge',
  echo: 'id,updated_at',
  echoKey: (row) => (typeof row.id === 'string' ? row.id : null),
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
