import { apiCall } from './apiCall';
import {
  INSTRUCTOR_API,
  type CourseStats,
  type InstructorProfileBody,
} from '../../contracts/instructor';

/** The instructor endpoints of the server (src/contracts/instructor.ts): becoming an instructor and the counts. */

export type { CourseStats };

export const fetchOwnProfile = () => apiCall(INSTRUCTOR_API.readProfile, { signedIn: true });
export const submitProfile = (input: InstructorProfileBody) =>
  apiCall(INSTRUCTOR_API.writeProfile, { signedIn: true, body: input });
export const fetchStats = () =>
  apiCall(INSTRUCTOR_API.stats, { signedIn: true }).then((r) => r.courses);
