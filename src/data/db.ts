import Dexie, { type EntityTable, type Table } from 'dexie';
import { followPageLifecycle, type PageEvents } from './connectionLifecycle';
import { upgradeToPerPersonTables } from './upgrades/v3PerPerson';
import type { ErrorSeverity } from '../domain/errors/types';
import type { Course } from '../domain/instructor/course';
import type { PatternDefinition } from '../domain/patterns';
import type { ProgramDefinition } from '../domain/programs/programTypes';
import type { SessionRecord } from '../domain/sessionRecord';
import { SYNC_STATES, type SyncState } from '../domain/syncState';

/**
 * The one local database. Every completed session is written here first; the outbox
 * (src/sync) uploads what is pending. Bump the version and add an upgrade for any
 * schema change: upgrades must keep every row (tests/data covers each step).
 */

// A stored session and its sync state are the domain's shapes; re-exported for the data layer.
export { SYNC_STATES, type SessionRecord, type SyncState };

/** A pattern made on /create: its definition (checked by the domain's patternSchema) plus bookkeeping. */
export interface CustomPatternRecord extends PatternDefinition {
  id: string;
  userId: string | null;
  createdAt: string;
  updatedAt: string;
  deleted?: boolean;
  syncState: SyncState;
  lastError?: string;
  /** The server's `updated_at` of the version last pulled (or absent). */
  serverUpdatedAt?: string;
}

/** A program made on /create (docs/product.md § Programs): its definition (checked by programSchema) plus bookkeeping, like a custom pattern. */
export interface CustomProgramRecord extends ProgramDefinition {
  id: string;
  userId: string | null;
  createdAt: string;
  updatedAt: string;
  deleted?: boolean;
  syncState: SyncState;
  lastError?: string;
  serverUpdatedAt?: string;
}

export interface KeyValueRecord<T = unknown> {
  key: string;
  value: T;
}

export interface RecentPatternRecord {
  patternId: string;
  usedAt: number;
}

/**
 * Who a row of the per-person tables belongs to: the signed-in user's id, or GUEST_OWNER
 * for whoever uses the app signed out. (A key part cannot be null in IndexedDB.)
 */
export const GUEST_OWNER = '';

/**
 * Bookkeeping of a row that syncs both ways (favourites, ratings, preferences): whose it
 * is, whether a local change waits for upload, and which server version it last matched
 * (docs/product.md § Sync).
 */
export interface SyncedRowMeta {
  owner: string;
  syncState: SyncState;
  /** ISO time of the last change made on this device (device clock; never compared across devices). */
  updatedAt: string;
  /** A tombstone: removed on some device; kept until the deletion has synced. */
  deleted?: boolean;
  /** The server's `updated_at` of the version last pulled (or absent). */
  serverUpdatedAt?: string;
  lastError?: string;
}

export interface FavoritePatternRecord extends SyncedRowMeta {
  patternId: string;
  /** Epoch ms. */
  addedAt: number;
}

export interface PatternRatingRecord extends SyncedRowMeta {
  patternId: string;
  /** 1-5 stars given by this user on the results screen. */
  rating: number;
  /** Epoch ms. */
  ratedAt: number;
}

/** One preference of a person (voice cues, the selected pattern, ...); the value is any JSON. */
export interface UserPreferenceRecord extends SyncedRowMeta {
  key: string;
  value: unknown;
}

/** Where the last pull of one server table stopped, per user (see src/domain/pullPlan.ts). */
export interface SyncCursorRecord {
  userId: string;
  table: string;
  /** The server's `updated_at` of the last row read. */
  updatedAt: string;
  /** That row's key. */
  key: string;
}

/**
 * A course on this device (docs/product.md § Instructors): the instructor's own (drafts
 * and published, uploaded by the outbox while pending) or a published course a student
 * enrolled in (kept so every day can be practised offline; never uploaded by them).
 */
export interface CourseRecord extends Course {
  /** ISO time of the last local change, or the server's stamp of the pulled version. */
  updatedAt: string;
  createdAt: string;
  deleted?: boolean;
  syncState: SyncState;
  lastError?: string;
  serverUpdatedAt?: string;
}

/** A student's enrolment in a course (one per person and course). */
export interface CourseEnrolmentRecord extends SyncedRowMeta {
  courseId: string;
  /** ISO. */
  enrolledAt: string;
}

/** One completed day of a course (days numbered from 0). */
export interface CourseProgressRecord extends SyncedRowMeta {
  courseId: string;
  dayIndex: number;
  /** ISO. */
  completedAt: string;
  /** The session that completed it, when one did. */
  sessionId?: string;
}

