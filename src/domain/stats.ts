/**
 * Progress statistics (docs/product.md § Results and scores): totals, streaks, scores. Pure:
 * every figure comes from the sessions handed in; nothing is invented. Calendar days are
 * counted in the user's time zone (an IANA name such as 'Europe/Paris').
 */
import { stillnessFromRestlessness } from './sessionScoring';

/** The fields of a practised session the statistics read. */
export interface StatSession {
  patternName: string;
  /** ISO timestamp of the session. */
  createdAt: string;
  /** Seconds of practice; 5 when missing. */
  duration?: number | null;
  /** Longest breath hold in seconds. */
  breathHoldTime?: number | null;
  /** 0-100, only when a camera measured it. */
  restlessnessScore?: number | null;
  stillnessScore?: number | null;
  cameraUsed?: boolean;
  /** False for a session ended before its target (achievements count only completed ones). */
  completed?: boolean;
}

/** Default session duration (seconds) when missing. */
export const DEFAULT_SESSION_SECONDS = 5;
/** Week window, in days. */
const WEEK_DAYS = 7;
/** Weekly goal: one session a day (sessions in the last 7 days / 7). */
export const WEEKLY_GOAL_SESSIONS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function sessionSeconds(s: Pick<StatSession, 'duration'>): number {
  return finite(s.duration) && s.duration >= 0 ? s.duration : DEFAULT_SESSION_SECONDS;
}

function timeOf(s: Pick<StatSession, 'createdAt'>): number {
  const t = Date.parse(s.createdAt);
  return Number.isFinite(t) ? t : NaN;
}

/** Sessions with a readable date only (bad rows never crash the page; they are skipped). */
function dated<T extends StatSession>(sessions: readonly T[]): T[] {
  return sessions.filter((s) => Number.isFinite(timeOf(s)));
}

/** Total seconds of practice (5 for a session without a duration). */
function totalSeconds(sessions: readonly StatSession[]): number {
  return sessions.reduce((sum, s) => sum + sessionSeconds(s), 0);
}

/**
 * Practice time as a person reads it (issue 44: 'Total Minutes 0' after 33 s was not honest):
 * seconds under a minute, whole minutes under an hour, then hours and minutes.
 */
export function practiceTimeText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 === 0 ? `${h} h` : `${h} h ${m % 60} min`;
}

/** Total minutes = floor(sum of seconds / 60). */
export function totalMinutes(sessions: readonly StatSession[]): number {
  return Math.floor(totalSeconds(sessions) / 60);
}

/** Longest breath hold in seconds; undefined when no session recorded one. */
function longestBreathHold(sessions: readonly StatSession[]): number | undefined {
  let best: number | undefined;
  for (const s of sessions) {
    if (
      finite(s.breathHoldTime) &&
      s.breathHoldTime > 0 &&
      (best === undefined || s.breathHoldTime > best)
    ) {
      best = s.breathHoldTime;
    }
  }
  return best;
}

/**
 * Average restlessness, rounded, over the sessions where it was measured.
 * Undefined when no session measured it (never a made-up 0).
 */
function averageRestlessness(sessions: readonly StatSession[]): number | undefined {
  const values = sessions.map((s) => s.restlessnessScore).filter(finite);
  if (values.length === 0) return undefined;
  return Math.round(values.reduce((a, b) => a + b, 0) / values.length);
}

export interface PatternCount {
  patternName: string;
  count: number;
}

/** Sessions per pattern, most used first; ties go to the pattern used most recently. */
export function sessionsPerPattern(sessions: readonly StatSession[]): PatternCount[] {
  const counts = new Map<string, { count: number; last: number }>();
  for (const s of sessions) {
    const name = s.patternName?.trim() || 'Unknown pattern';
    const t = timeOf(s);
    const c = counts.get(name) ?? { count: 0, last: -Infinity };
    c.count += 1;
    if (Number.isFinite(t) && t > c.last) c.last = t;
    counts.set(name, c);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1].count - a[1].count || b[1].last - a[1].last || a[0].localeCompare(b[0]))
    .map(([patternName, { count }]) => ({ patternName, count }));
}

/** Preferred pattern = the most used; undefined with no history. */
export function preferredPattern(sessions: readonly StatSession[]): string | undefined {
  return sessionsPerPattern(sessions)[0]?.patternName;
}

/** Sessions in the window (now - days, now]. The week window is 7 days. */
export function sessionsInLastDays(
  sessions: readonly StatSession[],
  now: Date,
  days = WEEK_DAYS,
): number {
  const end = now.getTime();
  const start = end - days * DAY_MS;
  return sessions.filter((s) => {
    const t = timeOf(s);
    return t > start && t <= end;
  }).length;
}

/** Weekly goal = sessions in last 7 days / 7, capped at 100 (percent, whole). */
export function weeklyGoalProgress(sessions: readonly StatSession[], now: Date): number {
  const n = sessionsInLastDays(sessions, now, WEEK_DAYS);
  return Math.min(100, Math.round((n / WEEKLY_GOAL_SESSIONS) * 100));
}

