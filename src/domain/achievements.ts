/**
 * Achievements computed from the session history (docs/product.md § Results and scores;
 * milestone minutes 30/60/120/300 and streak milestone 7). Pure: the unlock time is the
 * moment in the history when the rule was first met, never "now".
 */
import { DEFAULT_SESSION_SECONDS, dayKey, shiftDayKey, type StatSession } from './stats';

type AchievementRarity = 'common' | 'uncommon' | 'rare' | 'epic';
export type AchievementIcon = 'sprout' | 'leaf' | 'tree' | 'star' | 'flame' | 'clock' | 'breath';

export interface Achievement {
  id: string;
  title: string;
  description: string;
  /** Which decorative symbol screens draw (hidden from screen readers). */
  icon: AchievementIcon;
  rarity: AchievementRarity;
  /** Toward maxProgress, capped at it. */
  progress: number;
  maxProgress: number;
  /** ISO time the rule was first met, or undefined while locked. */
  unlockedAt?: string;
}

/** Milestone minutes. */
const MINUTE_MILESTONES = [30, 60, 120, 300] as const;
/** Session-count milestones (first session, then the level thresholds 5 and 20). */
const SESSION_MILESTONES = [1, 5, 20] as const;
/** Streak milestone every multiple of 7; the achievement is the first one. */
const STREAK_MILESTONE_DAYS = 7;
/** Breath-hold records in seconds (the product's own choice). */
const HOLD_MILESTONES = [30, 60, 90] as const;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

interface Dated {
  s: StatSession;
  t: number;
}

function chronological(sessions: readonly StatSession[]): Dated[] {
  return sessions
    .map((s) => ({ s, t: Date.parse(s.createdAt) }))
    .filter((d) => Number.isFinite(d.t))
    .sort((a, b) => a.t - b.t);
}

const iso = (t: number) => new Date(t).toISOString();

function sessionCountAchievement(list: Dated[], n: number): Achievement {
  const titles: Record<number, [string, string, AchievementRarity, AchievementIcon]> = {
    1: ['First Breath', 'Complete your first session.', 'common', 'sprout'],
    5: ['Finding Your Rhythm', 'Complete 5 sessions.', 'uncommon', 'leaf'],
    20: ['Dedicated Breather', 'Complete 20 sessions.', 'rare', 'tree'],
  };
  const [title, description, rarity, icon] = titles[n] ?? [
    `${n} Sessions`,
    `Complete ${n} sessions.`,
    'common',
    'star',
  ];
  const hit = list[n - 1];
  return {
    id: n === 1 ? 'first-session' : `sessions-${n}`,
    title,
    description,
    icon,
    rarity,
    progress: Math.min(list.length, n),
    maxProgress: n,
    unlockedAt: hit ? iso(hit.t) : undefined,
  };
}

function minutesAchievement(list: Dated[], minutes: number): Achievement {
  let seconds = 0;
  let unlockedAt: string | undefined;
  for (const d of list) {
    seconds += finite(d.s.duration) && d.s.duration >= 0 ? d.s.duration : DEFAULT_SESSION_SECONDS;
    if (!unlockedAt && Math.floor(seconds / 60) >= minutes) unlockedAt = iso(d.t);
  }
  const rarity: AchievementRarity =
    minutes >= 300 ? 'epic' : minutes >= 120 ? 'rare' : minutes >= 60 ? 'uncommon' : 'common';
  return {
    id: `minutes-${minutes}`,
    title: `${minutes} Mindful Minutes`,
    description: `Practice for ${minutes} minutes in total.`,
    icon: 'clock',
    rarity,
    progress: Math.min(Math.floor(seconds / 60), minutes),
    maxProgress: minutes,
    unlockedAt,
  };
}

function streakAchievement(list: Dated[], days: number, timeZone: string): Achievement {
  let best = 0;
  let run = 0;
  let prev: string | undefined;
  let unlockedAt: string | undefined;
  for (const d of list) {
    const key = dayKey(d.t, timeZone);
    if (key === prev) continue;
    run = prev !== undefined && shiftDayKey(prev, 1) === key ? run + 1 : 1;
    prev = key;
    best = Math.max(best, run);
    if (!unlockedAt && run >= days) unlockedAt = iso(d.t);
  }
  return {
    id: `streak-${days}`,
    title: `${days}-Day Streak`,
    description: `Practice on ${days} calendar days in a row.`,
    icon: 'flame',
    rarity: 'rare',
    progress: Math.min(best, days),
    maxProgress: days,
    unlockedAt,
  };
}

function holdAchievement(list: Dated[], seconds: number): Achievement {
  let best = 0;
  let unlockedAt: string | undefined;
  for (const d of list) {
    const h = d.s.breathHoldTime;
    if (finite(h) && h > best) best = h;
    if (!unlockedAt && best >= seconds) unlockedAt = iso(d.t);
  }
  const rarity: AchievementRarity = seconds >= 90 ? 'epic' : seconds >= 60 ? 'rare' : 'uncommon';
  return {
    id: `hold-${seconds}`,
    title: `${seconds}-Second Hold`,
    description: `Hold your breath for ${seconds} seconds in a session.`,
    icon: 'breath',
    rarity,
    progress: Math.min(Math.floor(best), seconds),
    maxProgress: seconds,
    unlockedAt,
  };
}

/** Every achievement with its progress, in display order. */
export function computeAchievements(
  sessions: readonly StatSession[],
  timeZone: string,
): Achievement[] {
  // Only completed sessions count (issue 44: 'Complete your first session' was unlocked by a
  // session stopped after 0 cycles); a record without the flag (older data) counts.
  const list = chronological(sessions.filter((s) => s.completed !== false));
  return [
    ...SESSION_MILESTONES.map((n) => sessionCountAchievement(list, n)),
    streakAchievement(list, STREAK_MILESTONE_DAYS, timeZone),
    ...MINUTE_MILESTONES.map((m) => minutesAchievement(list, m)),
    ...HOLD_MILESTONES.map((s) => holdAchievement(list, s)),
  ];
}

export function isUnlocked(a: Achievement): boolean {
  return a.unlockedAt !== undefined;
}
