import type { CustomPatternRecord } from '../../data/db';
import { toPatternRow } from '../rows/patternRow';
import { editableKind } from './editableKind';

/** The user's custom patterns (create, edit, soft delete): see ./editableKind. */
export const patternsKind = editableKind<CustomPatternRecord, string>({
  onDuplicate: 'merge',
  echo: 'id,updated_at',
  echoKey: (row) => (typeof row.id === 'string' ? row.id : null),
  toRow: toPatternRow,
  keyOf: (p) => p.id,
  count: (result, uploaded, n) => {
    if (uploaded) result.patternsUploaded += n;
    else result.patternsFailed += n;
  },
});
