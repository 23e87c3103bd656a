import { useEffect, useState } from 'react';
import { fetchStats, type CourseStats } from './api';

type StatsState =
  | { kind: 'loading' }
  | { kind: 'offline' }
  | { kind: 'ready'; byCourse: Map<string, CourseStats> }
  | { kind: 'error'; message: string };

/** The instructor's enrolment counts and completion rates (read from the server when online). */
export function useCourseStats(online: boolean, refreshKey: unknown): StatsState {
  const [state, setState] = useState<StatsState>({ kind: 'loading' });
  useEffect(() => {
    if (!online) {
      setState({ kind: 'offline' });
      return;
    }
    let live = true;
    fetchStats()
      .then((rows) => live && setState({ kind: 'ready', byCourse: new Map(rows.map((r) => [r.courseId, r])) }))
      .catch((e: unknown) => live && setState({ kind: 'error', message: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [online, refreshKey]);
  return state;
}

/** "1 enrollment · 50% completed", or what is missing. */
export function statsLine(state: StatsState, courseId: string): string {
  if (state.kind === 'loading') return 'Loading enrollments…';
  if (state.kind === 'offline') return 'Enrollments show when you are online.';
  if (state.kind === 'error') return `Enrollments could not be loaded: ${state.message}`;
  const s = state.byCourse.get(courseId);
  if (!s || s.enrolments === 0) return 'No enrollments yet';
  const noun = s.enrolments === 1 ? 'enrollment' : 'enrollments';
  return `${s.enrolments} ${noun} · ${Math.round(s.completionRate ?? 0)}% completed`;
}
