import type { Table } from 'dexie';
import type { CourseRecord, PneumaDatabase, SyncedRowMeta } from '../../data/db';
import type { OutboxResult } from '../outboxResult';
import { toCourseRow } from '../rows/courseRow';
import { toEnrolmentRow, toProgressRow } from '../rows/enrolmentRow';
import { editableKind } from './editableKind';
import type { ServerRow } from '../rows/serverValues';

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
  echo: 'id,updated_at',
  echoKey: (row) => (typeof row.id === 'string' ? row.id : null),
  toRow: toCourseRow,
  local: (db) => db.courses as Table<CourseRecord, string>,
  keyOf: (c) => c.id,
  loadPending: (ctx) =>
    ctx.db.courses.where('[instructorId+syncState]').equals([ctx.userId, 'pending']).toArray(),
  count,
});

/** A student's rows: one per person and key, the pending ones found by [owner+syncState]. */
function studentKind<T extends SyncedRowMeta, K extends [string, ...(string | number)[]]>(
  table: string,
  onConflict: string,
  local: (db: PneumaDatabase) => Table<T, K>,
  keyOf: (row: T) => K,
  toRow: (row: T, userId: string) => object,
  echo: { columns: string; key: (row: ServerRow, userId: string) => K | null },
) {
  return editableKind<T, K>({
    table,
    onConflict,
    onDuplicate: 'merge',
    echo: `${echo.columns},updated_at`,
    echoKey: echo.key,
    toRow,
    local,
    keyOf,
    loadPending: (ctx) => local(ctx.db).where('[owner+syncState]').equals([ctx.userId, 'pending']).toArray(),
    count,
  });
}

export const enrolmentsKind = studentKind(
  'course_enrolments',
  'user_id,course_id',
  (db) => db.courseEnrolments,
  (e) => [e.owner, e.courseId],
  toEnrolmentRow,
  {
    columns: 'course_id',
    key: (row, userId) => (typeof row.course_id === 'string' ? [userId, row.course_id] : null),
  },
);

export const progressKind = studentKind(
  'course_progress',
  'user_id,course_id,day_index',
  (db) => db.courseProgress,
  (p) => [p.owner, p.courseId, p.dayIndex],
  toProgressRow,
  {
    columns: 'course_id,day_index',
    key: (row, userId) =>
      typeof row.course_id === 'string' && typeof row.day_index === 'number'
        ? [userId, row.course_id, row.day_index]
        : null,
  },
);
