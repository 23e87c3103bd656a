/**
 * The resonance-rate finder's decision (docs/product.md § Heart and safety): five
 * blocks of 2 minutes at 6.5, 6.0, 5.5, 5.0 and 4.5 breaths a minute; the rate whose
 * heart-rate swing with the breath (breathSwing: peak minus trough per cycle, averaged)
 * is largest is the resonance rate. It declines ('could not decide') when:
 *
 * - no block has at least MIN_USABLE_CYCLES cycles with enough heart-rate samples
 *   ('no-signal');
 * - the best block's swing is below MIN_SWING_BPM ('too-small'): a swing that small is
 *   within a strap's or camera's own jitter;
 * - the best block's swing is not in step with the breath ('not-in-step'): its
 *   breath-locked profile (the heart rate averaged over cycles at the same point of the
 *   breath) keeps less than MIN_LOCK_RATIO of the per-cycle swing. Noise has a
 *   peak-to-trough inside every cycle too, but averaging over the block's 9-13 cycles
 *   shrinks it to about a third or less; a swing driven by the breath keeps most of it.
 *
 * Pure.
 */
import { breathSwing, type BreathCycle, type BreathSwing } from './breathSwing';
import type { HeartRateSample } from './rrIntervals';

export const RESONANCE_RATES = [6.5, 6.0, 5.5, 5.0, 4.5] as const;
export const RESONANCE_BLOCK_S = 120;

const MIN_USABLE_CYCLES = 4;
const MIN_SWING_BPM = 2;
const MIN_LOCK_RATIO = 0.5;

export interface ResonanceBlock {
  breathsPerMinute: number;
  cycles: readonly BreathCycle[];
  samples: readonly HeartRateSample[];
}

interface BlockFigure {
  breathsPerMinute: number;
  swing: BreathSwing;
}

type ResonanceDecision =
  | { decided: true; breathsPerMinute: number; swingBpm: number; figures: BlockFigure[] }
  | {
      decided: false;
      reason: 'no-signal' | 'too-small' | 'not-in-step';
      figures: BlockFigure[];
    };

export function decideResonance(blocks: readonly ResonanceBlock[]): ResonanceDecision {
  const figures = blocks.map((b) => ({
    breathsPerMinute: b.breathsPerMinute,
    swing: breathSwing(b.samples, b.cycles),
  }));
  let best: BlockFigure | null = null;
  for (const f of figures) {
    if (f.swing.usableCycles < MIN_USABLE_CYCLES || f.swing.meanSwingBpm === null) continue;
    if (!best || f.swing.meanSwingBpm > best.swing.meanSwingBpm!) best = f;
  }
  if (!best) return { decided: false, reason: 'no-signal', figures };
  const swingBpm = best.swing.meanSwingBpm!;
  if (swingBpm < MIN_SWING_BPM) return { decided: false, reason: 'too-small', figures };
  if ((best.swing.lockRatio ?? 0) < MIN_LOCK_RATIO) {
    return { decided: false, reason: 'not-in-step', figures };
  }
  return { decided: true, breathsPerMinute: best.breathsPerMinute, swingBpm, figures };
}
