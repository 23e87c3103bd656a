import type { Table } from 'dexie';
import type { CustomPatternRecord } from '../../data/db';
import { toPatternRow } from '../rows/patternRow';
import { editableKind } from './editableKind';

/** The user's custom patterns (create, edit, soft delete): see ./editableKind. */
export const patternsKind = editableKind<CustomPatternRecord, string>({
  table: 'patterns',
  onDuplicate: 'merge',
  echo: 'id,updated_at',
  echoKey: (row) => (typeof row.id === 'string' ? row.id : null),
  toRow: toPatternRow,
  local: (db) => db.patterns as Table<CustomPatternRecord, string>,
  keyOf: (p) => p.id,
  loadPending: (ctx) =>
    ctx.db.patterns.where('[userId+syncState]').equals([ctx.userId, 'pending']).toArray(),
  count: (result, uploaded, n) => {
    if (uploaded) result.patternsUploaded += n;
    else result.patternsFailed += n;
  },
});
