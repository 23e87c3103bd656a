import type { CourseStats } from '../../src/contracts/instructor';

/** One row of public.instructor_course_stats(). */
export interface StatsRow {
  course_id: string;
  enrolments: number;
  completion_rate: string | number | null;
}

export function statsJson(r: StatsRow): CourseStats {
  return {
    courseId: r.course_id,
    enrolments: Number(r.enrolments),
    completionRate: r.completion_rate === null ? null : Number(r.completion_rate),
  };
}
