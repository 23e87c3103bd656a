import type { CourseRecord } from '../../data/db';
import { COURSE_LEVELS, coursePatternOf, type CourseDay, type CourseLevel, type CoursePattern } from '../../domain/instructor/course';
import { readCourseProgram, type CourseProgram } from '../../domain/instructor/courseProgram';
import { timingsError } from '../../domain/patterns';
import { numberOr, textOr, type ServerRow } from './serverValues';

/** The row sent to public.courses (an instructor's own course; `deleted_at` set = removed). */
interface CourseRow {
  id: string;
  instructor_id: string;
  title: string;
  description: string;
  level: CourseLevel;
  days: CourseDay[];
  status: CourseRecord['status'];
  created_at: string;
  deleted_at: string | null;
}

export function toCourseRow(c: CourseRecord, userId: string): CourseRow {
  return {
    id: c.id,
    instructor_id: userId,
    title: c.title,
    description: c.description,
    level: c.level,
    days: c.days.map((d) => ({
      note: d.note,
      patterns: d.patterns.map(coursePatternOf),
      // A day's programs (issue #35), only when it has some: older readers see the same day.
      ...(d.programs?.length ? { programs: d.programs } : {}),
    })),
    status: c.status,
    created_at: c.createdAt,
    deleted_at: c.deleted ? c.updatedAt : null,
  };
}

function readPattern(x: unknown): CoursePattern | null {
  if (typeof x !== 'object' || x === null) return null;
  const r = x as ServerRow;
  const id = textOr(r.id);
  const name = textOr(r.name);
  const t = {
    inhale: numberOr(r.inhale),
    hold: numberOr(r.hold) ?? 0,
    exhale: numberOr(r.exhale),
    hold_after_exhale: numberOr(r.hold_after_exhale) ?? 0,
  };
  if (!id || !name || t.inhale === undefined || t.exhale === undefined || timingsError(t)) return null;
  return { id, name, inhale: t.inhale, hold: t.hold, exhale: t.exhale, hold_after_exhale: t.hold_after_exhale };
}

function readDays(x: unknown): CourseDay[] | null {
  if (!Array.isArray(x)) return null;
  const days: CourseDay[] = [];
  for (const d of x) {
    if (typeof d !== 'object' || d === null) return null;
    const r = d as ServerRow;
    const patterns = Array.isArray(r.patterns) ? r.patterns.map(readPattern) : [];
    if (patterns.some((p) => p === null)) return null;
    const programs = Array.isArray(r.programs) ? r.programs.map(readCourseProgram) : [];
    if (programs.some((p) => p === null)) return null;
    days.push({
      note: typeof r.note === 'string' ? r.note : '',
      patterns: patterns as CoursePattern[],
      ...(programs.length ? { programs: programs as CourseProgram[] } : {}),
    });
  }
  return days;
}

/** A course as the server has it (null when unreadable: it is skipped, never stored half-read). */
export function fromCourseRow(r: ServerRow): CourseRecord | null {
  const id = textOr(r.id);
  const instructorId = textOr(r.instructor_id);
  const title = textOr(r.title);
  const updatedAt = textOr(r.updated_at);
  const days = readDays(r.days);
  const level = COURSE_LEVELS.find((l) => l === r.level);
  if (!id || !instructorId || !title || !updatedAt || !days || !level) return null;
  return {
    id,
    instructorId,
    title,
    description: typeof r.description === 'string' ? r.description : '',
    level,
    days,
    status: r.status === 'published' ? 'published' : 'draft',
    publishedAt: textOr(r.published_at) ?? null,
    createdAt: textOr(r.created_at) ?? updatedAt,
    updatedAt,
    deleted: r.deleted_at !== null && r.deleted_at !== undefined,
    syncState: 'synced',
    serverUpdatedAt: updatedAt,
  };
}
