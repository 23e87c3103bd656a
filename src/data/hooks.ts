import type { CustomPatternRecord, FavoritePatternRecord, PatternRatingRecord, SessionRecord } from './db';
import type { SelectedPattern } from './selectedPattern';
import type { SyncCounts } from './sessionsRepo';
import { DEFAULT_PREFERENCES, type UserPreferences } from './userPreferences';
import { useLocalQuery } from './useLocalQuery';

/**
 * Live queries over the local database: components re-render when the rows change
 * (in this tab or another). While the database loads and the first read is in flight
 * they get the fallback.
 */

export function usePreferences(): UserPreferences {
  return useLocalQuery((d) => d.getPreferences(), [], DEFAULT_PREFERENCES);
}

/** undefined while loading or when nothing is selected. */
export function useSelectedPattern(): SelectedPattern | undefined {
  return useLocalQuery((d) => d.getSelectedPattern(), []);
}

export function useRecentPatterns(): { patternId: string; usedAt: number }[] {
  return useLocalQuery((d) => d.listRecentPatterns(), [], []);
}

export function useFavorites(): FavoritePatternRecord[] {
  return useLocalQuery((d) => d.listFavorites(), [], []);
}

export function useRatings(): PatternRatingRecord[] {
  return useLocalQuery((d) => d.listRatings(), [], []);
}

/** Custom patterns visible to this user (their own plus guest-made ones). */
export function useCustomPatterns(userId?: string | null): CustomPatternRecord[] {
  return useLocalQuery((d) => d.listCustomPatterns(userId), [userId], []);
}

/** Sessions visible to this person (own plus this device's guest sessions), newest first. */
export function useSessions(userId: string | null): SessionRecord[] | undefined {
  return useLocalQuery((d) => d.listSessionsFor(userId), [userId]);
}

/** Whether this device holds any practised session. */
export function useHasHistory(): boolean {
  return useLocalQuery(async (d) => (await d.listSessions()).length > 0, [], false);
}

const ZERO_COUNTS: SyncCounts = { pending: 0, failed: 0, localOnly: 0, guest: 0, synced: 0 };

export function useSyncCounts(userId: string | null | undefined): SyncCounts {
  return useLocalQuery((d) => d.countBySyncState(userId ?? null), [userId], ZERO_COUNTS);
}

export function useProblemSessions(userId: string | null | undefined): SessionRecord[] {
  return useLocalQuery((d) => d.listProblemSessions(userId ?? null), [userId], []);
}

export function useGuestSessionCount(): number {
  return useLocalQuery((d) => d.countGuestSessions(), [], 0);
}

/** Who the outbox uploads for (from the stored auth session; no tokens). */
export function useSignedInUser(): { userId: string; email: string } | null | undefined {
  return useLocalQuery(async (d) => (await d.getSignedInUser()) ?? null, []);
}
