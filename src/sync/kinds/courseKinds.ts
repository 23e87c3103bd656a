import type { Table } from 'dexie';
import type { CourseRecord } from '../../data/db';
import type { OutboxResult } from '../outboxResult';
import { toCourseRow } from '../rows/courseRow';
import { toEnrolmentRow, toProgressRow } from '../rows/enrolmentRow';
import { editableKind } from './editableKind';

/**
 * Courses (docs/product.md § Instructors): the instructor's own courses, and a student's
 * enrolments and completed days. All can change again (a course is edited, an enrolment
 * left), so each is an editable kind: the version that reaches the server last wins. They
 * count with the person's choices in the run's result.
 */
const count = (result: OutboxResult, uploaded: boolean, n: number) => {
  if (uploaded) result.choicesUploaded += n;
  else result.choicesFailed += n;
};

export const coursesKind = editableKind<CourseRecord, string>({
  table: 'courses',
  onDuplicate: 'merge',
  toRow: toCourseRow,
  local: (db) => db.courses as Table<CourseRecord, string>,
  keyOf: (c) => c.id,
  loadPending: (ctx) =>
    ctx.db.courses.where('[instructorId+syncState]').equals([ctx.userId, 'pending']).toArray(),
  count,
});

export const enrolmentsKind = editableKind({
  table: 'course_enrolments',
  onConflict: 'user_id,course_id',
  onDuplicate: 'merge',
  toRow: toEnrolmentRow,
  local: (db) => db.courseEnrolments,
  keyOf: (e) => [e.owner, e.courseId] as [string, string],
  loadPending: (ctx) =>
    ctx.db.courseEnrolments.where('[owner+syncState]').equals([ctx.userId, 'pending']).toArray(),
  count,
});

export const progressKind = editableKind({
  table: 'course_progress',
  onConflict: 'user_id,course_id,day_index',
  onDuplicate: 'merge',
  toRow: toProgressRow,
  local: (db) => db.courseProgress,
  keyOf: (p) => [p.owner, p.courseId, p.dayIndex] as [string, string, number],
  loadPending: (ctx) =>
    ctx.db.courseProgress.where('[owner+syncState]').equals([ctx.userId, 'pending']).toArray(),
  count,
});
