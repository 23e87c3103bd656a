import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/types';
import { instructorRoutes } from '../../../server/instructor/routes';
import { testSecrets, useTestDb, type Backend } from '../helpers';
import { communityHarness, type Member } from '../community/harness';

const BOX = { id: 'box', name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 };
const PROFILE = {
  displayName: 'Ada Breath',
  bio: 'Breathing coach for ten years, calm and practical.',
  credentials: 'Certified breathwork facilitator (2015), yoga teacher 500h.',
  specialities: ['Sleep', 'Stress relief'],
  photo: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==',
};

/**
 * The instructor side on a real database (docs/product.md § Instructors): becoming an
 * instructor only through the server's rule, courses under row-level security (drafts are
 * the instructor's own, published courses are public), enrolments and progress written
 * only by their student, and the instructor's counts from real rows.
 */
export function instructorSuite(kind: Backend): void {
  describe(`instructors and courses on ${kind}`, () => {
    let db: Db;
    let h: Awaited<ReturnType<typeof communityHarness>>;
    useTestDb(kind, async (opened) => {
      db = opened;
      h = await communityHarness(db);
      h.app.route('/api', instructorRoutes({ db, secrets: await testSecrets() }));
    });

    const rest = (who: Member | null, method: string, path: string, body?: unknown, prefer?: string) =>
      h.call<unknown>(method, `/rest/v1/${path}`, {
        token: who?.token,
        body,
        headers: prefer ? { prefer } : undefined,
      });

    async function instructor(tag: string): Promise<Member> {
      const m = await h.member(tag);
      await rest(m, 'POST', 'users', { id: m.id, role: 'user' });
      const r = await h.call<{ role: string }>('PUT', '/api/instructor/profile', { token: m.token, body: PROFILE });
      expect(r.status).toBe(200);
      return m;
    }

    const course = (over: Record<string, unknown> = {}) => ({
      id: randomUUID(),
      title: 'Seven calm evenings',
      description: 'A week of slower breathing.',
      level: 'Beginner',
      days: [
        { note: 'Start gently', patterns: [BOX] },
        { note: 'A little longer', patterns: [BOX] },
      ],
      status: 'published',
      ...over,
    });

    it('a user becomes an instructor only through the server rule; the role cannot be written directly', async () => {
      const m = await h.member('teach');
      expect((await rest(m, 'POST', 'users', { id: m.id, role: 'user' })).status).toBe(201);
      // Direct writes are refused: the role column and the profile table.
      expect((await rest(m, 'PATCH', `users?id=eq.${m.id}`, { role: 'instructor' })).status).toBeGreaterThanOrEqual(400);
      const direct = await rest(m, 'POST', 'instructor_profiles', { user_id: m.id, display_name: 'Me', bio: 'x'.repeat(30), credentials: 'y'.repeat(20), specialities: ['Sleep'] });
      expect(direct.status).toBeGreaterThanOrEqual(400);
      // Bad input gets a field error.
      const bad = await h.call<{ field: string }>('PUT', '/api/instructor/profile', { token: m.token, body: { ...PROFILE, bio: 'short' } });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('bio');
      const badPhoto = await h.call<{ field: string }>('PUT', '/api/instructor/profile', { token: m.token, body: { ...PROFILE, photo: 'javascript:alert(1)' } });
      expect(badPhoto.body.field).toBe('photo');
      expect((await h.call('PUT', '/api/instructor/profile', { body: PROFILE })).status).toBe(401);

      const ok = await h.call<{ role: string; profile: { displayName: string } }>('PUT', '/api/instructor/profile', { token: m.token, body: PROFILE });
      expect(ok.status).toBe(200);
      expect(ok.body.role).toBe('instructor');
      expect(ok.body.profile.displayName).toBe('Ada Breath');
      const me = await h.call<{ role: string }>('GET', '/api/instructor/profile', { token: m.token });
      expect(me.body.role).toBe('instructor');
      // The public profile is readable by guests.
      const pub = await rest(null, 'GET', `instructor_profiles?user_id=eq.${m.id}&select=display_name,credentials`);
      expect(pub.body).toEqual([{ display_name: 'Ada Breath', credentials: PROFILE.credentials }]);
    });

    it('only instructors write courses, only their own; drafts stay private, published courses are public', async () => {
      const a = await instructor('teach-a');
      const b = await instructor('teach-b');
      const student = await h.member('student');
      const draft = course({ status: 'draft', days: [] });
      expect((await rest(a, 'POST', 'courses', draft)).status).toBe(201);
      // A student (not an instructor) cannot create one; B cannot take over A's.
      expect((await rest(student, 'POST', 'courses', course())).status).toBeGreaterThanOrEqual(400);
      const hijack = await rest(b, 'PATCH', `courses?id=eq.${draft.id}`, { title: 'Mine now' }, 'return=representation');
      expect(hijack.body).toEqual([]);
      expect((await rest(b, 'POST', 'courses', { ...draft, instructor_id: a.id })).status).toBeGreaterThanOrEqual(400);
      // Drafts are invisible to others.
      expect((await rest(student, 'GET', `courses?id=eq.${draft.id}`)).body).toEqual([]);
      expect((await rest(null, 'GET', `courses?id=eq.${draft.id}`)).body).toEqual([]);
      // Publishing needs complete days.
      const empty = await rest(a, 'PATCH', `courses?id=eq.${draft.id}`, { status: 'published' });
      expect(empty.status).toBeGreaterThanOrEqual(400);
      const dayless = await rest(a, 'PATCH', `courses?id=eq.${draft.id}`, { status: 'published', days: [{ note: '', patterns: [] }] });
      expect(dayless.status).toBeGreaterThanOrEqual(400);
      const pub = await rest(a, 'PATCH', `courses?id=eq.${draft.id}`, { status: 'published', days: course().days }, 'return=representation');
      expect(pub.status).toBe(200);
      const [row] = pub.body as { published_at: string | null; instructor_id: string }[];
      expect(row!.published_at).not.toBeNull();
      expect(row!.instructor_id).toBe(a.id);
      expect((await rest(null, 'GET', `courses?id=eq.${draft.id}&select=title`)).body).toEqual([{ title: 'Seven calm evenings' }]);
      // No client deletes rows (a removal is a tombstone).
      expect((await rest(a, 'DELETE', `courses?id=eq.${draft.id}`)).status).toBeGreaterThanOrEqual(400);
    });

    it('students write only their own enrolments and progress; the instructor sees counts and completion', async () => {
      const teacher = await instructor('teach-stats');
      const c = course();
      expect((await rest(teacher, 'POST', 'courses', c)).status).toBe(201);
      const hidden = course({ status: 'draft' });
      expect((await rest(teacher, 'POST', 'courses', hidden)).status).toBe(201);
      const s1 = await h.member('s1');
      const s2 = await h.member('s2');
      const upsert = 'resolution=merge-duplicates,return=minimal';
      // Enrolment in a draft, or in someone else's name, is refused.
      expect((await rest(s1, 'POST', 'course_enrolments', { course_id: hidden.id })).status).toBeGreaterThanOrEqual(400);
      expect((await rest(s1, 'POST', 'course_enrolments', { user_id: s2.id, course_id: c.id })).status).toBeGreaterThanOrEqual(400);
      // Progress needs an enrolment.
      expect((await rest(s1, 'POST', 'course_progress', { course_id: c.id, day_index: 0 })).status).toBeGreaterThanOrEqual(400);
      expect((await rest(s1, 'POST', 'course_enrolments?on_conflict=user_id,course_id', { user_id: s1.id, course_id: c.id }, upsert)).status).toBe(201);
      expect((await rest(s2, 'POST', 'course_enrolments', { course_id: c.id })).status).toBe(201);
      // A replayed upload is one row.
      const day0 = { user_id: s1.id, course_id: c.id, day_index: 0, completed_at: new Date().toISOString() };
      // (201 the first time; 200 the second, which inserts nothing, as PostgREST answers)
      for (const status of [201, 200])
        expect((await rest(s1, 'POST', 'course_progress?on_conflict=user_id,course_id,day_index', day0, upsert)).status).toBe(status);
      // s2 can neither read nor write s1's rows.
      expect((await rest(s2, 'GET', `course_progress?user_id=eq.${s1.id}`)).body).toEqual([]);
      expect((await rest(s2, 'POST', 'course_progress', { ...day0, day_index: 1 })).status).toBeGreaterThanOrEqual(400);
      const rewrite = await rest(s2, 'PATCH', `course_enrolments?user_id=eq.${s1.id}`, { deleted_at: new Date().toISOString() }, 'return=representation');
      expect(rewrite.body).toEqual([]);
      // The instructor cannot read the students' rows, only the counts.
      expect((await rest(teacher, 'GET', `course_enrolments?course_id=eq.${c.id}`)).body).toEqual([]);
      const stats = await h.call<{ courses: { courseId: string; enrolments: number; completionRate: number | null }[] }>(
        'GET', '/api/instructor/stats', { token: teacher.token },
      );
      expect(stats.status).toBe(200);
      const byId = new Map(stats.body.courses.map((x) => [x.courseId, x]));
      // s1 did 1 of 2 days (50 %), s2 none (0 %): mean 25 %.
      expect(byId.get(c.id)).toEqual({ courseId: c.id, enrolments: 2, completionRate: 25 });
      expect(byId.get(hidden.id)).toEqual({ courseId: hidden.id, enrolments: 0, completionRate: null });
      // A student sees no stats of their own courses (they have none).
      expect((await h.call<{ courses: unknown[] }>('GET', '/api/instructor/stats', { token: s1.token })).body.courses).toEqual([]);
    });
  });
}
