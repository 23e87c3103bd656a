import { useMemo } from 'react';
import {
  useCustomPatterns,
  useFavorites,
  useRatings,
  useRecentPatterns,
  useSessions,
} from '../../data/hooks';
import { useAuth } from '../../app/auth/authStore';
import { PATTERNS } from '../../domain/patterns';
import { patternUsage } from '../../domain/historySummary';
import { toLibraryCard, type LibraryCard } from '../../domain/librarySearch';

interface LibraryData {
  cards: LibraryCard[];
  recentIds: string[];
  favoriteIds: Set<string>;
  /** False until the local rows have loaded. */
  ready: boolean;
}

/**
 * The library's cards from real local data: the built-in catalogue plus this user's
 * custom patterns, each with this device's usage count, the user's own rating and the
 * last time it was used, where those exist.
 */
export function useLibraryCards(): LibraryData {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const sessions = useSessions(userId);
  const custom = useCustomPatterns(userId);
  const ratings = useRatings();
  const recent = useRecentPatterns();
  const favorites = useFavorites();

  return useMemo(() => {
    const usage = new Map(
      patternUsage(sessions ?? [])
        .filter((u) => u.patternId)
        .map((u) => [u.patternId!, u]),
    );
    const rating = new Map(ratings.map((r) => [r.patternId, r.rating]));
    const recentAt = new Map(recent.map((r) => [r.patternId, r.usedAt]));
    const stats = (id: string) => {
      const u = usage.get(id);
      const last = Math.max(u?.lastUsedAt || -Infinity, recentAt.get(id) ?? -Infinity);
      return {
        usageCount: u?.count,
        rating: rating.get(id),
        lastUsed: Number.isFinite(last) ? last : undefined,
      };
    };
    const cards = [
      ...PATTERNS.map((p) => toLibraryCard(p, stats(p.id))),
      ...custom.map((c) => toLibraryCard({ ...c, builtIn: false }, stats(c.id))),
    ];
    return {
      cards,
      recentIds: recent.map((r) => r.patternId),
      favoriteIds: new Set(favorites.map((f) => f.patternId)),
      ready: sessions !== undefined,
    };
  }, [sessions, custom, ratings, recent, favorites]);
}
