/**
 * A program as a course keeps it (docs/product.md § Programs, "In courses"): its id, its
 * name and its whole definition copied in, so a student's device plays it offline and a
 * later edit of the instructor's own program does not change a published course. It is
 * played through its `/p/` link, where the one program schema checks it before it plays.
 *
 * Pure and light (no zod): the sync and the course screens read it; the schema is applied
 * in ./courseSchema when a course is published and by the link screen when one is played.
 */
import type { ProgramDefinition } from '../programs/programTypes';

export interface CourseProgram {
  id: string;
  name: string;
  program: ProgramDefinition;
}

/** At most this many programs in one day (with up to four patterns). */
export const PROGRAMS_PER_DAY_MAX = 2;

/** The course's copy of a program (a new object, nothing else carried). */
export const courseProgramOf = (id: string, program: ProgramDefinition): CourseProgram => ({
  id,
  name: program.name,
  program,
});

/**
 * A course program read from the server or a file: the shape the database checks (an id,
 * a name, a definition with a segment list), or null. Its rules are checked when it plays.
 */
export function readCourseProgram(x: unknown): CourseProgram | null {
  if (typeof x !== 'object' || x === null) return null;
  const r = x as Record<string, unknown>;
  const def = r.program as Record<string, unknown> | null | undefined;
  if (typeof r.id !== 'string' || !r.id || typeof r.name !== 'string' || !r.name) return null;
  if (typeof def !== 'object' || def === null || !Array.isArray(def.segments)) return null;
  return { id: r.id, name: r.name, program: def as unknown as ProgramDefinition };
}
