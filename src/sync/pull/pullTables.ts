import type { IndexableType, Table } from 'dexie';
import type { PneumaDatabase } from '../../data/db';
import type { LocalCopy } from '../../domain/syncMerge';
import { fromFavoriteRow } from '../rows/favoriteRow';
import { fromPatternRow } from '../rows/patternRow';
import { fromProgramRow } from '../rows/programRow'; // [programs #35]
import { fromPreferenceRow } from '../rows/preferenceRow';
import { fromRatingRow } from '../rows/ratingRow';
import { fromSessionRow } from '../rows/sessionRow';
import { textOr, type ServerRow } from '../rows/serverValues';
import { COURSE_PULL_TABLES } from './courseTables';

/**
 * Every server table a device pulls, with how its rows land in the local database. The
 * key column orders rows that share one server stamp (see src/domain/pullPlan.ts).
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

const text = (column: string) => (row: ServerRow) => textOr(row[column]) ?? null;

/** A per-person table: one row per user and item (pattern id or preference key). */
function owned<L extends LocalCopy>(
  table: string,
  keyColumn: string,
  local: (db: PneumaDatabase) => Table<L, [string, string]>,
  fromRow: PullTable<L, [string, string]>['fromRow'],
): PullTable<L, [string, string]> {
  const localKey = (row: ServerRow, userId: string): [string, string] | null => {
    const item = textOr(row[keyColumn]);
    return item ? [userId, item] : null;
  };
  return { table, keyColumn, local, localKey, fromRow };
}

// Each spec keeps its own record type; the list holds them side by side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const PULL_TABLES: readonly PullTable<any, any>[] = [
  {
    table: 'sessions',
    keyColumn: 'id',
    local: (db) => db.sessions,
    localKey: text('id'),
    fromRow: fromSessionRow,
  },
  {
    table: 'patterns',
    keyColumn: 'id',
    local: (db) => db.patterns,
    localKey: text('id'),
    fromRow: fromPatternRow,
  },
  // [programs #35] custom programs, pulled like custom patterns.
  {
    table: 'programs',
    keyColumn: 'id',
    local: (db) => db.programs,
    localKey: text('id'),
    fromRow: fromProgramRow,
  },
  owned('user_favorites', 'pattern_id', (db) => db.userFavorites, fromFavoriteRow),
  owned('user_ratings', 'pattern_id', (db) => db.userRatings, fromRatingRow),
  owned('user_preferences', 'key', (db) => db.userPreferences, fromPreferenceRow),
  ...COURSE_PULL_TABLES,
];
