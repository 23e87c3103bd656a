/**
 * The measured breathing against the practised pattern (docs/product.md § Vision):
 * - the guide level follows the animation: rising through the inhale, full on the hold,
 *   falling through the exhale, empty on the pause;
 * - phaseAccuracy: how closely the chest followed the guide, the best correlation of the
 *   two band-passed signals with the chest up to 2 s (at most an eighth of a cycle) behind, as 0-100;
 * - rhythmConsistency: how close each measured breath's length was to the pattern's cycle,
 *   100 minus the mean relative difference (0-100).
 * Pure.
 */
import type { PhaseName } from '../breathClock';
import { filteredBreathing } from './breathingRate';
import type { BreathSample } from './breathSignal';

/** Guide level 0-1 at a point of the cycle. */
export function guideLevel(phase: PhaseName | null, progress: number): number {
  const p = Math.min(1, Math.max(0, Number.isFinite(progress) ? progress : 0));
  switch (phase) {
    case 'inhale':
      return p;
    case 'hold':
      return 1;
    case 'exhale':
      return 1 - p;
    default:
      return 0;
  }
}

/** One analysed frame: the chest displacement and the guide at the same moment. */
export interface GuidedSample extends BreathSample {
  guide: number;
}

/** The chest may lag the guide by up to 2 s, and never by more than an eighth of a cycle. */
const MAX_LAG_S = 2;

function pearson(a: Float64Array, b: Float64Array, lag: number): number {
  // Chest at i + lag against guide at i.
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  let n = 0;
  for (let i = 0; i + lag < a.length && i < b.length; i++) {
    const x = a[i + lag]!;
    const y = b[i]!;
    sa += x;
    sb += y;
    saa += x * x;
    sbb += y * y;
    sab += x * y;
    n++;
  }
  if (n < 4) return 0;
  const cov = sab / n - (sa / n) * (sb / n);
  const va = saa / n - (sa / n) ** 2;
  const vb = sbb / n - (sb / n) ** 2;
  return va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : 0;
}

/** 0-100, or null without at least one full cycle of signal. */
export function phaseAccuracy(
  samples: readonly GuidedSample[],
  band: { low: number; high: number },
  cycleSeconds: number,
): number | null {
  if (samples.length < 4) return null;
  const span = (samples[samples.length - 1]!.t - samples[0]!.t) / 1000;
  if (!(cycleSeconds > 0) || span < cycleSeconds) return null;
  // Chest up (negative displacement) goes with a rising guide.
  const chest = filteredBreathing(
    samples.map((s) => ({ t: s.t, y: -s.y })),
    band,
  );
  const guide = filteredBreathing(
    samples.map((s) => ({ t: s.t, y: s.guide })),
    band,
  );
  if (!chest || !guide) return null;
  let best = -1;
  const maxLag = Math.round(Math.min(MAX_LAG_S, cycleSeconds / 8) * chest.fs);
  for (let lag = 0; lag <= maxLag; lag++)
    best = Math.max(best, pearson(chest.values, guide.values, lag));
  return Math.round(100 * Math.max(0, best));
}

/** Lengths (s) of the breaths in a band-passed chest signal (rising crossings, with hysteresis). */
function breathLengths(values: Float64Array, fs: number): number[] {
  let sumSq = 0;
  for (const v of values) sumSq += v * v;
  const h = 0.3 * Math.sqrt(sumSq / Math.max(1, values.length));
  const starts: number[] = [];
  let armed = false;
  for (let i = 0; i < values.length; i++) {
    if (values[i]! < -h) armed = true;
    else if (armed && values[i]! > h) {
      starts.push(i / fs);
      armed = false;
    }
  }
  return starts.slice(1).map((t, i) => t - starts[i]!);
}

/** 0-100, or null with fewer than two measured breaths. */
export function rhythmConsistency(
  samples: readonly BreathSample[],
  band: { low: number; high: number },
  cycleSeconds: number,
): number | null {
  if (!(cycleSeconds > 0)) return null;
  const chest = filteredBreathing(
    samples.map((s) => ({ t: s.t, y: -s.y })),
    band,
  );
  if (!chest) return null;
  const lengths = breathLengths(chest.values, chest.fs);
  if (lengths.length < 2) return null;
  const meanDiff = lengths.reduce((s, l) => s + Math.abs(l - cycleSeconds), 0) / lengths.length;
  return Math.round(100 * Math.max(0, 1 - meanDiff / cycleSeconds));
}
