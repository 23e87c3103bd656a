/**
 * The progress figures of the share screen (docs/product.md § Sharing and community):
 * counted from the user's own sessions, nothing invented. A score that was never measured
 * stays undefined.
 */
import {
  currentStreak,
  preferredPattern,
  sessionsInLastDays,
  totalMinutes,
  weeklyGoalProgress,
  type StatSession,
} from '../stats';

/** A practised session as the share screen reads it. */
export interface ShareSession extends StatSession {
  id: string;
  patternId?: string;
  cycleCount?: number;
  targetCycles?: number;
  qualityScore?: number | null;
  sessionType?: 'classic' | 'enhanced' | 'mobile';
}

export interface ShareStats {
  totalSessions: number;
  totalMinutes: number;
  /** Consecutive calendar days with a session, ending today or yesterday. */
  currentStreak: number;
  /** Most practised pattern; undefined with no history. */
  favoritePattern?: string;
  favoritePatternSessions: number;
  /** Quality score of the newest session, when it was measured. */
  lastSessionScore?: number;
  /** Sessions in the last 7 days / 7, percent, capped at 100. */
  weeklyGoalProgress: number;
  thisWeek: number;
  /** Newest session first. */
  lastSession?: ShareSession;
  /** Total minutes before the newest session (to tell whether it crossed a milestone). */
  minutesBeforeLast: number;
}

const time = (s: StatSession) => {
  const t = Date.parse(s.createdAt);
  return Number.isFinite(t) ? t : -Infinity;
};

/** Newest first; rows without a readable date last. */
export function newestFirst<T extends StatSession>(sessions: readonly T[]): T[] {
  return [...sessions].sort((a, b) => time(b) - time(a));
}

export function shareStats(sessions: readonly ShareSession[], now: Date, timeZone: string): ShareStats {
  const sorted = newestFirst(sessions);
  const last = sorted[0];
  const favorite = preferredPattern(sorted);
  const score = last?.qualityScore;
  return {
    totalSessions: sorted.length,
    totalMinutes: totalMinutes(sorted),
    currentStreak: currentStreak(sorted, now, timeZone),
    favoritePattern: favorite,
    favoritePatternSessions: favorite ? sorted.filter((s) => s.patternName === favorite).length : 0,
    lastSessionScore: typeof score === 'number' && Number.isFinite(score) ? Math.round(score) : undefined,
    weeklyGoalProgress: weeklyGoalProgress(sorted, now),
    thisWeek: sessionsInLastDays(sorted, now),
    lastSession: last,
    minutesBeforeLast: totalMinutes(sorted.slice(1)),
  };
}
