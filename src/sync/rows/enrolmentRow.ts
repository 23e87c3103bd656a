import type { CourseEnrolmentRecord, CourseProgressRecord } from '../../data/db';
import { deletedAtOf, numberOr, pulledMeta, textOr, type ServerRow } from './serverValues';

/** The row sent to public.course_enrolments: one per student and course. */
interface EnrolmentRow {
  user_id: string;
  course_id: string;
  enrolled_at: string;
  deleted_at: string | null;
}

export const toEnrolmentRow = (e: CourseEnrolmentRecord, userId: string): EnrolmentRow => ({
  user_id: userId,
  course_id: e.courseId,
  enrolled_at: e.enrolledAt,
  deleted_at: deletedAtOf(e),
});

export function fromEnrolmentRow(r: ServerRow, userId: string, serverUpdatedAt: string): CourseEnrolmentRecord | null {
  const courseId = textOr(r.course_id);
  if (!courseId) return null;
  return { ...pulledMeta(r, userId, serverUpdatedAt), courseId, enrolledAt: textOr(r.enrolled_at) ?? serverUpdatedAt };
}

/** The row sent to public.course_progress: one per student, course and day. */
interface ProgressRow {
  user_id: string;
  course_id: string;
  day_index: number;
  completed_at: string;
  session_id: string | null;
  deleted_at: string | null;
}

export const toProgressRow = (p: CourseProgressRecord, userId: string): ProgressRow => ({
  user_id: userId,
  course_id: p.courseId,
  day_index: p.dayIndex,
  completed_at: p.completedAt,
  session_id: p.sessionId ?? null,
  deleted_at: deletedAtOf(p),
});

export function fromProgressRow(r: ServerRow, userId: string, serverUpdatedAt: string): CourseProgressRecord | null {
  const courseId = textOr(r.course_id);
  const dayIndex = numberOr(r.day_index);
  if (!courseId || dayIndex === undefined) return null;
  const sessionId = textOr(r.session_id);
  return {
    ...pulledMeta(r, userId, serverUpdatedAt),
    courseId,
    dayIndex,
    completedAt: textOr(r.completed_at) ?? serverUpdatedAt,
    ...(sessionId ? { sessionId } : {}),
  };
}

/** The local key of a pulled progress row. */
export function progressKey(r: ServerRow, userId: string): [string, string, number] | null {
  const courseId = textOr(r.course_id);
  const dayIndex = numberOr(r.day_index);
  return courseId && dayIndex !== undefined ? [userId, courseId, dayIndex] : null;
}