// ---------------------------------------------------------------------------------------
// Calendar days in a time zone

const formatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The device's time zone, or UTC when the runtime cannot tell. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** 'YYYY-MM-DD' of the instant in the time zone. */
export function dayKey(date: Date | number, timeZone: string): string {
  const parts = dayFormatter(timeZone).formatToParts(
    typeof date === 'number' ? new Date(date) : date,
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The calendar day `delta` days from a 'YYYY-MM-DD' key (pure date arithmetic, DST-free). */
export function shiftDayKey(key: string, delta: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const t = Date.UTC(y, m - 1, d) + delta * DAY_MS;
  return new Date(t).toISOString().slice(0, 10);
}

function practisedDays(sessions: readonly StatSession[], timeZone: string): Set<string> {
  return new Set(dated(sessions).map((s) => dayKey(timeOf(s), timeZone)));
}

/**
 * Streak: consecutive calendar days with a session, ending today or yesterday (in the
 * time zone), otherwise 0.
 */
export function currentStreak(
  sessions: readonly StatSession[],
  now: Date,
  timeZone: string,
): number {
  const days = practisedDays(sessions, timeZone);
  const today = dayKey(now, timeZone);
  let day = days.has(today) ? today : shiftDayKey(today, -1);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = shiftDayKey(day, -1);
  }
  return streak;
}

/** The longest run of consecutive practised calendar days ever. */
function longestStreak(sessions: readonly StatSession[], timeZone: string): number {
  const days = [...practisedDays(sessions, timeZone)].sort();
  let best = 0;
  let run = 0;
  let prev: string | undefined;
  for (const d of days) {
    run = prev !== undefined && shiftDayKey(prev, 1) === d ? run + 1 : 1;
    best = Math.max(best, run);
    prev = d;
  }
  return best;
}

export interface DayMinutes {
  /** 'YYYY-MM-DD' in the time zone. */
  date: string;
  /** Minutes practised that day, one decimal. */
  minutes: number;
  sessions: number;
}

/** Minutes per calendar day for the last `days` days (oldest first, today last). */
export function minutesPerDay(
  sessions: readonly StatSession[],
  now: Date,
  timeZone: string,
  days = 30,
): DayMinutes[] {
  const today = dayKey(now, timeZone);
  const keys: string[] = [];
  for (let i = days - 1; i >= 0; i--) keys.push(shiftDayKey(today, -i));
  const seconds = new Map<string, { s: number; n: number }>(keys.map((k) => [k, { s: 0, n: 0 }]));
  for (const s of dated(sessions)) {
    const bucket = seconds.get(dayKey(timeOf(s), timeZone));
    if (bucket) {
      bucket.s += sessionSeconds(s);
      bucket.n += 1;
    }
  }
  return keys.map((date) => {
    const b = seconds.get(date)!;
    return { date, minutes: Math.round((b.s / 60) * 10) / 10, sessions: b.n };
  });
}

export interface StillnessPoint {
  createdAt: string;
  /** 'YYYY-MM-DD' in the time zone. */
  date: string;
  stillness: number;
}

/**
 * Stillness over time, oldest first, from camera sessions that measured it (stillness,
 * else 100 minus restlessness). Empty when no camera session exists.
 */
export function stillnessTrend(
  sessions: readonly StatSession[],
  timeZone: string,
): StillnessPoint[] {
  return dated(sessions)
    .filter((s) => s.cameraUsed && (finite(s.stillnessScore) || finite(s.restlessnessScore)))
    .sort((a, b) => timeOf(a) - timeOf(b))
    .map((s) => ({
      createdAt: s.createdAt,
      date: dayKey(timeOf(s), timeZone),
      stillness: Math.round(
        finite(s.stillnessScore)
          ? Math.min(100, Math.max(0, s.stillnessScore))
          : stillnessFromRestlessness(s.restlessnessScore as number),
      ),
    }));
}

interface ProgressStats {
  totalSessions: number;
  totalMinutes: number;
  /** Seconds of practice in all (shown with practiceTimeText). */
  totalSeconds: number;
  thisWeek: number;
  currentStreak: number;
  longestStreak: number;
  longestBreathHold?: number;
  averageRestlessness?: number;
  preferredPattern?: string;
  /** Percent 0-100. */
  weeklyGoalProgress: number;
}

export function progressStats(
  sessions: readonly StatSession[],
  now: Date,
  timeZone: string,
): ProgressStats {
  return {
    totalSessions: sessions.length,
    totalMinutes: totalMinutes(sessions),
    totalSeconds: totalSeconds(sessions),
    thisWeek: sessionsInLastDays(sessions, now, WEEK_DAYS),
    currentStreak: currentStreak(sessions, now, timeZone),
    longestStreak: longestStreak(sessions, timeZone),
    longestBreathHold: longestBreathHold(sessions),
    averageRestlessness: averageRestlessness(sessions),
    preferredPattern: preferredPattern(sessions),
    weeklyGoalProgress: weeklyGoalProgress(sessions, now),
  };
}
