import { getSupabase } from '../../backend/supabaseClient';
import type { CourseRecord } from '../../data/db';
import { AppError } from '../../domain/errors/appErrors';
import {
  profileFromRow,
  type InstructorProfile,
  type ProfileRow,
} from '../../domain/instructor/profile';
import { fromCourseRow } from '../../sync/rows/courseRow';

/**
 * The instructor side's calls (docs/product.md § Instructors): becoming an instructor and
 * the counts go through /api/instructor (src/backend/api/instructorApi.ts); public profiles and published
 * courses are read through /rest/v1, where row-level security shows drafts only to their
 * instructor.
 */

export {
  fetchOwnProfile,
  submitProfile,
  fetchStats,
  type CourseStats,
} from '../../backend/api/instructorApi';

function rowsOrThrow<T>(res: { data: T[] | null; error: { message: string } | null }): T[] {
  if (res.error) throw new AppError(res.error.message, { category: 'network' });
  return res.data ?? [];
}

/** Course and profile ids are UUIDs: any other address names nothing (no need to ask, nor to show the database's complaint). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const courses = (rows: Record<string, unknown>[]) =>
  rows.map(fromCourseRow).filter((c): c is CourseRecord => c !== null && !c.deleted);

/** Published courses, newest first (optionally of one instructor). */
export async function fetchPublishedCourses(instructorId?: string, limit = 50): Promise<CourseRecord[]> {
  const sb = await getSupabase();
  let q = sb.from('courses').select('*').eq('status', 'published').is('deleted_at', null);
  if (instructorId) q = q.eq('instructor_id', instructorId);
  return courses(rowsOrThrow(await q.order('published_at', { ascending: false }).limit(limit)));
}

/** One course the caller may read (published, or their own draft); null when there is none. */
export async function fetchCourse(id: string): Promise<CourseRecord | null> {
  if (!UUID.test(id)) return null;
  const sb = await getSupabase();
  return courses(rowsOrThrow(await sb.from('courses').select('*').eq('id', id).limit(1)))[0] ?? null;
}

/** The signed-in instructor's own courses, drafts included. */
export async function fetchOwnCourses(userId: string): Promise<CourseRecord[]> {
  const sb = await getSupabase();
  return courses(rowsOrThrow(await sb.from('courses').select('*').eq('instructor_id', userId).limit(500)));
}

/** Public profiles of these instructors, by id. */
export async function fetchProfiles(ids: readonly string[]): Promise<Map<string, InstructorProfile>> {
  const valid = [...new Set(ids)].filter((id) => UUID.test(id));
  if (!valid.length) return new Map();
  const sb = await getSupabase();
  const rows = rowsOrThrow<ProfileRow>(await sb.from('instructor_profiles').select('*').in('user_id', valid));
  return new Map(rows.map((r) => [r.user_id, profileFromRow(r)]));
}
