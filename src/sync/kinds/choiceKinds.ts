import type {
  FavoritePatternRecord,
  PatternRatingRecord,
  SyncedRowMeta,
  UserPreferenceRecord,
} from '../../data/db';
import type { OutboxResult } from '../outboxResult';
import { toFavoriteRow } from '../rows/favoriteRow';
import { toPreferenceRow } from '../rows/preferenceRow';
import { toRatingRow } from '../rows/ratingRow';
import { editableKind } from './editableKind';

/**
 * The person's choices: favourites, ratings and preferences. One server row per user and
 * item (so the same favourite made on two devices is one row); a removal is a tombstone
 * upload. See ./editableKind for the outcomes; their tables: ../syncedTables.ts.
 */
const countChoices = (result: OutboxResult, uploaded: boolean, n: number) => {
  if (uploaded) result.choicesUploaded += n;
  else result.choicesFailed += n;
};

/** The kind of one per-person table; `item` names the record's part of the key. */
function choiceKind<T extends SyncedRowMeta>(
  onConflict: string,
  itemColumn: string,
  item: (row: T) => string,
  toRow: (row: T, userId: string) => object,
) {
  return editableKind<T, [string, string]>({
    onConflict,
    onDuplicate: 'merge',
    echo: `${itemColumn},updated_at`,
    echoKey: (row, userId) =>
      typeof row[itemColumn] === 'string' ? [userId, row[itemColumn]] : null,
    toRow,
    keyOf: (row) => [row.owner, item(row)],
    count: countChoices,
  });
}

export const favoritesKind = choiceKind<FavoritePatternRecord>(
  'user_id,pattern_id',
  'pattern_id',
  (f) => f.patternId,
  toFavoriteRow,
);

export const ratingsKind = choiceKind<PatternRatingRecord>(
  'user_id,pattern_id',
  'pattern_id',
  (r) => r.patternId,
  toRatingRow,
);

export const preferencesKind = choiceKind<UserPreferenceRecord>(
  'user_id,key',
  'key',
  (p) => p.key,
  toPreferenceRow,
);
