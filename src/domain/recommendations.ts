/**
 * The recommendation engine (docs/product.md § Discovery: rules, limits and time
 * windows). Pure: the home screen hands in the hour, the chosen goal, the local session
 * history, the user level and the session type.
 *
 * Rules:
 *  - a first session gets only box;
 *  - a stated mood (stressed, tired, anxious) ranks its patterns first, above the goal's;
 *  - a beginner never gets wim_hof;
 *  - duplicates are removed (the best-ranked entry stays);
 *  - sorted by priority (high, medium, low) then confidence;
 *  - the home screen shows the first 3.
 *
 * Every reason is a statement that is true for this user: it names their goal, the time
 * window they are in, or a count taken from their own history. Confidence is a percent
 * (0-100): the engine's own ranking score, not a measured probability.
 */
import { PATTERNS, getPattern, type BreathingPattern, type Difficulty } from './patterns';
import type { Goal } from './goals';
import type { SessionMode } from './sessionModes';
import { mostUsedPattern, type HistoryItem, type UserLevel } from './historySummary';
import { assertHour, recommendationWindow, type RecommendationWindow } from './timeBands';

type Priority = 'high' | 'medium' | 'low';
type RecommendationSource = 'first-session' | 'mood' | 'goal' | 'time' | 'history' | 'explore';

/** How the person says they feel right now (the mood choice on Smart Picks). */
export type Mood = 'stressed' | 'tired' | 'anxious';
export const MOODS: readonly Mood[] = ['stressed', 'tired', 'anxious'];
export const MOOD_LABELS: Readonly<Record<Mood, string>> = Object.freeze({
  stressed: 'Stressed',
  tired: 'Tired',
  anxious: 'Anxious',
});

/**
 * The patterns a mood ranks first, best first, and the reason shown. Stressed: an even,
 * calming rhythm; tired: an energising one; anxious: long exhales and a slow steady pace.
 */
const MOOD_PICKS: Readonly<Record<Mood, { ids: readonly string[]; reason: string }>> =
  Object.freeze({
    stressed: { ids: ['box', 'relaxation'], reason: 'You feel stressed: an even, calming rhythm.' },
    tired: {
      ids: ['energizing', 'energy'],
      reason: 'You feel tired: a breath that lifts your energy.',
    },
    anxious: {
      ids: ['relaxation', 'coherent'],
      reason: 'You feel anxious: long exhales and a slow, steady pace.',
    },
  });

export interface Recommendation {
  patternId: string;
  pattern: BreathingPattern;
  reason: string;
  /** Percent, 0-100. */
  confidence: number;
  timeToEffect: string;
  bestFor: string[];
  priority: Priority;
  source: RecommendationSource;
}

export interface RecommendationContext {
  /** Local hour, 0-23. */
  hour: number;
  goal?: Goal | null;
  /** How the person feels now, when they said so; ranks its patterns above the goal's. */
  currentMood?: Mood | null;
  /** The local session history (newest first or any order). */
  history: readonly HistoryItem[];
  userLevel: UserLevel;
  sessionType: SessionMode;
  isFirstSession: boolean;
}

const PRIORITY_ORDER: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

/** The number of recommendations the home screen shows. */
export const HOME_RECOMMENDATION_COUNT = 3;

/**
 * Why a pattern is suggested, in a few words (the badge on a pattern card and a Smart Pick).
 * Confidence only ranks; it is never shown as a figure (docs/product.md § Discovery).
 */
export const REASON_BADGES: Readonly<Record<RecommendationSource, string>> = Object.freeze({
  'first-session': 'Easiest place to start',
  mood: 'Matches how you feel',
  goal: 'Matches your goal',
  time: 'Good for this time of day',
  history: 'You practice this often',
  explore: 'New for you',
});

const WINDOW_PICKS: Record<RecommendationWindow, { ids: readonly string[]; reason: string }> = {
  morning: {
    ids: ['energizing', 'energy'],
    reason: 'It is morning (6-10): a lift to start your day.',
  },
  midday: {
    ids: ['box', 'mindfulness'],
    reason: 'It is midday (10-14): a short reset to sharpen your focus.',
  },
  afternoon: {
    ids: ['energy', 'coherent'],
    reason: 'It is afternoon (14-18): a steady lift for the afternoon slump.',
  },
  evening: {
    ids: ['relaxation', 'resonant'],
    reason: 'It is evening (18-22): helps you unwind after the day.',
  },
  night: {
    ids: ['sleep', 'relaxation'],
    reason: 'It is late at night: helps you ease into sleep.',
  },
};

