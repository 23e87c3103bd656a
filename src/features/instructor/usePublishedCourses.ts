import { useEffect, useState } from 'react';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';
import type { CourseRecord } from '../../data/db';
import type { InstructorProfile } from '../../domain/instructor/profile';
import { fetchProfiles, fetchPublishedCourses } from './api';

type PublishedState =
  | { kind: 'loading' }
  | { kind: 'ready'; courses: CourseRecord[]; instructors: Map<string, InstructorProfile> }
  | { kind: 'error'; message: string }
  /** No connection: the list is read from the server only (asked again when back online). */
  | { kind: 'offline' };

/** Published courses (of one instructor, or all) with their instructors' public profiles. */
export function usePublishedCourses(instructorId?: string): PublishedState {
  const online = useNetworkStatus().status !== 'offline';
  const [state, setState] = useState<PublishedState>({ kind: 'loading' });
  useEffect(() => {
    if (!online) return;
    let live = true;
    setState((s) => (s.kind === 'ready' ? s : { kind: 'loading' }));
    void (async () => {
      try {
        const courses = await fetchPublishedCourses(instructorId);
        const instructors = await fetchProfiles(courses.map((c) => c.instructorId));
        if (live) setState({ kind: 'ready', courses, instructors });
      } catch (e) {
        if (live) setState({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
      }
    })();
    return () => {
      live = false;
    };
  }, [instructorId, online]);
  return online || state.kind === 'ready' ? state : { kind: 'offline' };
}
