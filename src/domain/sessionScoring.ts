/**
 * Session quality (docs/product.md § Results and scores): quality labels and the session
 * score, shown under a session's 'More' (the headline is domain/practiceSentence.ts). Pure. A score is only ever computed from what was measured.
 */

type QualityLabel = 'Excellent' | 'Good' | 'Fair' | 'Needs Focus';

/** At least 80 Excellent, at least 60 Good, at least 40 Fair, else Needs Focus. */
export function qualityLabel(score: number): QualityLabel {
  if (score >= 80) return 'Excellent';
  if (score >= 60) return 'Good';
  if (score >= 40) return 'Fair';
  return 'Needs Focus';
}

/**
 * The icon beside a score (spec § 9: thresholds 90, 80, 70, 60, 50), by name (drawn as a line
 * icon by src/ui/LineIcon, never an emoji: a browser without an emoji font shows an empty box),
 * with its meaning for anyone who cannot see it. Below 50 a seedling: a start, never a failure mark.
 */
const SCORE_ICONS = [
  { min: 90, icon: 'trophy', meaning: 'trophy' },
  { min: 80, icon: 'star', meaning: 'star' },
  { min: 70, icon: 'target', meaning: 'on target' },
  { min: 60, icon: 'thumbsUp', meaning: 'good' },
  { min: 50, icon: 'rising', meaning: 'getting stronger' },
  { min: 0, icon: 'sprout', meaning: 'a start' },
] as const;

export function scoreIcon(score: number): (typeof SCORE_ICONS)[number] {
  return SCORE_ICONS.find((i) => score >= i.min) ?? SCORE_ICONS[SCORE_ICONS.length - 1]!;
}

const clamp100 = (v: number) => Math.min(100, Math.max(0, v));

/**
 * Stillness (0-100) from a measured restlessness (0-100): 100 minus it, kept within 0-100.
 * The one conversion between the two camera figures.
 */
export function stillnessFromRestlessness(restlessness: number): number {
  return clamp100(100 - restlessness);
}

/** Percent of the target cycles completed, capped at 100. */
export function completionPercent(cycleCount: number, targetCycles: number): number {
  if (!(targetCycles > 0) || !(cycleCount > 0)) return 0;
  return Math.min(100, Math.round((cycleCount / targetCycles) * 100));
}

/**
 * Rhythm steadiness without a camera: the share of completed cycles the user breathed
 * through without pausing. Undefined when no cycle was completed (nothing to measure).
 */
export function rhythmSteadiness(
  completedCycles: number,
  interruptedCycles: number,
): number | undefined {
  if (!(completedCycles > 0)) return undefined;
  const steady = Math.max(0, completedCycles - Math.max(0, interruptedCycles));
  return Math.round((steady / completedCycles) * 100);
}

interface MeasuredInputs {
  /** 0-100, from completion (cycles / target cycles). */
  completionPercent: number;
  /** 0-100, rhythm steadiness (uninterrupted cycles); undefined when not measured. */
  rhythmConsistency?: number;
  /** 0-100, from the camera; undefined without a camera. */
  stillness?: number;
}

/**
 * The weights of the session score. A part that was not measured drops out and the rest
 * are rescaled (completion is always known).
 */
export const SCORE_WEIGHTS = Object.freeze({ completion: 0.4, steadiness: 0.35, stillness: 0.25 });

/** The highest score a session ended early can read, by how much of it was breathed. */
export const EARLY_END_CAPS = Object.freeze([
  /** Half the target cycles or more: the top of 'Good'. */
  { fromPercent: 50, cap: 79 },
  /** Less than half: the top of 'Fair'. */
  { fromPercent: 0, cap: 59 },
]);

/** The cap for a completion percent: none (100) once the target was reached. */
export function scoreCap(completion: number): number {
  if (completion >= 100) return 100;
  return (EARLY_END_CAPS.find((c) => completion >= c.fromPercent) ?? EARLY_END_CAPS.at(-1)!).cap;
}

/**
 * The session score, the one score out of 100 a session has (docs/product.md § Results
 * and scores): the weighted mean of what was measured (completion 40 %, rhythm steadiness
 * 35 %, camera stillness 25 %; a part not measured drops out and the others are rescaled),
 * then capped by completion: a session ended early reads at most 79 ('Good') with half its
 * target cycles or more, at most 59 ('Fair') with less, so it can never read 'Outstanding'.
 * Undefined when nothing was measured (no cycle completed and no camera).
 */
export function sessionScore(m: MeasuredInputs): number | undefined {
  const completion = clamp100(Number.isFinite(m.completionPercent) ? m.completionPercent : 0);
  const stillness =
    typeof m.stillness === 'number' && Number.isFinite(m.stillness)
      ? clamp100(m.stillness)
      : undefined;
  const steadiness =
    typeof m.rhythmConsistency === 'number' && Number.isFinite(m.rhythmConsistency)
      ? clamp100(m.rhythmConsistency)
      : undefined;
  if (completion === 0 && stillness === undefined) return undefined;
  const parts: [number, number][] = [[completion, SCORE_WEIGHTS.completion]];
  if (steadiness !== undefined) parts.push([steadiness, SCORE_WEIGHTS.steadiness]);
  if (stillness !== undefined) parts.push([stillness, SCORE_WEIGHTS.stillness]);
  const total = parts.reduce((a, [, w]) => a + w, 0);
  const mean = parts.reduce((a, [v, w]) => a + v * w, 0) / total;
  return Math.min(scoreCap(completion), Math.round(mean));
}