export interface ErrorLogRecord {
  id?: number;
  timestamp: number;
  message: string;
  category: string;
  severity: ErrorSeverity;
  stack?: string;
  context?: Record<string, unknown>;
  reported: boolean;
}

export interface AuthSessionRecord {
  key: 'current';
  accessToken: string;
  refreshToken: string;
  /** Epoch seconds. */
  expiresAt: number;
  userId: string;
  email: string;
  /**
   * Who wrote these tokens last: the page (from supabase-js) or the outbox after its own
   * refresh (e.g. in the service worker). The page adopts outbox-refreshed tokens into
   * supabase-js before it starts, since a rotated refresh token must not be used again.
   */
  updatedBy?: 'page' | 'outbox';
}

export class PneumaDatabase extends Dexie {
  sessions!: EntityTable<SessionRecord, 'id'>;
  patterns!: EntityTable<CustomPatternRecord, 'id'>;
  preferences!: EntityTable<KeyValueRecord, 'key'>;
  flags!: EntityTable<KeyValueRecord<boolean>, 'key'>;
  recentPatterns!: EntityTable<RecentPatternRecord, 'patternId'>;
  userFavorites!: Table<FavoritePatternRecord, [string, string]>;
  userRatings!: Table<PatternRatingRecord, [string, string]>;
  userPreferences!: Table<UserPreferenceRecord, [string, string]>;
  syncCursors!: Table<SyncCursorRecord, [string, string]>;
  errorLog!: EntityTable<ErrorLogRecord, 'id'>;
  courses!: EntityTable<CourseRecord, 'id'>;
  courseEnrolments!: Table<CourseEnrolmentRecord, [string, string]>;
  courseProgress!: Table<CourseProgressRecord, [string, string, number]>;
  authSession!: EntityTable<AuthSessionRecord, 'key'>;
  programs!: EntityTable<CustomProgramRecord, 'id'>;

  constructor(name = 'pneuma') {
    super(name);
    this.version(1).stores({
      sessions: 'id, createdAt, syncState, userId, patternId, [syncState+nextAttemptAt]',
      patterns: 'id, userId, name, updatedAt, syncState',
      preferences: 'key',
      flags: 'key',
      recentPatterns: 'patternId, usedAt',
      favorites: 'patternId, addedAt',
      ratings: 'patternId',
      errorLog: '++id, timestamp, severity, reported',
      authSession: 'key',
    });
    // v2: the outbox asks for "pending sessions of this user"; a compound index answers it
    // without scanning every pending row of other accounts. No data changes: every row is kept.
    this.version(2).stores({
      sessions:
        'id, createdAt, syncState, userId, patternId, [syncState+nextAttemptAt], [userId+syncState]',
    });
    // v3: two-way sync. Favourites, ratings and the person's preferences get one row per
    // owner (the signed-in user, or the guest) with sync bookkeeping, so a pull can bring
    // them in and sign-out can remove them; device settings stay in `preferences`. Every
    // row moves over (./upgrades/v3PerPerson.ts); pull cursors are kept per user and table.
    this.version(3)
      .stores({
        patterns: 'id, userId, name, updatedAt, syncState, [userId+syncState]',
        userFavorites: '[owner+patternId], owner, [owner+syncState]',
        userRatings: '[owner+patternId], owner, [owner+syncState]',
        userPreferences: '[owner+key], owner, [owner+syncState]',
        syncCursors: '[userId+table], userId',
      })
      .upgrade(upgradeToPerPersonTables);
    // v4: the old favourites and ratings tables, emptied into the new ones by v3, go.
    this.version(4).stores({ favorites: null, ratings: null });
    // v5: instructors and courses (docs/product.md § Instructors). Three new tables; no
    // existing row changes.
    this.version(5).stores({
      courses: 'id, instructorId, [instructorId+syncState]',
      courseEnrolments: '[owner+courseId], owner, [owner+syncState]',
      courseProgress: '[owner+courseId+dayIndex], owner, [owner+syncState], [owner+courseId]',
    });
    // v6: programs made on /create (docs/product.md § Programs). One new table; no
    // existing row changes.
    this.version(6).stores({
      programs: 'id, userId, updatedAt, syncState, [userId+syncState]',
    });
  }
}

export const db = new PneumaDatabase();

// In a page (not the service worker, which has no window): the connection closes when the
// page may enter the back/forward cache and reopens when it is shown again (issue #37).
const page = (globalThis as { window?: PageEvents }).window;
if (page && typeof page.addEventListener === 'function') followPageLifecycle(db, page);
