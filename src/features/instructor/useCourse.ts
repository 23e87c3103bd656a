import { useEffect, useState } from 'react';
import { useLocalQuery } from '../../data/useLocalQuery';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';
import { getCourse, storeServerCourses } from '../../data/coursesRepo';
import type { InstructorProfile } from '../../domain/instructor/profile';
import { fetchCourse, fetchProfiles } from './api';

/**
 * A course for its page: the copy on this device (so an enrolled student can follow it
 * offline), refreshed from the server when online; plus its instructor's public profile.
 * `course` is undefined while loading, null when neither has it.
 */
export function useCourse(courseId: string) {
  const online = useNetworkStatus().status !== 'offline';
  const local = useLocalQuery(() => getCourse(courseId).then((c) => c ?? null), [courseId]);
  const [checked, setChecked] = useState(false);
  const [instructor, setInstructor] = useState<InstructorProfile | null>(null);

  useEffect(() => {
    if (!online) return setChecked(true);
    let live = true;
    fetchCourse(courseId)
      .then(async (c) => {
        if (c) await storeServerCourses([c]);
      })
      .catch(() => undefined) // the local copy, if any, is shown
      .finally(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, [courseId, online]);

  const instructorId = local?.instructorId;
  useEffect(() => {
    if (!instructorId || !online) return;
    let live = true;
    fetchProfiles([instructorId])
      .then((m) => live && setInstructor(m.get(instructorId) ?? null))
      .catch(() => undefined); // the name is left out offline
    return () => {
      live = false;
    };
  }, [instructorId, online]);

  const course = local === undefined || (local === null && !checked) ? undefined : local;
  return { course, instructor, online };
}
