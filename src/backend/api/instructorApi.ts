import { apiCall } from './apiCall';
import type { InstructorProfile, InstructorProfileInput } from '../../domain/instructor/profile';

/** The instructor endpoints of the server (/api/instructor, server/instructor): becoming an instructor and the counts. */

export interface CourseStats {
  courseId: string;
  enrolments: number;
  /** 0-100; null without enrolments. */
  completionRate: number | null;
}

interface OwnProfile {
  role: string;
  profile: InstructorProfile | null;
}

export const fetchOwnProfile = () => apiCall<OwnProfile>('/instructor/profile', { signedIn: true });
export const submitProfile = (input: InstructorProfileInput) =>
  apiCall<OwnProfile>('/instructor/profile', { signedIn: true, method: 'PUT', body: input });
export const fetchStats = () =>
  apiCall<{ courses: CourseStats[] }>('/instructor/stats', { signedIn: true }).then((r) => r.courses);
