import { useLiveQuery } from 'dexie-react-hooks';
import type { CustomPatternRecord, FavoritePatternRecord, PatternRatingRecord, SessionRecord } from './db';
import { DEFAULT_PREFERENCES, getPreferences, type UserPreferences } from './preferencesRepo';
import { getFlags, type LocalFlags } from './flagsRepo';
import { getSelectedPattern, type SelectedPattern } from './selectedPatternRepo';
import { listFavorites, listRatings, listRecentPatterns } from './patternUsageRepo';
import { listCustomPatterns } from './customPatternsQueries';
import { getSignedInUser } from './authSessionRepo';
import {
  countBySyncState,
  countGuestSessions,
  listProblemSessions,
  listSessionsFor,
  type SyncCounts,
} from './sessionsRepo';

/**
 * Live queries over the local database: components re-render when the rows change
 * (in this tab or another). While the first read is in flight they get the fallback.
 */

export function usePreferences(): UserPreferences {
  return useLiveQuery(getPreferences, [], DEFAULT_PREFERENCES);
}

export function useFlags(): LocalFlags {
  return useLiveQuery(getFlags, [], { hasCompletedSession: false, onboardingCompleted: false });
}

/** undefined while loading or when nothing is selected. */
export function useSelectedPattern(): SelectedPattern | undefined {
  return useLiveQuery(getSelectedPattern, []);
}

export function useRecentPatterns(): { patternId: string; usedAt: number }[] {
  return useLiveQuery(listRecentPatterns, [], []);
}

export function useFavorites(): FavoritePatternRecord[] {
  return useLiveQuery(listFavorites, [], []);
}

export function useRatings(): PatternRatingRecord[] {
  return useLiveQuery(listRatings, [], []);
}

/** Custom patterns visible to this user (their own plus guest-made ones). */
export function useCustomPatterns(userId?: string | null): CustomPatternRecord[] {
  return useLiveQuery(() => listCustomPatterns(userId), [userId], []);
}

/** Sessions visible to this person (own plus this device's guest sessions), newest first. */
export function useSessions(userId: string | null): SessionRecord[] | undefined {
  return useLiveQuery(() => listSessionsFor(userId), [userId]);
}

const ZERO_COUNTS: SyncCounts = { pending: 0, failed: 0, localOnly: 0, guest: 0, synced: 0 };

export function useSyncCounts(userId: string | null | undefined): SyncCounts {
  return useLiveQuery(() => countBySyncState(userId ?? null), [userId], ZERO_COUNTS);
}

export function useProblemSessions(userId: string | null | undefined): SessionRecord[] {
  return useLiveQuery(() => listProblemSessions(userId ?? null), [userId], []);
}

export function useGuestSessionCount(): number {
  return useLiveQuery(countGuestSessions, [], 0);
}

/** Who the outbox uploads for (from the stored auth session; no tokens). */
export function useSignedInUser(): { userId: string; email: string } | null | undefined {
  return useLiveQuery(async () => (await getSignedInUser()) ?? null, []);
}
