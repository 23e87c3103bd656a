/**
 * A program: a session as a sequence of segments (docs/product.md § Programs). Plain
 * types only (no zod), so the session screen can read a program without loading the
 * schema; the rules for a program are ./programSchema (the one schema, also for links).
 *
 * A segment is one of:
 *  - breathe:   a pattern of phases (any number, e.g. the physiological sigh's inhale,
 *               top-up, long exhale) for N cycles or for N seconds (as many breaths as
 *               end within them, at least one, the last ending on its exhale: ./timeline),
 *               optionally rising by `ramp` every few cycles, or slowing gradually by
 *               `slow` (every phase growing in proportion; a pattern session's option);
 *  - hold:      a timed breath hold on full or empty lungs (an apnea-table hold, Wim Hof's
 *               recovery breath); a tap may end it early;
 *  - retention: an open breath hold on empty lungs, timed by a stopwatch, ended by a tap
 *               (Wim Hof); its length is recorded;
 *  - rest:      a timed rest, breathing freely (an apnea table's breathing time).
 */
import stepLabels from './stepLabels.json';

/** The phases a breathe segment may contain. 'topup' is the short second inhale of a sigh. */
export const BREATH_PHASES = ['inhale', 'topup', 'hold', 'exhale', 'pause'] as const;
export type BreathPhase = (typeof BREATH_PHASES)[number];

/** Every kind of step a program's timeline has. */
export type StepKind = BreathPhase | 'retention' | 'rest';

/**
 * Each step's name as the screen shows it and the spoken cue says it: one JSON file, which
 * scripts/voice-cues.mjs reads too when it records the words.
 */
export const STEP_LABELS: Record<StepKind, string> = stepLabels;

export const STEP_HINTS: Record<StepKind, string> = {
  inhale: 'Breathe in',
  topup: 'A short extra sip of air on top',
  hold: 'Hold your breath',
  exhale: 'Breathe out',
  pause: 'Hold with empty lungs',
  retention: 'Hold with empty lungs as long as is comfortable; tap when you breathe again',
  rest: 'Breathe normally',
};

export interface PhaseTiming {
  phase: BreathPhase;
  /** Seconds (whole milliseconds at most). */
  seconds: number;
}

/** Every `everyCycles` cycles, each phase grows by `stepSeconds`, up to `maxSeconds` per phase. */
interface Ramp {
  everyCycles: number;
  stepSeconds: number;
  maxSeconds: number;
}

/**
 * Gradual slowing (issue #46, item 6): the first cycle is the phases as given; cycle by cycle
 * every phase grows in proportion (the cycle's length moving in equal steps), until cycle
 * `overCycles - 1` and every cycle after it last 60 / `toPerMinute` seconds. Not with a ramp
 * (a segment with both follows its ramp only).
 */
interface Slow {
  toPerMinute: number;
  /** At least 2 (the first cycle at the pattern's rate, the last of them at the target). */
  overCycles: number;
}

export interface BreatheSegment {
  kind: 'breathe';
  label?: string;
  phases: PhaseTiming[];
  /** Exactly one of cycles and seconds. */
  cycles?: number;
  seconds?: number;
  ramp?: Ramp;
  slow?: Slow;
}

interface HoldSegment {
  kind: 'hold';
  label?: string;
  lungs: 'full' | 'empty';
  seconds: number;
  /** A tap ends the hold early (apnea tables: always). */
  endsOnTap: boolean;
}

interface RetentionSegment {
  kind: 'retention';
  label?: string;
}

interface RestSegment {
  kind: 'rest';
  label?: string;
  seconds: number;
}

export type Segment = BreatheSegment | HoldSegment | RetentionSegment | RestSegment;

export const PROGRAM_CATEGORIES = ['progressive', 'apnea', 'wim_hof', 'calm'] as const;
export type ProgramCategory = (typeof PROGRAM_CATEGORIES)[number];

/** The program format's version (links and stored rows carry it). */
export const PROGRAM_FORMAT_VERSION = 1;

export interface ProgramDefinition {
  version: typeof PROGRAM_FORMAT_VERSION;
  name: string;
  description: string;
  category: ProgramCategory;
  /** Shown before starting (apnea and Wim Hof carry one). */
  safetyNote?: string;
  segments: Segment[];
}

export interface Program extends ProgramDefinition {
  id: string;
  builtIn: boolean;
}
