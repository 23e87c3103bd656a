import { useEffect, useMemo } from 'react';
import { useLocalQuery } from '../../data/useLocalQuery';
import { completeDay, getEnrolment, listFinishedSessions, listProgress } from '../../data/coursesRepo';
import type { CourseRecord } from '../../data/db';
import { completionPercent, currentDayIndex, dayDoneBySessions, sessionsForDay } from '../../domain/instructor/progress';
import { requestSync } from '../../sync/page/syncEngine';

/**
 * A student's way through a course, from this device's rows: the enrolment, the completed
 * days and the finished sessions. When every pattern of the current day has a finished
 * session since the day opened, the day is recorded as complete (it syncs when online).
 */
export function useCourseProgress(course: CourseRecord | null | undefined, userId: string | null) {
  const courseId = course?.id ?? '';
  const enrolment = useLocalQuery(() => (userId ? getEnrolment(userId, courseId) : undefined), [userId, courseId]);
  const progress = useLocalQuery(() => (userId ? listProgress(userId, courseId) : []), [userId, courseId], []);
  const sessions = useLocalQuery(() => listFinishedSessions(userId), [userId], []);

  const days = course?.days ?? [];
  const completed = new Set(progress.map((p) => p.dayIndex));
  const current = currentDayIndex(completed, days.length);
  const previous = progress.find((p) => p.dayIndex === current - 1);
  const since = enrolment ? Date.parse(previous?.completedAt ?? enrolment.enrolledAt) : Infinity;
  const day = days[current];
  const daySessions = useMemo(() => (day ? sessionsForDay(day, sessions, since) : []), [day, sessions, since]);
  const doneBySessions = day ? dayDoneBySessions(day, sessions, since) : false;
  const lastSessionId = daySessions[daySessions.length - 1]?.id;

  useEffect(() => {
    if (!userId || !enrolment || !doneBySessions) return;
    void completeDay(userId, courseId, current, lastSessionId).then(requestSync);
  }, [userId, enrolment, doneBySessions, courseId, current, lastSessionId]);

  const markDone = async () => {
    if (!userId || !daySessions.length) return;
    await completeDay(userId, courseId, current, daySessions[daySessions.length - 1]!.id);
    requestSync();
  };

  return {
    enrolment,
    completed,
    current,
    percent: completionPercent(completed.size, days.length),
    /** Sessions of the current day's patterns since it opened (marking it done needs one). */
    daySessions,
    markDone,
  };
}
