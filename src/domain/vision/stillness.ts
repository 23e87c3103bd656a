/**
 * Stillness from movement (docs/product.md § Vision): the movement level of each frame
 * pair (0-100) is smoothed with an exponential moving average; restlessness is the
 * smoothed level and stillness its complement, so one twitch does not read as a restless
 * minute. Pure.
 */

/** Weight of the newest frame in the average (at the 2 fps target: about 2 s of memory). */
const STILLNESS_SMOOTHING = 0.35;

export interface StillnessState {
  /** Smoothed movement level, or null before the first frame pair. */
  smoothed: number | null;
}

interface StillnessReading {
  /** This frame pair's movement, 0-100. */
  movementLevel: number;
  /** Smoothed movement, 0-100. */
  restlessnessScore: number;
  /** 100 - restlessness. */
  stillness: number;
}

export const initialStillness = (): StillnessState => ({ smoothed: null });

export function stepStillness(
  state: StillnessState,
  movementLevel: number,
): { state: StillnessState; reading: StillnessReading } {
  const level = Number.isFinite(movementLevel) ? Math.min(100, Math.max(0, movementLevel)) : 0;
  const smoothed =
    state.smoothed === null
      ? level
      : state.smoothed + STILLNESS_SMOOTHING * (level - state.smoothed);
  return {
    state: { smoothed },
    reading: {
      movementLevel: Math.round(level),
      restlessnessScore: Math.round(smoothed),
      stillness: Math.round(100 - smoothed),
    },
  };
}
