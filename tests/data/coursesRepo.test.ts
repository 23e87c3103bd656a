import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { PneumaDatabase, type CourseRecord } from '../../src/data/db';
import {
  completeDay,
  enrol,
  getCourse,
  listEnrolments,
  listFinishedSessions,
  listOwnCourses,
  listProgress,
  saveCourse,
  storeServerCourses,
} from '../../src/data/coursesRepo';
import { clearPersonData, countUnsyncedChanges } from '../../src/sync/personData';
import { makeSession } from '../sync/helpers';

const BOX = { id: 'box', name: 'Box Breathing', inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 };
const course = (over: Partial<CourseRecord> = {}): CourseRecord => ({
  id: crypto.randomUUID(),
  instructorId: 'teacher',
  title: 'Two calm days',
  description: '',
  level: 'Beginner',
  days: [{ note: '', patterns: [BOX] }, { note: '', patterns: [BOX] }],
  status: 'published',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  syncState: 'synced',
  ...over,
});

let database: PneumaDatabase;
beforeEach(() => {
  database = new PneumaDatabase(`courses-${Math.random()}`);
});

describe('courses on the device', () => {
  it("an instructor's course waits for upload; a server copy never replaces a local change", async () => {
    const c = course({ instructorId: 'teacher' });
    await saveCourse({ ...c, status: 'draft' }, database);
    expect((await getCourse(c.id, database))?.syncState).toBe('pending');
    await storeServerCourses([{ ...c, title: 'Older server title' }], database);
    expect((await getCourse(c.id, database))?.title).toBe('Two calm days');
    const other = course({ instructorId: 'someone' });
    await storeServerCourses([other], database);
    expect((await listOwnCourses('teacher', database)).map((x) => x.id)).toEqual([c.id]);
  });

  it('enrolling keeps the course; a day completes once; finished sessions only count', async () => {
    const c = course();
    await enrol('student', c, database);
    await enrol('student', c, database);
    expect(await listEnrolments('student', database)).toHaveLength(1);
    expect((await getCourse(c.id, database))?.days).toEqual(c.days);
    await completeDay('student', c.id, 0, 's1', database);
    const first = await listProgress('student', c.id, database);
    await completeDay('student', c.id, 0, 's2', database);
    expect(await listProgress('student', c.id, database)).toEqual(first);
    expect(first[0]).toMatchObject({ dayIndex: 0, sessionId: 's1', syncState: 'pending' });

    await database.sessions.bulkPut([
      makeSession({ userId: 'student', completed: true }, 1),
      makeSession({ userId: 'student', completed: false }, 2),
    ]);
    expect((await listFinishedSessions('student', database)).map((s) => s.patternId)).toEqual(['box']);
  });

  it("sign-out counts and removes the person's course rows, and keeps public course copies", async () => {
    const mine = course({ instructorId: 'u1' });
    const theirs = course({ instructorId: 'teacher' });
    await saveCourse(mine, database);
    await enrol('u1', theirs, database);
    await completeDay('u1', theirs.id, 0, undefined, database);
    expect((await countUnsyncedChanges('u1', database)).other).toBe(3);
    await clearPersonData('u1', database);
    expect(await database.courseEnrolments.count()).toBe(0);
    expect(await database.courseProgress.count()).toBe(0);
    expect(await getCourse(mine.id, database)).toBeUndefined();
    expect(await getCourse(theirs.id, database)).toBeDefined();
  });
});
