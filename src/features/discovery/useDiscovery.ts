import { useMemo } from 'react';
import { useSessions } from '../../data/hooks';
import { useAuth } from '../../app/auth/authStore';
import { useHour } from '../../ui/useHour';
import { summarizeHistory, type HistorySummary } from '../../domain/historySummary';
import { rankRecommendations, type Recommendation } from '../../domain/recommendations';
import type { Goal } from '../../domain/goals';
import type { ChosenMode } from '../../domain/sessionModes';
import { useCurrentMood } from './currentMood';

interface DiscoveryState {
  /** False while the local history is still loading. */
  ready: boolean;
  summary: HistorySummary;
  /** Every recommendation for the chosen goal after the rules, best first (uncapped; callers slice). */
  ranked: Recommendation[];
  /** The same ranking for another goal (used to preselect a goal's pattern). */
  rankFor: (goal: Goal | null) => Recommendation[];
  /** Null while a prerendered page hydrates (no suggestions yet: they depend on the hour). */
  hour: number | null;
}

/**
 * The discovery inputs from real local data: this person's sessions on this device
 * (their own plus guest sessions), the level and first-session facts derived from them,
 * and the recommendations for the current hour, chosen goal and stated mood.
 */
export function useDiscovery(
  goal: Goal | null,
  sessionType: ChosenMode,
  now?: Date,
): DiscoveryState {
  const { user } = useAuth();
  const currentMood = useCurrentMood();
  const sessions = useSessions(user?.id ?? null);
  const clockHour = useHour();
  const hour = now ? now.getHours() : clockHour;
  const minute = Math.floor((now ?? new Date()).getTime() / 60_000);
  return useMemo(() => {
    const history = sessions ?? [];
    // The end of the current minute, so a session finished seconds ago counts as this week.
    const summary = summarizeHistory(history, (minute + 1) * 60_000 - 1);
    const rankFor = (g: Goal | null) =>
      hour === null
        ? []
        : rankRecommendations({
            hour,
            goal: g,
            currentMood,
            history,
            userLevel: summary.userLevel,
            sessionType,
            isFirstSession: summary.isFirstSession,
          });
    return { ready: sessions !== undefined, summary, ranked: rankFor(goal), rankFor, hour };
  }, [sessions, hour, minute, goal, sessionType, currentMood]);
}
