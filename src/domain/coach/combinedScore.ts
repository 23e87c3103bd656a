/**
 * The combined score (docs/product.md § AI coaching): 70 % of the provider's overall score
 * plus 30 % of the stillness the camera measured. Without a stillness measure there is
 * nothing to combine: the score is the provider's overall score alone, and says so. Pure.
 */
import { COMBINED_AI_WEIGHT, COMBINED_STILLNESS_WEIGHT } from './constants';

interface CombinedScore {
  value: number;
  /** False when no stillness was measured (the value is then the provider's score alone). */
  stillnessMeasured: boolean;
}

export function combinedScore(aiOverall: number, stillness?: number): CombinedScore {
  const ai = Math.min(100, Math.max(0, aiOverall));
  if (stillness === undefined || !Number.isFinite(stillness))
    return { value: Math.round(ai), stillnessMeasured: false };
  const still = Math.min(100, Math.max(0, stillness));
  return {
    value: Math.round(COMBINED_AI_WEIGHT * ai + COMBINED_STILLNESS_WEIGHT * still),
    stillnessMeasured: true,
  };
}
