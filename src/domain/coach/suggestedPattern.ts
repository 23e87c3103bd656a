/**
 * A suggested pattern (docs/product.md § AI coaching): the phases a provider proposes
 * become a pattern definition that the one pattern schema accepts, or the suggestion is
 * rejected with the reasons. Also the on-device suggestion, made by fixed rules from the
 * session's own figures. Pure.
 */
import { patternSchema } from '../patternSchema';
import type {
  Difficulty,
  PatternCategory,
  PatternDefinition,
  PatternTimings,
  PhaseField,
} from '../patterns';
import { DEFAULT_PATTERN_ID, getPattern } from '../patterns';

export const SUGGESTED_PHASE_TYPES = [
  'inhale',
  'hold',
  'exhale',
  'hold_after_exhale',
] as const satisfies readonly PhaseField[];
type SuggestedPhaseType = (typeof SUGGESTED_PHASE_TYPES)[number];

interface SuggestedPhase {
  type: SuggestedPhaseType;
  /** Seconds. */
  duration: number;
  instruction: string;
}

/** A suggested pattern, from a provider or from the rules below. */
export interface PatternSuggestion {
  name: string;
  description: string;
  phases: SuggestedPhase[];
  reasoning: string;
  category: PatternCategory;
  difficulty: Difficulty;
  benefits: string[];
}

/** The four phase timings of a suggestion: a phase it leaves out lasts 0 s. */
export function suggestionTimings(
  phases: readonly Pick<SuggestedPhase, 'type' | 'duration'>[],
): PatternTimings {
  const t: PatternTimings = { inhale: 0, hold: 0, exhale: 0, hold_after_exhale: 0 };
  for (const p of phases) t[p.type] = p.duration;
  return t;
}

function definitionOf(s: Omit<PatternSuggestion, 'reasoning'>): PatternDefinition {
  return {
    name: s.name,
    description: s.description,
    ...suggestionTimings(s.phases),
    category: s.category,
    difficulty: s.difficulty,
    benefits: s.benefits,
  };
}

/** Why a suggestion cannot become a pattern; empty when it can. */
export function suggestionProblems(s: Omit<PatternSuggestion, 'reasoning'>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const p of s.phases) {
    if (seen.has(p.type)) problems.push(`The phase "${p.type}" appears more than once`);
    seen.add(p.type);
  }
  for (const needed of ['inhale', 'exhale'] as const) {
    if (!seen.has(needed)) problems.push(`The pattern has no ${needed} phase`);
  }
  if (problems.length > 0) return problems;
  const parsed = patternSchema.safeParse(definitionOf(s));
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

/** The pattern definition to save, checked by the pattern schema (throws with the reasons otherwise). */
export function patternFromSuggestion(s: Omit<PatternSuggestion, 'reasoning'>): PatternDefinition {
  const problems = suggestionProblems(s);
  if (problems.length > 0)
    throw new Error(`This suggestion is not a valid pattern: ${problems.join('; ')}`);
  return patternSchema.parse(definitionOf(s));
}

// ---------------------------------------------------------------------------------------
// The on-device suggestion

const CUES: Record<SuggestedPhaseType, string> = {
  inhale: 'Breathe in slowly through the nose.',
  hold: 'Hold gently, shoulders soft.',
  exhale: 'Breathe out slowly, letting the belly fall.',
  hold_after_exhale: 'Rest, empty, before the next breath.',
};

/** Half-second steps keep the suggestion easy to follow and within the form's 2 decimals. */
const half = (v: number) => Math.round(v * 2) / 2;
const PHASE_MAX = 60;

interface DeviceSuggestionInput {
  /** The practised pattern, when its definition is known (else the default, box). */
  pattern?: PatternDefinition;
  completionPercent: number;
  rhythmConsistency?: number;
  stillness?: number;
}

function withPrefix(prefix: string, name: string): string {
  const full = `${prefix} ${name}`;
  return full.length <= 80 ? full : full.slice(0, 80).trimEnd();
}

interface Change {
  timings: PatternTimings;
  /** What changed, e.g. 'shorter holds'. */
  what: string;
}

/** Gentler: holds shortened (hold to three quarters, hold after exhale to half); with no holds, shorter breaths (four fifths, at least 2 s). */
function gentler(base: PatternTimings): Change | null {
  if (base.hold + base.hold_after_exhale > 0) {
    return {
      timings: {
        ...base,
        hold: half(base.hold * 0.75),
        hold_after_exhale: half(base.hold_after_exhale * 0.5),
      },
      what: 'shorter holds',
    };
  }
  const shorter = (v: number) => Math.min(v, Math.max(2, half(v * 0.8)));
  const timings = { ...base, inhale: shorter(base.inhale), exhale: shorter(base.exhale) };
  return timings.inhale === base.inhale && timings.exhale === base.exhale
    ? null
    : { timings, what: 'shorter breaths' };
}

/** A step up: the exhale one second longer, which slows the breath. */
function longerExhale(base: PatternTimings): Change | null {
  const exhale = Math.min(PHASE_MAX, half(base.exhale + 1));
  return exhale === base.exhale
    ? null
    : { timings: { ...base, exhale }, what: 'the exhale one second longer' };
}

/**
 * A next pattern from fixed rules. A session that was hard (under 60 % completed, under
 * 70% of cycles without a pause, or stillness under 50) gets a gentler version of the
 * pattern; otherwise the next step is a longer exhale. Null when the rule changes nothing
 * (a pattern already as short, or as long, as it can be).
 */
export function suggestPatternOnDevice(input: DeviceSuggestionInput): PatternSuggestion | null {
  const base = input.pattern ?? getPattern(DEFAULT_PATTERN_ID)!;
  const why: string[] = [];
  if (input.completionPercent < 60)
    why.push(`you completed ${input.completionPercent}% of the cycles`);
  if (input.rhythmConsistency !== undefined && input.rhythmConsistency < 70)
    why.push(`${input.rhythmConsistency}% of your cycles went without a pause`);
  if (input.stillness !== undefined && input.stillness < 50)
    why.push(`the camera measured stillness ${input.stillness}/100`);
  const hard = why.length > 0;
  const change = hard ? gentler(base) : longerExhale(base);
  if (!change) return null;
  const t = change.timings;
  const phases = (['inhale', 'hold', 'exhale', 'hold_after_exhale'] as const)
    .filter((type) => t[type] > 0)
    .map((type) => ({ type, duration: t[type], instruction: CUES[type] }));
  if (hard) {
    return {
      name: withPrefix('Gentler', base.name),
      description: `${base.name} with ${change.what}, to build up to the full pattern.`,
      phases,
      reasoning: `In this session ${why.join(', ')}. With ${change.what}, each cycle is easier to finish without pausing.`,
      category: base.category,
      difficulty: 'Beginner',
      benefits: ['Easier to keep an unbroken rhythm'],
    };
  }
  const steadiness =
    input.rhythmConsistency !== undefined
      ? ` and ${input.rhythmConsistency}% went without a pause`
      : '';
  const still = input.stillness !== undefined ? `, with stillness ${input.stillness}/100` : '';
  return {
    name: withPrefix('Longer exhale:', base.name),
    description: `${base.name} with ${change.what}.`,
    phases,
    reasoning: `You completed ${input.completionPercent}% of the cycles${steadiness}${still}. A slightly longer exhale slows the breath a little more: a small next step from a pattern you manage.`,
    category: base.category,
    difficulty: base.difficulty,
    benefits: ['A slower breath', 'A gradual step up from a pattern you already manage'],
  };
}
