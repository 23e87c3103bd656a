/**
 * Session quality (docs/product.md § Results and scores): score helper, quality labels and
 * score messages, quality score. Pure. A score is only ever computed from what was measured.
 */

export type QualityLabel = 'Excellent' | 'Good' | 'Fair' | 'Needs Focus';

/** At least 80 Excellent, at least 60 Good, at least 40 Fair, else Needs Focus. */
export function qualityLabel(score: number): QualityLabel {
  if (score >= 80) return 'Excellent';
  if (score >= 60) return 'Good';
  if (score >= 40) return 'Fair';
  return 'Needs Focus';
}

export type ScoreMessage = 'Outstanding' | 'Excellent work' | 'You did it';

/** 80+ Outstanding, 60+ Excellent work, else You did it. */
export function scoreMessage(score: number): ScoreMessage {
  if (score >= 80) return 'Outstanding';
  if (score >= 60) return 'Excellent work';
  return 'You did it';
}

const clamp100 = (v: number) => Math.min(100, Math.max(0, v));

/**
 * Stillness (0-100) from a measured restlessness (0-100): 100 minus it, kept within 0-100.
 * The one conversion between the two camera figures.
 */
export function stillnessFromRestlessness(restlessness: number): number {
  return clamp100(100 - restlessness);
}

/** The default score of a history item that carries no score at all. */
export const DEFAULT_HISTORY_SCORE = 75;

/**
 * Score helper, for history items that come from elsewhere (for instance a server
 * row): 100 minus restlessness (at least 0) when restlessness is present, else the score
 * field, else 75. The results screen must NOT use this (its default is not a measurement);
 * it uses `measuredQualityScore`.
 */
export function scoreHelper(item: {
  restlessnessScore?: number | null;
  score?: number | null;
}): number {
  if (typeof item.restlessnessScore === 'number' && Number.isFinite(item.restlessnessScore)) {
    return stillnessFromRestlessness(item.restlessnessScore);
  }
  if (typeof item.score === 'number' && Number.isFinite(item.score)) return item.score;
  return DEFAULT_HISTORY_SCORE;
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

export interface MeasuredInputs {
  /** 0-100, from completion. */
  completionPercent: number;
  /** 0-100, rhythm steadiness (uninterrupted cycles); undefined when not measured. */
  rhythmConsistency?: number;
  /** 0-100, from the camera; undefined without a camera. */
  stillness?: number;
}

/**
 * Quality score from measured figures. With a camera: stillness, or the mean of
 * stillness and consistency when consistency was measured. Without a camera: the mean of
 * completion and rhythm steadiness (completion alone if steadiness is unknown).
 * Returns undefined when nothing at all was measured (no cycle completed, no camera).
 */
export function measuredQualityScore(m: MeasuredInputs): number | undefined {
  if (typeof m.stillness === 'number' && Number.isFinite(m.stillness)) {
    const s = clamp100(m.stillness);
    return typeof m.rhythmConsistency === 'number'
      ? Math.round((s + clamp100(m.rhythmConsistency)) / 2)
      : Math.round(s);
  }
  if (typeof m.rhythmConsistency !== 'number') {
    return m.completionPercent > 0 ? Math.round(clamp100(m.completionPercent)) : undefined;
  }
  return Math.round((clamp100(m.completionPercent) + clamp100(m.rhythmConsistency)) / 2);
}
