/**
 * A course (docs/product.md § Instructors): a title, a description, a level and an ordered
 * list of days, each with one to four patterns and a note. Each pattern is copied into the
 * course with its timings, so a student's device can practise every day offline and a
 * later edit of the instructor's own pattern does not change a published course.
 *
 * Pure. The zod schemas are in ./courseSchema (loaded only where a course is written).
 */
import { DIFFICULTIES, namedTimingsOf, type Difficulty, type NamedTimings } from '../patterns';
import type { CourseProgram } from './courseProgram';

export const COURSE_LEVELS = DIFFICULTIES;
export type CourseLevel = Difficulty;
type CourseStatus = 'draft' | 'published';

export const COURSE_LIMITS = Object.freeze({
  titleMin: 3,
  titleMax: 120,
  descriptionMax: 2000,
  daysMax: 60,
  patternsPerDayMax: 4,
  noteMax: 500,
});

/** A pattern as a course keeps it: its id, name and timings. */
export type CoursePattern = NamedTimings;

export interface CourseDay {
  note: string;
  patterns: CoursePattern[];
  /** Programs of the day (./courseProgram); absent in courses made before programs. */
  programs?: CourseProgram[];
}

export interface Course {
  id: string;
  instructorId: string;
  title: string;
  description: string;
  level: CourseLevel;
  days: CourseDay[];
  status: CourseStatus;
  /** ISO; set by the server at first publication. */
  publishedAt?: string | null;
}

/** The part of any pattern a course keeps (its id, name and timings). */
export const coursePatternOf = (p: CoursePattern): CoursePattern => namedTimingsOf(p);

/** A new empty day. */
export const emptyDay = (): CourseDay => ({ note: '', patterns: [] });

/** Moves the day at `from` to `to` (both clamped); returns a new list. */
export function moveDay(days: readonly CourseDay[], from: number, to: number): CourseDay[] {
  const next = [...days];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [day] = next.splice(from, 1);
  next.splice(target, 0, day!);
  return next;
}

/** "Day 3" (days are numbered from 1 on screen). */
export const dayLabel = (index: number) => `Day ${index + 1}`;