const DIFFICULTY_RANK: Record<Difficulty, number> = { Beginner: 0, Intermediate: 1, Advanced: 2 };
const LEVEL_MAX_DIFFICULTY: Record<UserLevel, number> = {
  beginner: 0,
  intermediate: 1,
  advanced: 2,
};

/** A beginner never gets wim_hof. */
export function isAllowedForLevel(patternId: string, level: UserLevel): boolean {
  return !(level === 'beginner' && patternId === 'wim_hof');
}

function make(
  id: string,
  priority: Priority,
  confidence: number,
  reason: string,
  source: RecommendationSource,
): Recommendation | null {
  const pattern = getPattern(id);
  if (!pattern) return null;
  return {
    patternId: id,
    pattern,
    reason,
    confidence,
    timeToEffect: pattern.timeToEffect,
    bestFor: [...pattern.bestFor],
    priority,
    source,
  };
}

/** Sort by priority, then confidence (both descending in importance); stable otherwise. */
function sortRecommendations(list: readonly Recommendation[]): Recommendation[] {
  return [...list].sort(
    (a, b) =>
      PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority] || b.confidence - a.confidence,
  );
}

/** Keeps the first entry per pattern id (call after sorting so the best one stays). */
function dedupeRecommendations(list: readonly Recommendation[]): Recommendation[] {
  const seen = new Set<string>();
  return list.filter((r) => (seen.has(r.patternId) ? false : (seen.add(r.patternId), true)));
}

/** Every candidate after the rules, best first, uncapped (used for the percent-match badges). */
export function rankRecommendations(ctx: RecommendationContext): Recommendation[] {
  assertHour(ctx.hour);
  if (ctx.isFirstSession) {
    const box = make(
      'box',
      'high',
      95,
      'This is your first session: four equal counts make Box Breathing the easiest place to start.',
      'first-session',
    );
    return box ? [box] : [];
  }

  const out: (Recommendation | null)[] = [];

  if (ctx.currentMood) {
    const mood = MOOD_PICKS[ctx.currentMood];
    mood.ids.forEach((id, i) => out.push(make(id, 'high', 94 - 2 * i, mood.reason, 'mood')));
  }

  if (ctx.goal) {
    ctx.goal.patterns.forEach((id, i) => {
      out.push(make(id, 'high', 90 - 5 * i, `Matches your goal: ${ctx.goal!.title}.`, 'goal'));
    });
  }

  const window = recommendationWindow(ctx.hour);
  const picks = WINDOW_PICKS[window];
  picks.ids.forEach((id, i) => out.push(make(id, 'medium', 80 - 5 * i, picks.reason, 'time')));
  // The morning, 6-12, shows an energy suggestion (the 10-12 part of midday too).
  if (ctx.hour >= 6 && ctx.hour < 12 && !picks.ids.includes('energy')) {
    out.push(
      make('energy', 'medium', 70, 'It is morning: an energy boost for the hours ahead.', 'time'),
    );
  }

  const most = mostUsedPattern(ctx.history);
  if (most && most.count >= 2 && most.patternId) {
    out.push(
      make(
        most.patternId,
        'medium',
        72,
        `Your most practiced pattern: ${most.count} sessions so far.`,
        'history',
      ),
    );
  }

  if (ctx.history.length > 0) {
    const tried = new Set(ctx.history.map((s) => s.patternId).filter(Boolean));
    const triedNames = new Set(ctx.history.map((s) => s.patternName));
    const maxDifficulty = LEVEL_MAX_DIFFICULTY[ctx.userLevel];
    const already = new Set(out.map((r) => r?.patternId));
    const fresh = PATTERNS.find(
      (p) =>
        !tried.has(p.id) &&
        !triedNames.has(p.name) &&
        !already.has(p.id) &&
        isAllowedForLevel(p.id, ctx.userLevel) &&
        DIFFICULTY_RANK[p.difficulty] <= maxDifficulty,
    );
    if (fresh)
      out.push(
        make(
          fresh.id,
          'low',
          60,
          'New for you: you have not practiced this pattern yet.',
          'explore',
        ),
      );
  }

  const allowed = out.filter(
    (r): r is Recommendation => r !== null && isAllowedForLevel(r.patternId, ctx.userLevel),
  );
  return dedupeRecommendations(sortRecommendations(allowed));
}
