/**
 * Facts about a person's local session history: the home 'Your Progress' card, the user
 * level and first session, the week window (docs/product.md § Results and scores). Pure:
 * callers pass the sessions and "now". Any record with a pattern name and an ISO creation
 * time fits (the local SessionRecord does; server rows can be mapped to it).
 */

export interface HistoryItem {
  /** Catalogue or custom pattern id, when known. */
  patternId?: string;
  patternName: string;
  /** ISO timestamp. */
  createdAt: string;
}

export type UserLevel = 'beginner' | 'intermediate' | 'advanced';

/** Level thresholds: the session counts where intermediate and advanced begin. */
export const LEVEL_THRESHOLDS = { intermediate: 5, advanced: 20 } as const;

/** Under 5 sessions beginner, under 20 intermediate, otherwise advanced. */
export function userLevel(sessionCount: number): UserLevel {
  if (!Number.isFinite(sessionCount) || sessionCount < 0) {
    throw new RangeError(`A session count must be 0 or more (got ${String(sessionCount)}).`);
  }
  if (sessionCount < LEVEL_THRESHOLDS.intermediate) return 'beginner';
  if (sessionCount < LEVEL_THRESHOLDS.advanced) return 'intermediate';
  return 'advanced';
}

/** A first session when the history is empty. */
function isFirstSession(history: readonly unknown[]): boolean {
  return history.length === 0;
}

function totalSessions(history: readonly unknown[]): number {
  return history.length;
}

/** The week window is 7 days. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Sessions created in the last 7 days up to `now` (the 'This Week' figure). Bad dates are skipped. */
function sessionsThisWeek(
  history: readonly Pick<HistoryItem, 'createdAt'>[],
  now: Date | number,
): number {
  const end = typeof now === 'number' ? now : now.getTime();
  const start = end - WEEK_MS;
  let n = 0;
  for (const s of history) {
    const t = Date.parse(s.createdAt);
    if (Number.isFinite(t) && t > start && t <= end) n += 1;
  }
  return n;
}

interface PatternUse {
  /** The id when the history carried one, else undefined. */
  patternId?: string;
  patternName: string;
  count: number;
  /** Epoch ms of the newest session with this pattern (NaN-safe: 0 when unknown). */
  lastUsedAt: number;
}

function patternKey(s: HistoryItem): string {
  return s.patternId ? `id:${s.patternId}` : `name:${s.patternName}`;
}

/** How often each pattern was practised, most used first (ties: most recently used first, then name). */
export function patternUsage(history: readonly HistoryItem[]): PatternUse[] {
  const uses = new Map<string, PatternUse>();
  for (const s of history) {
    const key = patternKey(s);
    const t = Date.parse(s.createdAt);
    const at = Number.isFinite(t) ? t : 0;
    const u = uses.get(key);
    if (u) {
      u.count += 1;
      if (at > u.lastUsedAt) u.lastUsedAt = at;
    } else {
      uses.set(key, {
        patternId: s.patternId,
        patternName: s.patternName,
        count: 1,
        lastUsedAt: at,
      });
    }
  }
  return [...uses.values()].sort(
    (a, b) =>
      b.count - a.count ||
      b.lastUsedAt - a.lastUsedAt ||
      a.patternName.localeCompare(b.patternName),
  );
}

/** The most practised pattern, or null for an empty history. */
export function mostUsedPattern(history: readonly HistoryItem[]): PatternUse | null {
  return patternUsage(history)[0] ?? null;
}

/**
 * The labels of the home 'Your Progress' card, kept here once so every screen that
 * shows these figures (home, /progress) uses the same words.
 */
export const PROGRESS_LABELS = {
  title: 'Your Progress',
  totalSessions: 'Total Sessions',
  thisWeek: 'This Week',
  favoritePattern: 'Favorite Pattern',
  noFavorite: 'None',
} as const;

export interface HistorySummary {
  totalSessions: number;
  thisWeek: number;
  favoritePattern: string;
  userLevel: UserLevel;
  isFirstSession: boolean;
  mostUsed: PatternUse | null;
}

/** Everything the home 'Your Progress' card and the recommendation inputs need. */
export function summarizeHistory(
  history: readonly HistoryItem[],
  now: Date | number,
): HistorySummary {
  const mostUsed = mostUsedPattern(history);
  return {
    totalSessions: totalSessions(history),
    thisWeek: sessionsThisWeek(history, now),
    favoritePattern: mostUsed?.patternName ?? PROGRESS_LABELS.noFavorite,
    userLevel: userLevel(history.length),
    isFirstSession: isFirstSession(history),
    mostUsed,
  };
}
