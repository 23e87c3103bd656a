/**
 * The create-pattern form (/create): turns what the user typed into a pattern, or into
 * one clear message per field, with the rules of `patternFormSchema` (./patternSchema).
 * Pure. Decimals are allowed ("4.5", also "4,5"), holds may be 0, inhale and exhale may not.
 */
import {
  PHASE_FIELDS,
  type PatternDefinition,
  type PatternTimings,
  type PhaseField,
} from './patterns';
import { patternFormSchema, phaseTextSchema, type PatternFormValues } from './patternSchema';

export type PatternFormErrors = Partial<Record<keyof PatternFormValues, string>>;

type PatternFormResult =
  { ok: true; value: PatternDefinition } | { ok: false; errors: PatternFormErrors };

export const EMPTY_FORM: PatternFormValues = Object.freeze({
  name: '',
  description: '',
  inhale: '4',
  hold: '0',
  exhale: '4',
  hold_after_exhale: '0',
  category: 'stress',
  difficulty: 'Beginner',
  benefits: '',
});

/** Parses one phase; returns seconds or an error message. */
function parsePhase(
  field: PhaseField,
  raw: string,
): { seconds: number } | { error: string } {
  const r = phaseTextSchema(field).safeParse(raw);
  return r.success ? { seconds: r.data } : { error: r.error.issues[0]!.message };
}

/** The four timings as typed, when all of them are valid (for a live preview), else null. */
export function parseTimings(v: PatternFormValues): PatternTimings | null {
  const out: Partial<PatternTimings> = {};
  for (const f of PHASE_FIELDS) {
    const r = parsePhase(f, v[f]);
    if ('error' in r) return null;
    out[f] = r.seconds;
  }
  return out as PatternTimings;
}

export function validatePatternForm(v: PatternFormValues): PatternFormResult {
  const r = patternFormSchema.safeParse(v);
  if (r.success) return { ok: true, value: r.data };
  const errors: PatternFormErrors = {};
  for (const issue of r.error.issues) {
    const field = issue.path[0] as keyof PatternFormValues;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A saved pattern back into form text, for editing. */
export function toFormValues(p: PatternDefinition): PatternFormValues {
  return {
    name: p.name,
    description: p.description,
    inhale: String(p.inhale),
    hold: String(p.hold),
    exhale: String(p.exhale),
    hold_after_exhale: String(p.hold_after_exhale),
    category: p.category,
    difficulty: p.difficulty,
    benefits: p.benefits.join('\n'),
  };
}
