/**
 * THE program schema (docs/product.md § Programs): the one set of rules for a program,
 * wherever it comes from: the /create form, the local store, a synced row, and (at the
 * merge with pattern links) a `/p/...` link with `kind: "program"`. Pure (zod only).
 *
 * Version 1. Limits keep a program breathable and a link short: at most 60 segments, at
 * most 2 hours planned, phases of whole milliseconds from 0.1 to 60 s.
 */
import { z } from 'zod';
import {
  BREATH_PHASES,
  PROGRAM_CATEGORIES,
  PROGRAM_FORMAT_VERSION,
  type ProgramDefinition,
} from './programTypes';
import { plannedProgramMs } from './timeline';

export const PROGRAM_LIMITS = Object.freeze({
  nameMax: 80,
  descriptionMax: 500,
  labelMax: 40,
  safetyNoteMax: 500,
  segmentsMax: 60,
  phasesMax: 8,
  phaseMinSeconds: 0.1,
  phaseMaxSeconds: 60,
  cyclesMax: 500,
  holdMaxSeconds: 600,
  restMaxSeconds: 600,
  segmentMaxSeconds: 3600,
  /** The whole planned program (retentions not counted). */
  totalMaxSeconds: 7200,
});
const L = PROGRAM_LIMITS;
const TOTAL_MAX_MS = L.totalMaxSeconds * 1000;

/** Seconds with at most millisecond precision. */
const wholeMs = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number of seconds` })
    .min(min, `${label} must be at least ${min} seconds`)
    .max(max, `${label} can be at most ${max} seconds`)
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, {
      message: `${label} can have at most 3 decimal places`,
    });

const label = z.string().trim().max(L.labelMax, `A label can be at most ${L.labelMax} characters`);

const phase = z
  .object({
    phase: z.enum(BREATH_PHASES, { error: 'A phase is inhale, topup, hold, exhale or pause' }),
    seconds: wholeMs('A phase', L.phaseMinSeconds, L.phaseMaxSeconds),
  })
  .strict();

const ramp = z
  .object({
    everyCycles: z.number().int('Rise every whole number of cycles').min(1).max(L.cyclesMax),
    stepSeconds: wholeMs('The rise', -10, 10),
    maxSeconds: wholeMs('The limit of a rising phase', L.phaseMinSeconds, L.phaseMaxSeconds),
  })
  .strict();

const breathe = z
  .object({
    kind: z.literal('breathe'),
    label: label.optional(),
    phases: z
      .array(phase)
      .min(1, 'A breathing segment needs at least one phase')
      .max(L.phasesMax, `A breathing segment has at most ${L.phasesMax} phases`),
    cycles: z
      .number()
      .int('Cycles must be a whole number')
      .min(1, 'At least 1 cycle')
      .max(L.cyclesMax, `At most ${L.cyclesMax} cycles`)
      .optional(),
    seconds: wholeMs('A breathing segment', 1, L.segmentMaxSeconds).optional(),
    ramp: ramp.optional(),
  })
  .strict()
  .refine((s) => (s.cycles === undefined) !== (s.seconds === undefined), {
    message: 'A breathing segment runs for a number of cycles or a number of seconds (one of them)',
  })
  .refine(
    (s) => s.phases.some((p) => p.phase === 'inhale') && s.phases.some((p) => p.phase === 'exhale'),
    {
      message: 'A breathing segment needs an inhale and an exhale',
    },
  );

const hold = z
  .object({
    kind: z.literal('hold'),
    label: label.optional(),
    lungs: z.enum(['full', 'empty'], { error: 'A hold is on full or empty lungs' }),
    seconds: wholeMs('A hold', 1, L.holdMaxSeconds),
    endsOnTap: z.boolean().default(true),
  })
  .strict();

const retention = z.object({ kind: z.literal('retention'), label: label.optional() }).strict();

const rest = z
  .object({
    kind: z.literal('rest'),
    label: label.optional(),
    seconds: wholeMs('A rest', 1, L.restMaxSeconds),
  })
  .strict();

const segmentSchema = z.discriminatedUnion('kind', [breathe, hold, retention, rest], {
  error: 'A segment is breathe, hold, retention or rest',
});

/** A program as stored, synced and carried in a link (version 1). */
export const programSchema = z
  .object({
    version: z.literal(PROGRAM_FORMAT_VERSION, {
      error: `Program format version must be ${PROGRAM_FORMAT_VERSION}`,
    }),
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(L.nameMax, `Name can be at most ${L.nameMax} characters`),
    description: z
      .string()
      .trim()
      .max(L.descriptionMax, `Description can be at most ${L.descriptionMax} characters`)
      .default(''),
    category: z
      .enum(PROGRAM_CATEGORIES, { error: 'Category must be progressive, apnea, wim_hof or calm' })
      .default('calm'),
    safetyNote: z.string().trim().max(L.safetyNoteMax).optional(),
    segments: z
      .array(segmentSchema)
      .min(1, 'A program needs at least one segment')
      .max(L.segmentsMax, `A program has at most ${L.segmentsMax} segments`),
  })
  .strict()
  .refine((p) => p.segments.some((s) => s.kind !== 'retention'), {
    message: 'A program needs at least one timed segment',
  })
  // Counted arithmetically, never by expanding the timeline: 60 segments of 3,600 s of 0.1 s
  // phases would be 2.16 million steps (20 s and 1.6 GB on the server; issue 42). What passes is
  // at most 7,200 s of phases of at least 0.1 s: 72,000 steps for whoever expands it later.
  .refine((p) => plannedProgramMs(p, TOTAL_MAX_MS) <= TOTAL_MAX_MS, {
    message: `A program can be at most ${L.totalMaxSeconds / 60} minutes long`,
  }) satisfies z.ZodType<ProgramDefinition, unknown>;

export type ProgramInput = z.input<typeof programSchema>;

/** Parses anything into a program definition, or a clear message (the first problem found). */
export function parseProgram(
  value: unknown,
): { ok: true; program: ProgramDefinition } | { ok: false; error: string } {
  const r = programSchema.safeParse(value);
  if (r.success) return { ok: true, program: r.data };
  const issue = r.error.issues[0]!;
  const where = issue.path.length ? ` (at ${issue.path.join('.')})` : '';
  return { ok: false, error: `${issue.message}${where}` };
}
