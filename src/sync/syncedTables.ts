import type { IndexableType, Table } from 'dexie';
import type { PneumaDatabase } from '../data/db';
import type { LocalCopy } from '../domain/syncMerge';
import type { SectionOf } from './bundle/bundleSection';
import { favoritesKind, preferencesKind, ratingsKind } from './kinds/choiceKinds';
import { coursesKind, enrolmentsKind, progressKind } from './kinds/courseKinds';
import type { OutboxKind, SyncedTableRef, UploadOf } from './kinds/outboxKind';
import { patternsKind } from './kinds/patternsKind';
import { programsKind } from './kinds/programsKind';
import { sessionsKind } from './kinds/sessionsKind';
import { visionKind } from './kinds/visionKind';
import { fromEnrolmentRow, fromProgressRow, progressKey } from './rows/enrolmentRow';
import { fromFavoriteRow } from './rows/favoriteRow';
import { fromPatternRow } from './rows/patternRow';
import { fromPreferenceRow } from './rows/preferenceRow';
import { fromProgramRow } from './rows/programRow';
import { fromRatingRow } from './rows/ratingRow';
import { fromSessionRow } from './rows/sessionRow';
import { textOr, type ServerRow } from './rows/serverValues';

/**
 * THE list of tables this device keeps in step with the server (docs/product.md § Sync).
 * Everything that needs to know which tables sync derives from it: the upload (outbox
 * kinds, in this order), the pull (in this order), the sync controller's "something new to
 * upload" watch, sign-out clearing, guest adoption and the unsynced count
 * (./personData.ts), and the offline data file's export and import (features/data-bundle).
 * A new synced table is one entry here plus its row mappers in ./rows (its OutboxKind in
 * ./kinds, its data-file section in ./bundle).
 */
export interface SyncedTable<
  L extends LocalCopy = LocalCopy,
  K extends IndexableType = IndexableType,
> extends SyncedTableRef<L, K> {
  /** The Dexie table's name (also its section name in the data file). */
  name: string;
  local(db: PneumaDatabase): Table<L, K>;
  /**
   * The local field that names the person a row belongs to. The table has an index on it
   * and on `[field+syncState]`.
   */
  ownerField: 'userId' | 'owner' | 'instructorId';
  /** The server table. */
  server: string;
  /** Its key column among the user's rows (ties of updated_at are read in this order). */
  keyColumn: string;
  /** How its records go up, in order, each made for this table (none: never uploaded from this device). */
  uploads: readonly UploadOf<L>[];
  /** How a server row lands here (absent: never pulled). */
  pull?: {
    /** The local key of a server row (null: unreadable). */
    localKey(row: ServerRow, userId: string): K | null;
    /** The server row as a local record (null: unreadable, skipped). */
    fromRow(row: ServerRow, userId: string, serverUpdatedAt: string): L | null;
  };
  /** A new pending row of the signed-in user starts a sync run soon (page/syncController.ts). */
  watched: boolean;
  /** Every row of the user goes at sign-out (and counts as unsynced while not on the server). */
  clearedAtSignOut: boolean;
  /** Rows made as a guest (owner GUEST_OWNER) join the account at sign-in. Needs ownerField 'owner'. */
  guestAdopted: boolean;
  /**
   * Its rows are in the offline data file as the section `name`: how they are written, checked
   * and read back (./bundle/bundleSection.ts). Absent: not in the file. Loaded only when a
   * file is written or read, so its checks stay out of the app's first load.
   */
  bundle?: () => Promise<SectionOf<L>>;
}

/** Each entry keeps its own record type; the list holds them side by side. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySyncedTable = SyncedTable<any, any>;

const text = (column: string) => (row: ServerRow) => textOr(row[column]) ?? null;

/** A per-person table: one row per user and item (pattern id, preference key, course id). */
const perPersonKey =
  (column: string) =>
  (row: ServerRow, userId: string): [string, string] | null => {
    const item = textOr(row[column]);
    return item ? [userId, item] : null;
  };

/**
 * False in the service worker's build (vite.config.ts defines PNEUMA_SERVICE_WORKER there):
 * the worker never writes or reads the data file, so the sections' loaders, and the checks
 * (zod, the pattern and program schemas) they would bring into sw.js, are left out of it.
 */
// `import.meta.env` is undefined outside Vite (the benches run this file under tsx).
const withFile = !(import.meta.env && import.meta.env.PNEUMA_SERVICE_WORKER === true);

/** The person's choices: kept per owner, made as a guest too, all synced both ways. */
const choice = {
  ownerField: 'owner',
  watched: true,
  clearedAtSignOut: true,
  guestAdopted: true,
} as const;

