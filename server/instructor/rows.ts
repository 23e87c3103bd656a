import type { InstructorProfile } from '../../src/domain/instructor/profile';

/** public.instructor_profiles as Postgres returns it. */
export interface ProfileRow {
  user_id: string;
  display_name: string;
  bio: string;
  credentials: string;
  specialities: string[];
  photo: string | null;
}

/** One row of public.instructor_course_stats(). */
export interface StatsRow {
  course_id: string;
  enrolments: number;
  completion_rate: string | number | null;
}

export function profileJson(r: ProfileRow): InstructorProfile {
  return {
    userId: r.user_id,
    displayName: r.display_name,
    bio: r.bio,
    credentials: r.credentials,
    specialities: r.specialities,
    photo: r.photo,
  };
}

export function statsJson(r: StatsRow): { courseId: string; enrolments: number; completionRate: number | null } {
  return {
    courseId: r.course_id,
    enrolments: Number(r.enrolments),
    completionRate: r.completion_rate === null ? null : Number(r.completion_rate),
  };
}
