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

const pendingOf =
  <T extends SyncedRowMeta>(local: (db: PneumaDatabase) => OwnedTable<T>) =>
  (ctx: RunContext) =>
    local(ctx.db).where('[owner+syncState]').equals([ctx.userId, 'pending']).toArray();

const countChoices = (result: OutboxResult, uploaded: boolean, n: number) => {
  if (uploaded) result.choicesUploaded += n;
  else result.choicesFailed += n;
};

export const favoritesKind = editableKind<FavoritePatternRecord, [string, string]>({
  table: 'user_favorites',
  onConflict: 'user_id,pattern_id',
  onDuplicate: 'merge',
  toRow: toFavoriteRow,
  local: (db) => db.userFavorites,
  keyOf: (f) => [f.owner, f.patternId],
  loadPending: pendingOf((db) => db.userFavorites),
  count: countChoices,
});

export const ratingsKind = editableKind<PatternRatingRecord, [string, string]>({
  table: 'user_ratings',
  onConflict: 'user_id,pattern_id',
  onDuplicate: 'merge',
  toRow: toRatingRow,
  local: (db) => db.userRatings,
  keyOf: (r) => [r.owner, r.patternId],
  loadPending: pendingOf((db) => db.userRatings),
  count: countChoices,
});

export const preferencesKind = editableKind<UserPreferenceRecord, [string, string]>({
  table: 'user_preferences',
  onConflict: 'user_id,key',
  onDuplicate: 'merge',
  toRow: toPreferenceRow,
  local: (db) => db.userPreferences,
  keyOf: (p) => [p.owner, p.key],
  loadPending: pendingOf((db) => db.userPreferences),
  count: countChoices,
});