export const SYNCED_TABLES: readonly AnySyncedTable[] = [
  {
    name: 'sessions',
    local: (db) => db.sessions,
    ownerField: 'userId',
    server: 'sessions',
    keyColumn: 'id',
    // The camera's summary goes right after its session, which it points at.
    uploads: [sessionsKind, visionKind],
    pull: { localKey: text('id'), fromRow: fromSessionRow },
    watched: true,
    clearedAtSignOut: true,
    guestAdopted: false, // joins only when the user says so (attachGuestSessions)
    bundle: withFile
      ? () => import('./bundle/sessionsSection').then((m) => m.sessionsSection)
      : undefined,
  },
  {
    name: 'patterns',
    local: (db) => db.patterns,
    ownerField: 'userId',
    server: 'patterns',
    keyColumn: 'id',
    uploads: [patternsKind],
    pull: { localKey: text('id'), fromRow: fromPatternRow },
    watched: true,
    clearedAtSignOut: true,
    guestAdopted: false,
    bundle: withFile
      ? () => import('./bundle/patternsSection').then((m) => m.patternsSection)
      : undefined,
  },
  {
    // Custom programs (docs/product.md § Programs), synced like custom patterns.
    name: 'programs',
    local: (db) => db.programs,
    ownerField: 'userId',
    server: 'programs',
    keyColumn: 'id',
    uploads: [programsKind],
    pull: { localKey: text('id'), fromRow: fromProgramRow },
    watched: true,
    clearedAtSignOut: true,
    guestAdopted: false,
    // Without deleted programs' tombstones; older files have no programs.
    bundle: withFile
      ? () => import('./bundle/programsSection').then((m) => m.programsSection)
      : undefined,
  },
  {
    ...choice,
    name: 'userFavorites',
    local: (db) => db.userFavorites,
    server: 'user_favorites',
    keyColumn: 'pattern_id',
    uploads: [favoritesKind],
    pull: { localKey: perPersonKey('pattern_id'), fromRow: fromFavoriteRow },
  },
  {
    ...choice,
    name: 'userRatings',
    local: (db) => db.userRatings,
    server: 'user_ratings',
    keyColumn: 'pattern_id',
    uploads: [ratingsKind],
    pull: { localKey: perPersonKey('pattern_id'), fromRow: fromRatingRow },
  },
  {
    // The person's settings are in the data file too, but as one `userPreferences` object
    // (data/preferencesRepo's, the same for a guest), not as these rows: no section here.
    ...choice,
    name: 'userPreferences',
    local: (db) => db.userPreferences,
    server: 'user_preferences',
    keyColumn: 'key',
    uploads: [preferencesKind],
    pull: { localKey: perPersonKey('key'), fromRow: fromPreferenceRow },
  },
  {
    // An instructor's own courses. Not pulled: a pull of `courses` would bring every
    // published course; they are fetched when a student enrols or opens one online.
    name: 'courses',
    local: (db) => db.courses,
    ownerField: 'instructorId',
    server: 'courses',
    keyColumn: 'id',
    uploads: [coursesKind],
    watched: false,
    clearedAtSignOut: true,
    guestAdopted: false,
  },
  {
    // A student's enrolments and completed days (docs/product.md § Instructors).
    // Guests never have any (enrolling needs an account), so adoption finds none.
    ...choice,
    watched: false,
    name: 'courseEnrolments',
    local: (db) => db.courseEnrolments,
    server: 'course_enrolments',
    keyColumn: 'course_id',
    uploads: [enrolmentsKind],
    pull: { localKey: perPersonKey('course_id'), fromRow: fromEnrolmentRow },
  },
  {
    ...choice,
    watched: false,
    name: 'courseProgress',
    local: (db) => db.courseProgress,
    server: 'course_progress',
    keyColumn: 'progress_key',
    uploads: [progressKind],
    pull: { localKey: progressKey, fromRow: fromProgressRow },
  },
];

/** Every upload kind of `tables`, in upload order. */
export const uploadKindsOf = (tables: readonly AnySyncedTable[]): OutboxKind<unknown>[] =>
  tables.flatMap((t) => t.uploads.map((upload) => upload(t) as OutboxKind<unknown>));

/** The pulled entries of `tables`, in pull order. */
export const pulledTablesOf = (tables: readonly AnySyncedTable[]) =>
  tables.filter(
    (t): t is AnySyncedTable & Required<Pick<AnySyncedTable, 'pull'>> => t.pull !== undefined,
  );
