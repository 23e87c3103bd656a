import type { Table } from 'dexie';
import type { CustomPatternRecord } from '../../data/db';
import { toPatternRow } from '../rows/patternRow';
import { editableKind } from './editableKind';

/** The user's custom patterns (create, edit, soft delete): see ./editableKind. */
export const patternsKind = editableKind<CustomPatternRecord, string>({
  table: 'patterns',
  onDuplicate: 'merge',
  // No echo yet: the pattern form's schema refuses a record with serverUpdatedAt (a pulled
  // copy of one's own upload is written again, as before).
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
