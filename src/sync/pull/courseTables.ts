import { fromEnrolmentRow, fromProgressRow, progressKey } from '../rows/enrolmentRow';
import { textOr, type ServerRow } from '../rows/serverValues';
import type { PullTable } from './pullTables';
import type { CourseEnrolmentRecord, CourseProgressRecord } from '../../data/db';

/**
 * A student's enrolments and completed days, pulled like the person's other rows
 * (docs/product.md § Instructors). The courses themselves are fetched when a student
 * enrols or opens one online (a pull of `courses` would bring every published course).
 */
export const COURSE_PULL_TABLES: readonly [
  PullTable<CourseEnrolmentRecord, [string, string]>,
  PullTable<CourseProgressRecord, [string, string, number]>,
] = [
  {
    table: 'course_enrolments',
    keyColumn: 'course_id',
    local: (db) => db.courseEnrolments,
    localKey: (row: ServerRow, userId: string) => {
      const id = textOr(row.course_id);
      return id ? [userId, id] : null;
    },
    fromRow: fromEnrolmentRow,
  },
  {
    table: 'course_progress',
    keyColumn: 'progress_key',
    local: (db) => db.courseProgress,
    localKey: progressKey,
    fromRow: fromProgressRow,
  },
];
