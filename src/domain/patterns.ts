/**
 * THE pattern catalogue: the one source of truth for every built-in breathing pattern.
 * Pure data and helpers, no React, no I/O.
 *
 * One shape with four phases everywhere (seconds): inhale, hold, exhale, hold_after_exhale.
 * A zero phase is skipped by the breath clock. The six catalogue timings are the
 * product's (docs/product.md § Patterns); the three goal-level patterns (energizing,
 * coherent, resonant) use timings taken from the research cited next to them.
 *
 * Deliberately absent: a 'success rate' per pattern (87-98 % in older copy). Those figures
 * were marketing text, not data; the honesty rules forbid showing them as measured, so the
 * catalogue does not carry them at all.
 */

/** The four pattern categories, in the order forms and filters list them. */
export const PATTERN_CATEGORIES = ['stress', 'sleep', 'focus', 'energy'] as const;
export type PatternCategory = (typeof PATTERN_CATEGORIES)[number];
/** How a category reads on screen. */
export const CATEGORY_LABELS: Record<PatternCategory, string> = {
  stress: 'Stress Relief',
  sleep: 'Sleep',
  focus: 'Focus',
  energy: 'Energy',
};

export const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export interface PatternTimings {
  /** Seconds. */
  inhale: number;
  hold: number;
  exhale: number;
  hold_after_exhale: number;
}

/** The four phase fields of a pattern, in breathing order. */
export type PhaseField = keyof PatternTimings;
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

/**
 * What a person defines when making a pattern: the part built-in and custom patterns
 * share. The rules for it are `patternSchema` (./patternSchema).
 */
export interface PatternDefinition extends PatternTimings {
  name: string;
  description: string;
  category: PatternCategory;
  difficulty: Difficulty;
  benefits: string[];
}

export interface BreathingPattern extends PatternDefinition {
  id: string;
  /** One line, second person: what the user gets. */
  userBenefit: string;
  /** Typical time before the user notices an effect (descriptive text, not a measurement). */
  timeToEffect: string;
  bestFor: string[];
  /** Hex colour used for the pattern's accent. */
  color: string;
  /** The pattern offers breath-retention rounds (hold after the last exhale). */
  hasBreathHold: boolean;
  /** Built into the app (true) or made by a user (false). */
  builtIn: boolean;
}

/** The six catalogue keys, in catalogue order (docs/product.md § Patterns). */
export const CATALOGUE_IDS = [
  'box',
  'relaxation',
  'wim_hof',
  'energy',
  'sleep',
  'mindfulness',
] as const;
/** The goal-level patterns the home goals add (docs/product.md § Discovery). */
export const GOAL_PATTERN_IDS = ['energizing', 'coherent', 'resonant'] as const;

export type CatalogueId = (typeof CATALOGUE_IDS)[number] | (typeof GOAL_PATTERN_IDS)[number];

export const DEFAULT_PATTERN_ID: CatalogueId = 'box';

