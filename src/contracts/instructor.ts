/**
 * The instructor side on the wire (docs/product.md § Instructors): the endpoints under /api
 * and the answers' shapes, shared by the server (server/instructor/routes.ts registers and
 * builds them) and the app's client (src/backend/api/instructorApi.ts). The profile body's
 * rules are the domain's (src/domain/instructor/profile.ts, profileSchema: the form checks
 * with it too). Courses, enrolments and progress go through /rest/v1, not here.
 */
import type { InstructorProfile, InstructorProfileInput } from '../domain/instructor/profile';
import { endpoint, shape } from './endpoint';

export const INSTRUCTOR_API = Object.freeze({
  /** The caller's own role and instructor profile. */
  readProfile: endpoint('GET', '/instructor/profile', shape<OwnInstructorProfile>()),
  /** Becoming an instructor, or updating the profile (body: InstructorProfileBody). */
  writeProfile: endpoint(
    'PUT',
    '/instructor/profile',
    shape<OwnInstructorProfile, InstructorProfileBody>(),
  ),
  /** The caller's courses, counted from the students' real enrolments and progress. */
  stats: endpoint('GET', '/instructor/stats', shape<InstructorStatsAnswer>()),
});

/** PUT /api/instructor/profile's body (checked by the domain's profileSchema). */
export type InstructorProfileBody = InstructorProfileInput;

/** GET and PUT /api/instructor/profile answer with the caller's role and profile. */
export interface OwnInstructorProfile {
  role: string;
  profile: InstructorProfile | null;
}

export interface CourseStats {
  courseId: string;
  enrolments: number;
  /** 0-100; null without enrolments. */
  completionRate: number | null;
}

/** GET /api/instructor/stats. */
export interface InstructorStatsAnswer {
  courses: CourseStats[];
}
