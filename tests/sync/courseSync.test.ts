import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/data/db';
import { fromSupabaseSession, saveAuthSession } from '../../src/data/authSessionRepo';
import { completeDay, enrol, getCourse, saveCourse } from '../../src/data/coursesRepo';
import type { Course } from '../../src/domain/instructor/course';
import { runOutbox } from '../../src/sync/outbox';
import { signUp, startRealServer, supabase, type RealServer } from './realServer';

/**
 * Courses, enrolments and completed days through the outbox and the pull, against the
 * real embedded backend (migrations, row-level security, the instructor rule).
 */
let srv: RealServer;
beforeAll(async () => void (srv = await startRealServer(18877)));
afterAll(() => srv?.stop());
beforeEach(() => Promise.all(db.tables.map((t) => t.clear())));

const cfg = () => ({ supabaseUrl: srv.url, supabaseAnonKey: srv.anonKey });
const noSleep = async () => undefined;
const BOX = { id: 'box', name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 };

async function account(tag: string) {
  const sb = supabase(srv.url, srv.anonKey);
  const session = await signUp(sb, tag);
  await saveAuthSession(fromSupabaseSession(session));
  return { sb, userId: session.user.id, token: session.access_token };
}

async function becomeInstructor(token: string): Promise<void> {
  const res = await fetch(`${srv.url}/api/instructor/profile`, {
    method: 'PUT',
    headers: { apikey: srv.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      displayName: 'Ada Breath',
      bio: 'Breathing coach for ten years, calm and practical.',
      credentials: 'Certified breathwork facilitator.',
      specialities: ['Sleep'],
      photo: null,
    }),
  });
  expect(res.status).toBe(200);
}

describe('course sync', () => {
  it('a course waits on the device until its author is an instructor; then drafts and publication reach the server', async () => {
    const t = await account('course-teacher');
    const course: Course = {
      id: crypto.randomUUID(),
      instructorId: t.userId,
      title: 'Two calm days',
      description: '',
      level: 'Beginner',
      days: [{ note: 'Gently', patterns: [BOX] }, { note: '', patterns: [BOX] }],
      status: 'draft',
    };
    await saveCourse(course);
    // Not an instructor yet: the server refuses the row, which is kept and marked.
    const refused = await runOutbox(cfg(), { sleep: noSleep });
    expect(refused.choicesFailed).toBe(1);
    expect((await getCourse(course.id))?.syncState).toBe('failed');

    await becomeInstructor(t.token);
    await saveCourse({ ...course, status: 'published' });
    const r = await runOutbox(cfg(), { sleep: noSleep });
    expect(r.choicesUploaded).toBe(1);
    expect((await getCourse(course.id))?.syncState).toBe('synced');
    const { data } = await t.sb.from('courses').select('id, status, days, published_at').eq('id', course.id);
    expect(data).toEqual([{ id: course.id, status: 'published', days: course.days, published_at: expect.any(String) }]);

    // A student enrols and completes day 1; both rows go up; a second device pulls them.
    const s = await account('course-student');
    const stored = (await getCourse(course.id))!;
    await enrol(s.userId, stored);
    await completeDay(s.userId, course.id, 0);
    await completeDay(s.userId, course.id, 0); // once only
    const up = await runOutbox(cfg(), { sleep: noSleep });
    expect(up.choicesUploaded).toBe(2);
    const progress = await s.sb.from('course_progress').select('course_id, day_index');
    expect(progress.data).toEqual([{ course_id: course.id, day_index: 0 }]);
    // The student's own course copy is never uploaded by them.
    expect((await getCourse(course.id))?.syncState).toBe('synced');

    await db.courseEnrolments.clear();
    await db.courseProgress.clear();
    await db.syncCursors.clear();
    const pulled = await runOutbox(cfg(), { sleep: noSleep, pull: true });
    expect(pulled.status).toBe('done');
    expect(await db.courseEnrolments.toArray()).toEqual([
      expect.objectContaining({ owner: s.userId, courseId: course.id, syncState: 'synced', deleted: false }),
    ]);
    expect(await db.courseProgress.toArray()).toEqual([
      expect.objectContaining({ owner: s.userId, courseId: course.id, dayIndex: 0, syncState: 'synced' }),
    ]);
  });
});
