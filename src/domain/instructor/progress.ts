/**
 * A student's way through a course (docs/product.md § Instructors). A day is complete when
 * the student finished a session of each of its patterns and programs after the previous day was
 * completed (or after enrolling, for the first day), or when they mark it done after at
 * least one such session. Days are followed in order.
 *
 * Pure.
 */
import { linkedProgramId } from '../links/patternLink';
import { programPatternId } from '../programs/programRecord';
import type { CourseDay } from './course';

/**
 * The pattern id a session of each item of the day is stored with: a pattern's id, and for
 * a program (played through its `/p/` link) `program:` and the link's id for it.
 */
function dayItemIds(day: CourseDay): string[] {
  return [
    ...day.patterns.map((p) => p.id),
    ...(day.programs ?? []).map((g) => programPatternId(linkedProgramId(g.program))),
  ];
}

/** The least a local session must tell for course progress. */
export interface FinishedSession {
  id: string;
  patternId: string | null | undefined;
  /** Epoch ms the session ended (or was saved). */
  at: number;
}

/** Percentage (0-100, whole) of `days` completed. */
export function completionPercent(completed: number, days: number): number {
  if (days <= 0) return 0;
  return Math.round((100 * Math.min(completed, days)) / days);
}

/** The first day not completed (days.length when all are). */
export function currentDayIndex(completed: ReadonlySet<number>, days: number): number {
  for (let i = 0; i < days; i++) if (!completed.has(i)) return i;
  return days;
}

/** Sessions of this day's patterns finished at or after `since` (epoch ms). */
export function sessionsForDay(
  day: CourseDay,
  sessions: readonly FinishedSession[],
  since: number,
): FinishedSession[] {
  const ids = new Set(dayItemIds(day));
  return sessions.filter((s) => s.at >= since && s.patternId != null && ids.has(s.patternId));
}

/** Whether every pattern and program of the day has a session at or after `since`. */
export function dayDoneBySessions(day: CourseDay, sessions: readonly FinishedSession[], since: number): boolean {
  const done = new Set(sessionsForDay(day, sessions, since).map((s) => s.patternId));
  const ids = dayItemIds(day);
  return ids.length > 0 && ids.every((id) => done.has(id));
}