const catalogue: Record<CatalogueId, Omit<BreathingPattern, 'id' | 'builtIn'>> = {
  box: {
    name: 'Box Breathing',
    description: 'Four equal sides: breathe in, hold, breathe out, hold, four seconds each.',
    inhale: 4,
    hold: 4,
    exhale: 4,
    hold_after_exhale: 4,
    benefits: ['Calms the stress response', 'Sharpens focus', 'Steadies the breath rhythm'],
    userBenefit: 'Settle your nerves and think clearly under pressure.',
    timeToEffect: 'A few minutes',
    difficulty: 'Beginner',
    bestFor: ['Stress', 'Focus', 'Before a performance'],
    // About 3.75 breaths/min: slow breathing below 10/min raises heart-rate variability
    // and parasympathetic activity (Zaccaro et al., 2018, Front. Hum. Neurosci. 12:353).
    // Box breathing was one of the practices compared by Balban et al., 2023, Cell Rep.
    // Med. 4(1):100895.
    color: '#3b82f6',
    category: 'stress',
    hasBreathHold: false,
  },
  relaxation: {
    name: '4-7-8 Relaxation',
    description: 'Breathe in for 4, hold for 7, breathe out slowly for 8.',
    inhale: 4,
    hold: 7,
    exhale: 8,
    hold_after_exhale: 0,
    benefits: ['Eases anxiety', 'Helps you fall asleep', 'Slows the heart rate'],
    userBenefit: 'Wind down quickly when your mind is racing.',
    timeToEffect: 'A few cycles',
    difficulty: 'Beginner',
    bestFor: ['Anxiety', 'Sleep', 'Stress'],
    // Vierra et al., 2022, Physiol. Rep. 10(13):e15389: 4-7-8 breathing improved
    // heart-rate variability after sleep deprivation in healthy young adults.
    color: '#8b5cf6',
    category: 'stress',
    hasBreathHold: false,
  },
  wim_hof: {
    name: 'Wim Hof Method',
    description:
      'Quick, deep breaths in and relaxed breaths out, then a breath hold after the last exhale.',
    inhale: 2,
    hold: 0,
    exhale: 1,
    hold_after_exhale: 0,
    benefits: [
      'Raises energy and alertness',
      'Builds breath-hold tolerance',
      'Trains the stress response',
    ],
    userBenefit: 'Wake up your body and test how long you can hold your breath.',
    timeToEffect: 'One round',
    difficulty: 'Advanced',
    bestFor: ['Energy', 'Lung capacity', 'Cold exposure practice'],
    // Kox et al., 2014, PNAS 111(20):7379-7384: trained participants voluntarily
    // activated the sympathetic nervous system and dampened the innate immune response.
    color: '#f97316',
    category: 'energy',
    hasBreathHold: true,
  },
  energy: {
    name: 'Energy Boost',
    description: 'A brisk, balanced rhythm: in 3, hold 2, out 4, pause 1.',
    inhale: 3,
    hold: 2,
    exhale: 4,
    hold_after_exhale: 1,
    benefits: ['Lifts alertness', 'Keeps you steady while energized', 'Clears mental fog'],
    userBenefit: 'Get a gentle lift without feeling wired.',
    timeToEffect: 'A few minutes',
    difficulty: 'Intermediate',
    bestFor: ['Energy', 'Afternoon slump', 'Focus'],
    // A 10-second cycle: 6 breaths/min, the slow-breathing range reviewed by Zaccaro et
    // al., 2018. No study has tested these exact four timings.
    color: '#eab308',
    category: 'energy',
    hasBreathHold: false,
  },
  sleep: {
    name: 'Sleep Preparation',
    description: 'Long, slow cycles with a lengthened exhale and a rest at the bottom: 4-6-8-3.',
    inhale: 4,
    hold: 6,
    exhale: 8,
    hold_after_exhale: 3,
    benefits: ['Quiets the mind', 'Relaxes the body', 'Prepares you for sleep'],
    userBenefit: 'Ease into sleep with a slow, quiet rhythm.',
    timeToEffect: 'About ten minutes',
    difficulty: 'Intermediate',
    bestFor: ['Sleep', 'Evening', 'Wind-down'],
    // Van Diest et al., 2014, Appl. Psychophysiol. Biofeedback 39(3-4):171-180: a longer
    // exhale than inhale gave more relaxation than the reverse at the same rate.
    color: '#6366f1',
    category: 'sleep',
    hasBreathHold: false,
  },
  mindfulness: {
    name: 'Mindful Breathing',
    description: 'Even, unhurried breaths: in for 5, out for 5.',
    inhale: 5,
    hold: 0,
    exhale: 5,
    hold_after_exhale: 0,
    benefits: ['Anchors attention', 'Balances the nervous system', 'Easy to keep up'],
    userBenefit: 'Come back to the present moment.',
    timeToEffect: 'A few minutes',
    difficulty: 'Beginner',
    bestFor: ['Focus', 'Meditation', 'Any time'],
    // 6 breaths/min, close to the resonance frequency of most adults (Lehrer & Gevirtz,
    // 2014, Front. Psychol. 5:756).
    color: '#14b8a6',
    category: 'focus',
    hasBreathHold: false,
  },
  energizing: {
    name: 'Energizing Breath',
    description: 'A longer inhale than exhale: in for 4, out for 2.',
    inhale: 4,
    hold: 0,
    exhale: 2,
    hold_after_exhale: 0,
    benefits: ['Raises alertness', 'Boosts energy', 'Sharpens attention'],
    userBenefit: 'Wake yourself up in a couple of minutes.',
    timeToEffect: 'A couple of minutes',
    difficulty: 'Intermediate',
    bestFor: ['Energy', 'Morning', 'Focus'],
    // Timing: 10 breaths/min with an inhale-to-exhale ratio of 2:1. An inhale-weighted
    // ratio was less relaxing (more activating) than an exhale-weighted one at the same
    // rate (Van Diest et al., 2014, Appl. Psychophysiol. Biofeedback 39:171-180), and
    // inhale-emphasised cyclic hyperventilation raised positive affect and alertness in
    // Balban et al., 2023, Cell Rep. Med. 4(1):100895.
    color: '#f59e0b',
    category: 'energy',
    hasBreathHold: false,
  },
  coherent: {
    name: 'Coherent Breathing',
    description: 'Five breaths a minute: in for 6, out for 6.',
    inhale: 6,
    hold: 0,
    exhale: 6,
    hold_after_exhale: 0,
    benefits: [
      'Balances heart-rate rhythm',
      'Calms without sleepiness',
      'Trains slow, full breaths',
    ],
    userBenefit: 'Find a steady, balanced calm you can keep all day.',
    timeToEffect: 'About five minutes',
    difficulty: 'Beginner',
    bestFor: ['Stress', 'Lung capacity', 'Daily practice'],
    // Timing: 5 breaths/min, equal inhale and exhale, as defined for Coherent Breathing by
    // Elliott & Edmonson (2005) and studied by Brown & Gerbarg, 2005, J. Altern.
    // Complement. Med. 11(1):189-201.
    color: '#10b981',
    category: 'stress',
    hasBreathHold: false,
  },
  resonant: {
    name: 'Resonant Breathing',
    description: 'Six breaths a minute with a longer exhale: in for 4, out for 6.',
    inhale: 4,
    hold: 0,
    exhale: 6,
    hold_after_exhale: 0,
    benefits: [
      'Maximises heart-rate variability',
      'Lowers stress',
      'Supports blood-pressure regulation',
    ],
    userBenefit: 'Breathe at the pace where your heart rhythm is most flexible.',
    timeToEffect: 'About five minutes',
    difficulty: 'Beginner',
    bestFor: ['Stress', 'Recovery', 'Heart-rate variability'],
    // Timing: 6 breaths/min (0.1 Hz), the typical adult resonance frequency (Lehrer et
    // al., 2000, Appl. Psychophysiol. Biofeedback 25(3):177-191; Lehrer & Gevirtz, 2014,
    // Front. Psychol. 5:756), with the exhale longer than the inhale (Van Diest et al., 2014).
    color: '#06b6d4',
    category: 'stress',
    hasBreathHold: false,
  },
};

