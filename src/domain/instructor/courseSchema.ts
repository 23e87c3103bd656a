/**
 * The rules for a course (docs/product.md § Instructors): a draft needs a title and a level
 * to be saved; publishing needs every rule. The server's table checks hold the same limits.
 */
import { z } from 'zod';
import { COURSE_LEVELS, COURSE_LIMITS as L, type Course } from './course';
import { timingsError } from '../patterns';
import { programSchema } from '../programs/programSchema';
import { PROGRAMS_PER_DAY_MAX } from './courseProgram';

const coursePattern = z
  .object({
    id: z.string().min(1).max(200),
    name: z.string().min(1).max(200),
    inhale: z.number(),
    hold: z.number(),
    exhale: z.number(),
    hold_after_exhale: z.number(),
  })
  .refine((p) => !timingsError(p), 'This pattern cannot be breathed');

const title = z
  .string()
  .trim()
  .min(L.titleMin, `Title needs at least ${L.titleMin} characters`)
  .max(L.titleMax, `Title can be at most ${L.titleMax} characters`);

const description = z
  .string()
  .trim()
  .max(L.descriptionMax, `Description can be at most ${L.descriptionMax} characters`);

const courseProgram = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(80),
  program: programSchema,
});

const day = z
  .object({
    note: z.string().trim().max(L.noteMax, `A note can be at most ${L.noteMax} characters`),
    patterns: z
      .array(coursePattern)
      .max(L.patternsPerDayMax, `A day can have at most ${L.patternsPerDayMax} patterns`),
    programs: z
      .array(courseProgram)
      .max(PROGRAMS_PER_DAY_MAX, `A day can have at most ${PROGRAMS_PER_DAY_MAX} programs`)
      .optional(),
  })
  .refine((d) => d.patterns.length + (d.programs?.length ?? 0) > 0, {
    message: 'Add at least one pattern or program to this day',
    path: ['patterns'],
  });

const draftSchema = z.object({
  title,
  description,
  level: z.enum(COURSE_LEVELS, { message: 'Choose a level' }),
});

const publishSchema = draftSchema.extend({
  days: z
    .array(day)
    .min(1, 'Add at least one day')
    .max(L.daysMax, `A course can have at most ${L.daysMax} days`),
});

/** Field errors keyed by path: 'title', 'days', 'days.1.patterns', 'days.0.note'. */
export type CourseErrors = Record<string, string>;

function collect(r: z.ZodSafeParseResult<unknown>): CourseErrors | null {
  if (r.success) return null;
  const out: CourseErrors = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** What keeps this course from being saved as a draft (null: it can be saved). */
export const draftErrors = (c: Pick<Course, 'title' | 'description' | 'level'>) =>
  collect(draftSchema.safeParse(c));

/** What keeps this course from being published (null: it can be published). */
export const publishErrors = (c: Pick<Course, 'title' | 'description' | 'level' | 'days'>) =>
  collect(publishSchema.safeParse(c));
