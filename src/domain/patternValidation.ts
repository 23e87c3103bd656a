/**
 * The create-pattern form (/create): turns what the user typed into a pattern, or into
 * one clear message per field. Pure. Decimals are allowed ("4.5", also "4,5"), holds may
 * be 0, inhale and exhale may not. The limits match the local store's (src/data), so a
 * form that passes here always saves.
 */

export const PATTERN_CATEGORIES = ['stress', 'sleep', 'focus', 'energy'] as const;
export type FormCategory = (typeof PATTERN_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<FormCategory, string> = {
  stress: 'Stress Relief',
  sleep: 'Sleep',
  focus: 'Focus',
  energy: 'Energy',
};

export const PATTERN_DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type FormDifficulty = (typeof PATTERN_DIFFICULTIES)[number];

export const LIMITS = Object.freeze({
  nameMax: 80,
  descriptionMax: 500,
  /** Seconds. */
  phaseMax: 60,
  /** Inhale and exhale need at least this many seconds. */
  breathMin: 0.5,
  decimals: 2,
  benefitsMax: 10,
  benefitMax: 120,
});

export type PhaseField = 'inhale' | 'hold' | 'exhale' | 'hold_after_exhale';
export const PHASE_FIELDS: readonly PhaseField[] = [
  'inhale',
  'hold',
  'exhale',
  'hold_after_exhale',
];
export const PHASE_FIELD_LABELS: Record<PhaseField, string> = {
  inhale: 'Inhale',
  hold: 'Hold',
  exhale: 'Exhale',
  hold_after_exhale: 'Hold after exhale',
};

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

export interface ValidPattern {
  name: string;
  description: string;
  inhale: number;
  hold: number;
  exhale: number;
  hold_after_exhale: number;
  category: FormCategory;
  difficulty: FormDifficulty;
  benefits: string[];
}

export type PatternFormErrors = Partial<Record<keyof PatternFormValues, string>>;

export type PatternFormResult =
  { ok: true; value: ValidPattern } | { ok: false; errors: PatternFormErrors };

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

const NUMBER_RE = /^\d+(?:\.(\d+))?$|^\.(\d+)$/;

/** Parses one phase; returns seconds or an error message. */
export function parsePhase(
  field: PhaseField,
  raw: string,
): { seconds: number } | { error: string } {
  const label = PHASE_FIELD_LABELS[field];
  const text = raw.trim().replace(',', '.');
  if (text === '') return { error: `${label} is required (use 0 for no ${label.toLowerCase()})` };
  if (text.startsWith('-')) return { error: `${label} cannot be negative` };
  const m = NUMBER_RE.exec(text);
  if (!m) return { error: `${label} must be a number of seconds, like 4 or 4.5` };
  const decimals = (m[1] ?? m[2] ?? '').length;
  if (decimals > LIMITS.decimals)
    return { error: `${label} can have at most ${LIMITS.decimals} decimal places` };
  const seconds = Number(text);
  if (seconds > LIMITS.phaseMax)
    return { error: `${label} can be at most ${LIMITS.phaseMax} seconds` };
  const isBreath = field === 'inhale' || field === 'exhale';
  if (isBreath && seconds < LIMITS.breathMin)
    return { error: `${label} must be at least ${LIMITS.breathMin} seconds` };
  return { seconds };
}

/** Benefits from a textarea: one per line, blanks dropped. */
export function parseBenefits(raw: string): string[] {
  return raw
    .split(/\r?\n/)
    .map((b) => b.trim())
    .filter(Boolean);
}

export function validatePatternForm(v: PatternFormValues): PatternFormResult {
  const errors: PatternFormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = 'Name is required';
  else if (name.length > LIMITS.nameMax)
    errors.name = `Name can be at most ${LIMITS.nameMax} characters`;
  const description = v.description.trim();
  if (description.length > LIMITS.descriptionMax) {
    errors.description = `Description can be at most ${LIMITS.descriptionMax} characters`;
  }
  const seconds: Partial<Record<PhaseField, number>> = {};
  for (const f of PHASE_FIELDS) {
    const r = parsePhase(f, v[f]);
    if ('error' in r) errors[f] = r.error;
    else seconds[f] = r.seconds;
  }
  if (!(PATTERN_CATEGORIES as readonly string[]).includes(v.category)) {
    errors.category = 'Choose a category: Stress Relief, Sleep, Focus or Energy';
  }
  if (!(PATTERN_DIFFICULTIES as readonly string[]).includes(v.difficulty)) {
    errors.difficulty = 'Choose a difficulty: Beginner, Intermediate or Advanced';
  }
  const benefits = parseBenefits(v.benefits);
  if (benefits.length > LIMITS.benefitsMax) {
    errors.benefits = `List at most ${LIMITS.benefitsMax} benefits (one per line)`;
  } else if (benefits.some((b) => b.length > LIMITS.benefitMax)) {
    errors.benefits = `Each benefit can be at most ${LIMITS.benefitMax} characters`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      description,
      inhale: seconds.inhale!,
      hold: seconds.hold!,
      exhale: seconds.exhale!,
      hold_after_exhale: seconds.hold_after_exhale!,
      category: v.category as FormCategory,
      difficulty: v.difficulty as FormDifficulty,
      benefits,
    },
  };
}

/** A saved pattern back into form text, for editing. */
export function toFormValues(p: ValidPattern): PatternFormValues {
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

/** Label like '3-2-3-1' for a pattern's timings. */
export function timingLabel(p: Pick<ValidPattern, PhaseField>): string {
  return PHASE_FIELDS.map((f) => String(p[f])).join('-');
}
