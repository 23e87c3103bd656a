/**
 * The rules for a pattern a person makes (docs/product.md § Patterns), in one place: the
 * local store and the data-bundle import parse numbers with `patternSchema`; the /create
 * form parses what was typed with `patternFormSchema`, built from the same field rules.
 * Everything the form accepts, the store accepts.
 *
 * Pure (zod only). Imported only where a pattern is written, so the first screen does not
 * load zod (reads of stored patterns use the plain types of ./patterns).
 */
import { z } from 'zod';
import {
  DIFFICULTIES,
  PATTERN_CATEGORIES,
  PHASE_FIELD_LABELS,
  type PatternDefinition,
  type PhaseField,
} from './patterns';

export const PATTERN_LIMITS = Object.freeze({
  nameMax: 80,
  descriptionMax: 500,
  /** Seconds, for every phase. */
  phaseMax: 60,
  /** Seconds: the least inhale or exhale the form accepts. */
  breathMin: 0.5,
  /** Decimal places the form accepts in a phase. */
  decimals: 2,
  benefitsMax: 10,
  benefitMax: 120,
});

const L = PATTERN_LIMITS;

const isBreath = (field: PhaseField) => field === 'inhale' || field === 'exhale';
const negative = (label: string) => `${label} cannot be negative`;

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(L.nameMax, `Name can be at most ${L.nameMax} characters`);

const description = z
  .string()
  .trim()
  .max(L.descriptionMax, `Description can be at most ${L.descriptionMax} characters`);

const benefit = z
  .string()
  .trim()
  .min(1)
  .max(L.benefitMax, `Each benefit can be at most ${L.benefitMax} characters`);

/** Seconds in one phase: a number from 0 to the phase limit. */
function phaseSeconds(field: PhaseField) {
  const label = PHASE_FIELD_LABELS[field];
  return z
    .number({ error: `${label} must be a number of seconds` })
    .min(0, negative(label))
    .max(L.phaseMax, `${label} can be at most ${L.phaseMax} seconds`);
}

/** A stored phase: a hold may be 0, a breath must be longer than 0 seconds. */
function storedPhase(field: PhaseField) {
  const seconds = phaseSeconds(field);
  const label = PHASE_FIELD_LABELS[field];
  return isBreath(field) ? seconds.gt(0, `${label} must be longer than 0 seconds`) : seconds;
}

/** A pattern as stored on the device and in a data bundle (seconds as numbers). */
export const patternSchema = z
  .object({
    name,
    description: description.default(''),
    inhale: storedPhase('inhale'),
    hold: storedPhase('hold'),
    exhale: storedPhase('exhale'),
    hold_after_exhale: storedPhase('hold_after_exhale'),
    category: z
      .enum(PATTERN_CATEGORIES, { error: 'Category must be stress, sleep, focus or energy' })
      .default('stress'),
    difficulty: z
      .enum(DIFFICULTIES, { error: 'Difficulty must be Beginner, Intermediate or Advanced' })
      .default('Beginner'),
    benefits: z.array(benefit).max(L.benefitsMax, `At most ${L.benefitsMax} benefits`).default([]),
  })
  .strict() satisfies z.ZodType<PatternDefinition>;

/** What the store and the import accept: missing description, category, difficulty and benefits take their defaults. */
export type PatternInput = z.input<typeof patternSchema>;

// The /create form: every input is text.

/** The form as typed (every input is text). Benefits: one per line. */
export interface PatternFormValues {
  name: string;
  description: string;
  inhale: string;
  hold: string;
  exhale: string;
  hold_after_exhale: string;
  category: string;
  difficulty: string;
  benefits: string;
}

const NUMBER_RE = /^\d+(?:\.(\d+))?$|^\.(\d+)$/;

/**
 * One phase as typed: '4', '4.5', '4,5' or '.5', at most two decimals; a hold may be 0,
 * an inhale or exhale needs at least half a second.
 */
export function phaseTextSchema(field: PhaseField) {
  const label = PHASE_FIELD_LABELS[field];
  const seconds = isBreath(field)
    ? phaseSeconds(field).min(L.breathMin, `${label} must be at least ${L.breathMin} seconds`)
    : phaseSeconds(field);
  return z
    .string()
    .transform((raw, ctx) => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      const text = raw.trim().replace(',', '.');
      if (text === '') return fail(`${label} is required (use 0 for no ${label.toLowerCase()})`);
      if (text.startsWith('-')) return fail(negative(label));
      const m = NUMBER_RE.exec(text);
      if (!m) return fail(`${label} must be a number of seconds, like 4 or 4.5`);
      if ((m[1] ?? m[2] ?? '').length > L.decimals)
        return fail(`${label} can have at most ${L.decimals} decimal places`);
      return Number(text);
    })
    .pipe(seconds);
}

/** Benefits from a textarea: one per line, blanks dropped. */
function parseBenefits(raw: string): string[] {
  return raw
    .split(/\r?\n/)
    .map((b) => b.trim())
    .filter(Boolean);
}

/** The create form: the same fields and limits as `patternSchema`, read from text. */
export const patternFormSchema = z.object({
  name,
  description,
  inhale: phaseTextSchema('inhale'),
  hold: phaseTextSchema('hold'),
  exhale: phaseTextSchema('exhale'),
  hold_after_exhale: phaseTextSchema('hold_after_exhale'),
  category: z.enum(PATTERN_CATEGORIES, {
    error: 'Choose a category: Stress Relief, Sleep, Focus or Energy',
  }),
  difficulty: z.enum(DIFFICULTIES, {
    error: 'Choose a difficulty: Beginner, Intermediate or Advanced',
  }),
  benefits: z
    .string()
    .transform(parseBenefits)
    .pipe(
      z.array(benefit).max(L.benefitsMax, `List at most ${L.benefitsMax} benefits (one per line)`),
    ),
}) satisfies z.ZodType<PatternDefinition, PatternFormValues>;
