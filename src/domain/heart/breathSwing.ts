/**
 * The heart rate's swing with the breath (docs/product.md § Heart and safety): within
 * each breath cycle of the pacer, the highest heart rate minus the lowest (peak minus
 * trough), and the mean of those per-cycle swings. The pacer's cycle boundaries are
 * known exactly (the breath clock), so the swing is read locked to the breathing rhythm.
 * One function for the live line, the results and the resonance finder. Pure.
 */
import type { HeartRateSample } from './rrIntervals';

/** One breath cycle of the pacer, seconds on the same clock as the heart-rate samples. */
export interface BreathCycle {
  startS: number;
  endS: number;
}

/** A cycle needs this many heart-rate samples to have a peak and a trough. */
const MIN_SAMPLES_PER_CYCLE = 3;

/** Phase bins for the breath-locked profile. */
const PHASE_BINS = 8;

export interface BreathSwing {
  /** Mean of the per-cycle swings, beats a minute; null without a usable cycle. */
  meanSwingBpm: number | null;
  /** Each cycle's swing (null where the cycle had too few samples). */
  cycleSwingsBpm: (number | null)[];
  usableCycles: number;
  /**
   * Peak minus trough of the heart rate averaged over all cycles at the same point of
   * the breath (each cycle's own mean taken off first), beats a minute; null with fewer
   * than 2 usable cycles. A swing that follows the breath survives this averaging; noise
   * averages away.
   */
  lockedSwingBpm: number | null;
  /** lockedSwingBpm / meanSwingBpm (0-1 in practice): how much of the swing is in step. */
  lockRatio: number | null;
}

export function breathSwing(
  samples: readonly HeartRateSample[],
  cycles: readonly BreathCycle[],
): BreathSwing {
  const sorted = samples
    .filter((s) => Number.isFinite(s.t) && Number.isFinite(s.bpm))
    .sort((a, b) => a.t - b.t);
  const sums = new Float64Array(PHASE_BINS);
  const counts = new Float64Array(PHASE_BINS);
  const cycleSwingsBpm: (number | null)[] = [];
  let j = 0;
  for (const c of cycles) {
    while (j < sorted.length && sorted[j]!.t < c.startS) j++;
    const inCycle: HeartRateSample[] = [];
    for (let k = j; k < sorted.length && sorted[k]!.t < c.endS; k++) inCycle.push(sorted[k]!);
    if (inCycle.length < MIN_SAMPLES_PER_CYCLE || !(c.endS > c.startS)) {
      cycleSwingsBpm.push(null);
      continue;
    }
    let lo = Infinity;
    let hi = -Infinity;
    let mean = 0;
    for (const s of inCycle) {
      lo = Math.min(lo, s.bpm);
      hi = Math.max(hi, s.bpm);
      mean += s.bpm / inCycle.length;
    }
    cycleSwingsBpm.push(hi - lo);
    for (const s of inCycle) {
      const phase = (s.t - c.startS) / (c.endS - c.startS);
      const bin = Math.min(PHASE_BINS - 1, Math.floor(phase * PHASE_BINS));
      sums[bin]! += s.bpm - mean;
      counts[bin]! += 1;
    }
  }
  const usable = cycleSwingsBpm.filter((s): s is number => s !== null);
  const meanSwingBpm = usable.length ? usable.reduce((a, b) => a + b, 0) / usable.length : null;
  let lockedSwingBpm: number | null = null;
  if (usable.length >= 2 && counts.every((n) => n > 0)) {
    const profile = Array.from(sums, (s, i) => s / counts[i]!);
    lockedSwingBpm = Math.max(...profile) - Math.min(...profile);
  }
  return {
    meanSwingBpm,
    cycleSwingsBpm,
    usableCycles: usable.length,
    lockedSwingBpm,
    lockRatio: lockedSwingBpm !== null && meanSwingBpm ? lockedSwingBpm / meanSwingBpm : null,
  };
}
