import type { CustomProgramRecord } from '../../data/db';
import { toProgramRow } from '../rows/programRow';
import { editableKind } from './editableKind';

/**
 * The user's custom programs (create, soft delete), uploaded like custom patterns: see
 * ./editableKind; its entry in ../syncedTables.ts.
 */
export const programsKind = editableKind<CustomProgramRecord, string>({
  onDuplicate: 'merge',
  echo: 'id,updated_at',
  echoKey: (row) => (typeof row.id === 'string' ? row.id : null),
  toRow: toProgramRow,
  keyOf: (p) => p.id,
  count: (result, uploaded, n) => {
    if (uploaded) result.programsUploaded = (result.programsUploaded ?? 0) + n;
    else result.programsFailed = (result.programsFailed ?? 0) + n;
  },
});
