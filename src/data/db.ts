import Dexie, { type EntityTable } from 'dexie';
import type { ErrorSeverity } from '../domain/errors/types';
import type { PatternDefinition } from '../domain/patterns';
import { SYNC_STATES, type SessionRecord, type SyncState } from '../domain/sessionRecord';

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
}

export interface KeyValueRecord<T = unknown> {
  key: string;
  value: T;
}

export interface RecentPatternRecord {
  patternId: string;
  usedAt: number;
}

export interface FavoritePatternRecord {
  patternId: string;
  addedAt: number;
}

export interface PatternRatingRecord {
  patternId: string;
  /** 1-5 stars given by this user on the results screen. */
  rating: number;
  ratedAt: number;
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
  favorites!: EntityTable<FavoritePatternRecord, 'patternId'>;
  ratings!: EntityTable<PatternRatingRecord, 'patternId'>;
  errorLog!: EntityTable<ErrorLogRecord, 'id'>;
  authSession!: EntityTable<AuthSessionRecord, 'key'>;

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
  }
}

export const db = new PneumaDatabase();
