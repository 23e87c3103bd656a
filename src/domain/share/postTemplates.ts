/**
 * Smart Templates for a progress post (docs/product.md § Sharing and community). Each
 * template is written from the user's own figures and only offered when its rule holds:
 * a high-priority template for a first session; a session-success template when the last
 * score is 80 or more; minute milestones at 30, 60, 120 and 300; a streak milestone at
 * every multiple of 7 days; level-ups at 5 and 20 sessions. Sorted high, medium, low.
 */
import { formatDuration } from '../duration';
import { LEVEL_THRESHOLDS } from '../historySummary';
import type { ShareStats } from './shareStats';

type TemplatePriority = 'high' | 'medium' | 'low';
type TemplateIcon =
  'sprout' | 'trophy' | 'clock' | 'flame' | 'star' | 'calendar' | 'heart' | 'wind';
type TemplateColor = 'calm' | 'success' | 'warm' | 'energy' | 'neutral';

export interface PostTemplate {
  id: string;
  title: string;
  text: string;
  color: TemplateColor;
  priority: TemplatePriority;
  icon: TemplateIcon;
}

const MINUTE_MILESTONES = [30, 60, 120, 300] as const;
const STREAK_MILESTONE_DAYS = 7;
const SUCCESS_SCORE = 80;
/** How many templates the mobile screen offers. */
const QUICK_TEMPLATE_COUNT = 3;

const RANK: Record<TemplatePriority, number> = { high: 0, medium: 1, low: 2 };
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The highest minute milestone reached, if any. */
function minuteMilestone(totalMinutes: number): number | undefined {
  return [...MINUTE_MILESTONES].reverse().find((m) => totalMinutes >= m);
}

function firstSession(s: ShareStats): PostTemplate | undefined {
  const last = s.lastSession;
  if (s.totalSessions !== 1 || !last) return undefined;
  return {
    id: 'first-session',
    title: 'First session',
    text: `I just finished my first guided breathing session: ${last.patternName}, ${formatDuration(last.duration ?? 0)}. A calm start.`,
    color: 'calm',
    priority: 'high',
    icon: 'sprout',
  };
}

function sessionSuccess(s: ShareStats): PostTemplate | undefined {
  const last = s.lastSession;
  if (s.lastSessionScore === undefined || s.lastSessionScore < SUCCESS_SCORE || !last)
    return undefined;
  return {
    id: 'session-success',
    title: 'Great session',
    text: `A steady ${last.patternName} session today. Steady breathing pays off.`,
    color: 'success',
    priority: 'high',
    icon: 'trophy',
  };
}

function minutesMilestone(s: ShareStats): PostTemplate | undefined {
  const m = minuteMilestone(s.totalMinutes);
  if (m === undefined) return undefined;
  const justReached = s.minutesBeforeLast < m;
  return {
    id: `minutes-${m}`,
    title: `${m} minutes`,
    text: `${m} minutes of mindful breathing reached (${s.totalMinutes} in total over ${plural(s.totalSessions, 'session')}).`,
    color: 'energy',
    priority: justReached ? 'high' : 'medium',
    icon: 'clock',
  };
}

function streak(s: ShareStats): PostTemplate | undefined {
  const d = s.currentStreak;
  if (d < 2) return undefined;
  const milestone = d % STREAK_MILESTONE_DAYS === 0;
  return {
    id: milestone ? `streak-${d}` : 'streak',
    title: milestone ? `${d}-day streak` : 'On a streak',
    text: milestone
      ? `${d} days in a row of breathing practice. One breath at a time.`
      : `${d} days in a row of breathing practice and counting.`,
    color: 'warm',
    priority: milestone ? 'high' : 'medium',
    icon: 'flame',
  };
}

function levelUp(s: ShareStats): PostTemplate | undefined {
  const level =
    s.totalSessions === LEVEL_THRESHOLDS.advanced
      ? 'advanced'
      : s.totalSessions === LEVEL_THRESHOLDS.intermediate
        ? 'intermediate'
        : undefined;
  if (!level) return undefined;
  return {
    id: `level-${level}`,
    title: 'Level up',
    text: `${s.totalSessions} breathing sessions done: I am now at the ${level} level.`,
    color: 'success',
    priority: 'medium',
    icon: 'star',
  };
}

function week(s: ShareStats): PostTemplate | undefined {
  if (s.thisWeek < 1) return undefined;
  return {
    id: 'this-week',
    title: 'This week',
    text: `${plural(s.thisWeek, 'breathing session')} this week: ${s.weeklyGoalProgress}% of my weekly goal.`,
    color: 'calm',
    priority: 'medium',
    icon: 'calendar',
  };
}

function favorite(s: ShareStats): PostTemplate | undefined {
  if (!s.favoritePattern) return undefined;
  return {
    id: 'favorite-pattern',
    title: 'My go-to pattern',
    text: `My go-to breathing pattern: ${s.favoritePattern} (${plural(s.favoritePatternSessions, 'session')}). What is yours?`,
    color: 'neutral',
    priority: 'low',
    icon: 'heart',
  };
}

function overall(s: ShareStats): PostTemplate | undefined {
  if (s.totalSessions < 1) return undefined;
  return {
    id: 'progress',
    title: 'My progress',
    text: `${plural(s.totalSessions, 'session')} and ${plural(s.totalMinutes, 'minute')} of breathing practice so far.`,
    color: 'neutral',
    priority: 'low',
    icon: 'wind',
  };
}

const RULES = [
  firstSession,
  sessionSuccess,
  minutesMilestone,
  streak,
  levelUp,
  week,
  favorite,
  overall,
];

/** Every template whose rule holds, most important first (stable within a priority). */
export function smartTemplates(stats: ShareStats): PostTemplate[] {
  return RULES.map((rule) => rule(stats))
    .filter((t): t is PostTemplate => t !== undefined)
    .map((t, i) => ({ t, i }))
    .sort((a, b) => RANK[a.t.priority] - RANK[b.t.priority] || a.i - b.i)
    .map(({ t }) => t);
}

/** The mobile screen's three quick templates. */
export function quickTemplates(stats: ShareStats): PostTemplate[] {
  return smartTemplates(stats).slice(0, QUICK_TEMPLATE_COUNT);
}
