import type { Table } from 'dexie';
import type {
  FavoritePatternRecord,
  PatternRatingRecord,
  PneumaDatabase,
  SyncedRowMeta,
  UserPreferenceRecord,
} from '../../data/db';
import type { OutboxResult } from '../outboxResult';
import { toFavoriteRow } from '../rows/favoriteRow';
import { toPreferenceRow } from '../rows/preferenceRow';
import { toRatingRow } from '../rows/ratingRow';
import type { RunContext } from '../runContext';
import { editableKind } from './editableKind';

/**
 * The person's choices: favourites, ratings and preferences. One server row per user and
 * item (so the same favourite made on two devices is one row); a removal is a tombstone
 * upload. See ./editableKind for the outcomes.
 */
type OwnedTable<T> = Table<T, [string, string]>;

const countChoices = (result: OutboxResult, uploaded: boolean, n: number) => {
  if (uploaded) result.choicesUploaded += n;
  else result.choicesFailed += n;
};

/** The kind of one per-person table; `item` names the record's part of the key. */
function choiceKind<T extends SyncedRowMeta>(
  table: string,
  onConflict: string,
  itemColumn: string,
  local: (db: PneumaDatabase) => OwnedTable<T>,
  item: (row: T) => string,
  toRow: (row: T, userId: string) => object,
) {
  return editableKind<T, [string, string]>({
    table,
    onConflict,
    onDuplicate: 'merge',
    echo: `${itemColumn},updated_at`,
    echoKey: (row, userId) => (typeof row[itemColumn] === 'string' ? [userId, row[itemColumn]] : null),
    toRow,
    local,
    keyOf: (row) => [row.owner, item(row)],
    loadPending: (ctx: RunContext) =>
      local(ctx.db).where('[owner+syncState]').equals([ctx.userId, 'pending']).toArray(),
    count: countChoices,
  });
}

export const favoritesKind = choiceKind<FavoritePatternRecord>(
  'user_favorites',
  'user_id,pattern_id',
  'pattern_id',
  (db) => db.userFavorites,
  (f) => f.patternId,
  toFavoriteRow,
);

export const ratingsKind = choiceKind<PatternRatingRecord>(
  'user_ratings',
  'user_id,pattern_id',
  'pattern_id',
  (db) => db.userRatings,
  (r) => r.patternId,
  toRatingRow,
);

export const preferencesKind = choiceKind<UserPreferenceRecord>(
  'user_preferences',
  'user_id,key',
  'key',
  (db) => db.userPreferences,
  (p) => p.key,
  toPreferenceRow,
);
