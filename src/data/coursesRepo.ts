import { db, type CourseEnrolmentRecord, type CourseProgressRecord, type CourseRecord, type PneumaDatabase } from './db';
import type { Course } from '../domain/instructor/course';
import type { FinishedSession } from '../domain/instructor/progress';

/**
 * Courses on this device (docs/product.md § Instructors): an instructor's drafts and
 * published courses are written here first and uploaded by the outbox; a student's
 * enrolment keeps a copy of the course, so every day can be practised offline, and each
 * completed day is a row that syncs when the device is online.
 */

const nowIso = () => new Date().toISOString();

/** Saves the instructor's course (new or edited) as waiting for upload. */
export async function saveCourse(course: Course, database: PneumaDatabase = db): Promise<CourseRecord> {
  const at = nowIso();
  const existing = await database.courses.get(course.id);
  const record: CourseRecord = {
    ...existing,
    ...course,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
    syncState: 'pending',
  };
  delete record.lastError;
  await database.courses.put(record);
  return record;
}

/**
 * Stores courses read from the server, except a local copy with a change the server has
 * not seen yet (it is uploaded next and wins).
 */
export async function storeServerCourses(courses: readonly CourseRecord[], database: PneumaDatabase = db): Promise<void> {
  await database.transaction('rw', database.courses, async () => {
    const local = await database.courses.bulkGet(courses.map((c) => c.id));
    await database.courses.bulkPut(courses.filter((_, i) => local[i]?.syncState !== 'pending'));
  });
}

export const getCourse = (id: string, database: PneumaDatabase = db) => database.courses.get(id);

/** The instructor's own courses, newest change first (removed ones left out). */
export async function listOwnCourses(userId: string, database: PneumaDatabase = db): Promise<CourseRecord[]> {
  const rows = await database.courses.where('instructorId').equals(userId).toArray();
  return rows.filter((c) => !c.deleted).sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
}

/** Enrols the person in a published course, keeping its copy on this device. */
export async function enrol(owner: string, course: CourseRecord, database: PneumaDatabase = db): Promise<void> {
  const at = nowIso();
  await database.transaction('rw', database.courses, database.courseEnrolments, async () => {
    const local = await database.courses.get(course.id);
    if (local?.syncState !== 'pending') await database.courses.put(course);
    const existing = await database.courseEnrolments.get([owner, course.id]);
    if (existing && !existing.deleted) return;
    await database.courseEnrolments.put({
      ...existing,
      owner,
      courseId: course.id,
      enrolledAt: at,
      updatedAt: at,
      deleted: false,
      syncState: 'pending',
    });
  });
}

/** Leaves a course: the enrolment becomes a tombstone that syncs; completed days stay. */
export async function leaveCourse(owner: string, courseId: string, database: PneumaDatabase = db): Promise<void> {
  const existing = await database.courseEnrolments.get([owner, courseId]);
  if (!existing) return;
  await database.courseEnrolments.put({ ...existing, deleted: true, updatedAt: nowIso(), syncState: 'pending' });
}

export async function getEnrolment(owner: string, courseId: string, database: PneumaDatabase = db) {
  const e = await database.courseEnrolments.get([owner, courseId]);
  return e && !e.deleted ? e : undefined;
}

/** The person's active enrolments. */
export async function listEnrolments(owner: string, database: PneumaDatabase = db): Promise<CourseEnrolmentRecord[]> {
  const rows = await database.courseEnrolments.where('owner').equals(owner).toArray();
  return rows.filter((e) => !e.deleted);
}

/** The days of a course the person completed. */
export async function listProgress(owner: string, courseId: string, database: PneumaDatabase = db): Promise<CourseProgressRecord[]> {
  const rows = await database.courseProgress.where('[owner+courseId]').equals([owner, courseId]).toArray();
  return rows.filter((p) => !p.deleted);
}

/** Marks a day complete (once: a second call keeps the first completion). */
export async function completeDay(
  owner: string,
  courseId: string,
  dayIndex: number,
  sessionId?: string,
  database: PneumaDatabase = db,
): Promise<void> {
  await database.transaction('rw', database.courseProgress, async () => {
    const existing = await database.courseProgress.get([owner, courseId, dayIndex]);
    if (existing && !existing.deleted) return;
    const at = nowIso();
    await database.courseProgress.put({
      owner,
      courseId,
      dayIndex,
      completedAt: at,
      ...(sessionId ? { sessionId } : {}),
      updatedAt: at,
      deleted: false,
      syncState: 'pending',
    });
  });
}

/** The person's completed sessions, as course progress reads them. */
export async function listFinishedSessions(userId: string | null, database: PneumaDatabase = db): Promise<FinishedSession[]> {
  const rows = await database.sessions.where('userId').equals(userId ?? '').toArray();
  return rows.filter((s) => s.completed).map((s) => ({ id: s.id, patternId: s.patternId, at: s.endTime }));
}

const profileKey = (userId: string) => `instructorProfile:${userId}`;

/** Keeps the instructor's own profile on this device, so their pages open offline. */
export async function cacheInstructorProfile(userId: string, profile: unknown, database: PneumaDatabase = db): Promise<void> {
  await database.preferences.put({ key: profileKey(userId), value: profile });
}

export async function getCachedInstructorProfile(userId: string, database: PneumaDatabase = db): Promise<unknown> {
  return (await database.preferences.get(profileKey(userId)))?.value;
}
