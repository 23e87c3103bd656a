import { useEffect, useState } from 'react';
import type { CourseRecord } from '../../data/db';
import type { InstructorProfile } from '../../domain/instructor/profile';
import { fetchProfiles, fetchPublishedCourses } from './api';

export type PublishedState =
  | { kind: 'loading' }
  | { kind: 'ready'; courses: CourseRecord[]; instructors: Map<string, InstructorProfile> }
  | { kind: 'error'; message: string };

/** Published courses (of one instructor, or all) with their instructors' public profiles. */
export function usePublishedCourses(instructorId?: string): PublishedState {
  const [state, setState] = useState<PublishedState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
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
  }, [instructorId]);
  return state;
}
