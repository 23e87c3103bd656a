import { readRows, signedInToken } from '../../backend/api/restTables';
import type { CourseRecord } from '../../data/db';
import {
  profileFromRow,
  type InstructorProfile,
  type ProfileRow,
} from '../../domain/instructor/profile';
import { fromCourseRow } from '../../sync/rows/courseRow';

/**
 * The instructor side's calls (docs/product.md § Instructors): becoming an instructor and
 * the counts go through /api/instructor (src/backend/api/instructorApi.ts); public profiles and published
 * courses are read from their tables (src/backend/api/restTables.ts), where row-level
 * security shows drafts only to their instructor (so a signed-in user reads with their token).
 */

export {
  fetchOwnProfile,
  submitProfile,
  fetchStats,
  type CourseStats,
} from '../../backend/api/instructorApi';

/** Course and profile ids are UUIDs: any other address names nothing (no need to ask, nor to show the database's complaint). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const courses = (rows: Record<string, unknown>[]) =>
  rows.map(fromCourseRow).filter((c): c is CourseRecord => c !== null && !c.deleted);

const readCourses = async (query: Record<string, string>) =>
  courses(await readRows('courses', { select: '*', ...query }, await signedInToken()));

/** Published courses, newest first (optionally of one instructor). */
export async function fetchPublishedCourses(
  instructorId?: string,
  limit = 50,
): Promise<CourseRecord[]> {
  return readCourses({
    status: 'eq.published',
    deleted_at: 'is.null',
    ...(instructorId ? { instructor_id: `eq.${instructorId}` } : {}),
    order: 'published_at.desc',
    limit: String(limit),
  });
}

/** One course the caller may read (published, or their own draft); null when there is none. */
export async function fetchCourse(id: string): Promise<CourseRecord | null> {
  if (!UUID.test(id)) return null;
  return (await readCourses({ id: `eq.${id}`, limit: '1' }))[0] ?? null;
}

/** The signed-in instructor's own courses, drafts included. */
export async function fetchOwnCourses(userId: string): Promise<CourseRecord[]> {
  return readCourses({ instructor_id: `eq.${userId}`, limit: '500' });
}

/** Public profiles of these instructors, by id. */
export async function fetchProfiles(
  ids: readonly string[],
): Promise<Map<string, InstructorProfile>> {
  const valid = [...new Set(ids)].filter((id) => UUID.test(id));
  if (!valid.length) return new Map();
  const rows = await readRows<ProfileRow>(
    'instructor_profiles',
    { select: '*', user_id: `in.(${valid.join(',')})` },
    await signedInToken(),
  );
  return new Map(rows.map((r) => [r.user_id, profileFromRow(r)]));
}