/** All built-in patterns: the six catalogue patterns first, then the goal-level ones. */
export const PATTERNS: readonly BreathingPattern[] = Object.freeze(
  [...CATALOGUE_IDS, ...GOAL_PATTERN_IDS].map((id) =>
    Object.freeze({ id, builtIn: true, ...catalogue[id] }),
  ),
);

const byId = new Map<string, BreathingPattern>(PATTERNS.map((p) => [p.id, p]));

/** True when `id` names a built-in pattern (the catalogue a session's pattern choice accepts). */
export function isCatalogueId(id: unknown): id is CatalogueId {
  return typeof id === 'string' && byId.has(id);
}

/** The built-in pattern with this id, or undefined. */
export function getPattern(id: string | null | undefined): BreathingPattern | undefined {
  return id == null ? undefined : byId.get(id);
}

/**
 * Seconds in one full cycle: all four phases (zero phases add nothing). The one cycle
 * length every card and screen shows (box: 16 s).
 */
export function cycleSeconds(p: PatternTimings): number {
  return p.inhale + p.hold + p.exhale + p.hold_after_exhale;
}

/** A pattern's id, name and four timings, and nothing else it carries. */
export interface NamedTimings extends PatternTimings {
  id: string;
  name: string;
}

/** Copies just the id, name and four timings of any pattern-like value. */
export const namedTimingsOf = (p: NamedTimings): NamedTimings => ({
  id: p.id,
  name: p.name,
  inhale: p.inhale,
  hold: p.hold,
  exhale: p.exhale,
  hold_after_exhale: p.hold_after_exhale,
});

/**
 * The phases a person breathes, in order, with the names the guide says (both holds are
 * 'Hold'); a zero-length phase is left out. Box: Inhale 4, Hold 4, Exhale 4, Hold 4.
 */
export function phasesShown(p: PatternTimings): { label: string; seconds: number }[] {
  return PHASE_FIELDS.map((f) => ({
    label: f === 'hold_after_exhale' ? PHASE_FIELD_LABELS.hold : PHASE_FIELD_LABELS[f],
    seconds: p[f],
  })).filter((x) => x.seconds > 0);
}

/** Label like '3-2-3-1' for a pattern's four timings, in breathing order. */
export function timingLabel(p: PatternTimings): string {
  return PHASE_FIELDS.map((f) => String(p[f])).join('-');
}

/** Longest phase accepted, in seconds (anything longer is a typo, not a practice). */
const MAX_PHASE_SECONDS = 120;

/**
 * Checks that four timings make a breathable cycle. Returns an error message, or null.
 * Each phase must be a finite number of seconds between 0 and MAX_PHASE_SECONDS, inhale
 * and exhale must be positive.
 */
export function timingsError(p: Partial<Record<keyof PatternTimings, unknown>>): string | null {
  for (const key of PHASE_FIELDS) {
    const v = p[key];
    if (typeof v !== 'number' || !Number.isFinite(v))
      return `Pattern ${key} must be a number of seconds`;
    if (v < 0) return `Pattern ${key} cannot be negative`;
    if (v > MAX_PHASE_SECONDS)
      return `Pattern ${key} cannot be longer than ${MAX_PHASE_SECONDS} seconds`;
  }
  if ((p.inhale as number) <= 0) return 'Pattern inhale must be longer than 0 seconds';
  if ((p.exhale as number) <= 0) return 'Pattern exhale must be longer than 0 seconds';
  return null;
}
