import type {
  CourseEnrolmentRecord,
  CourseProgressRecord,
  CourseRecord,
  SyncedRowMeta,
} from '../../data/db';
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
  onDuplicate: 'merge',
  echo: 'id,updated_at',
  echoKey: (row) => (typeof row.id === 'string' ? row.id : null),
  toRow: toCourseRow,
  keyOf: (c) => c.id,
  count,
});

/** A student's rows: one per person and key. */
function studentKind<T extends SyncedRowMeta, K extends [string, ...(string | number)[]]>(
  onConflict: string,
  keyOf: (row: T) => K,
  toRow: (row: T, userId: string) => object,
  echo: { columns: string; key: (row: ServerRow, userId: string) => K | null },
) {
  return editableKind<T, K>({
    onConflict,
    onDuplicate: 'merge',
    echo: `${echo.columns},updated_at`,
    echoKey: echo.key,
    toRow,
    keyOf,
    count,
  });
}

export const enrolmentsKind = studentKind<CourseEnrolmentRecord, [string, string]>(
  'user_id,course_id',
  (e) => [e.owner, e.courseId],
  toEnrolmentRow,
  {
    columns: 'course_id',
    key: (row, userId) => (typeof row.course_id === 'string' ? [userId, row.course_id] : null),
  },
);

export const progressKind = studentKind<CourseProgressRecord, [string, string, number]>(
  'user_id,course_id,day_index',
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
