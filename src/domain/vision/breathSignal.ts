/**
 * A breathing signal as measured: irregularly timed samples (frames arrive at the rate
 * the device manages) turned into an evenly sampled, detrended series. Pure.
 */

export interface BreathSample {
  /** Monotonic ms. */
  t: number;
  /** Vertical displacement of the chest region in pixels (positive: moved down). */
  y: number;
}

interface EvenSeries {
  /** Samples per second. */
  fs: number;
  /** Time of the first value, ms. */
  t0: number;
  values: Float64Array;
}

/** Samples further apart than this are a gap (a pause, a hidden tab): bridged linearly. */
const MAX_RATE_HZ = 4;
const MIN_RATE_HZ = 0.25;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Finite samples in time order, without repeated times. */
function cleanSamples(samples: readonly BreathSample[]): BreathSample[] {
  const ok = samples.filter((s) => Number.isFinite(s.t) && Number.isFinite(s.y));
  ok.sort((a, b) => a.t - b.t);
  return ok.filter((s, i) => i === 0 || s.t > ok[i - 1]!.t);
}

/** The samples at their median rate, by linear interpolation; null with fewer than 4. */
export function evenlySampled(samples: readonly BreathSample[]): EvenSeries | null {
  const s = cleanSamples(samples);
  if (s.length < 4) return null;
  const gaps = s.slice(1).map((p, i) => p.t - s[i]!.t);
  const fs = Math.min(MAX_RATE_HZ, Math.max(MIN_RATE_HZ, 1000 / median(gaps)));
  const t0 = s[0]!.t;
  const n = Math.floor(((s[s.length - 1]!.t - t0) / 1000) * fs) + 1;
  const values = new Float64Array(n);
  let j = 0;
  for (let i = 0; i < n; i++) {
    const t = t0 + (i * 1000) / fs;
    while (j < s.length - 2 && s[j + 1]!.t < t) j++;
    const a = s[j]!;
    const b = s[j + 1]!;
    const k = b.t === a.t ? 0 : Math.min(1, Math.max(0, (t - a.t) / (b.t - a.t)));
    values[i] = a.y + k * (b.y - a.y);
  }
  return { fs, t0, values };
}

/** The series minus its least-squares straight line. */
export function detrend(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  if (n === 0) return out;
  const mx = (n - 1) / 2;
  let my = 0;
  for (let i = 0; i < n; i++) my += values[i]!;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (i - mx) * (values[i]! - my);
    sxx += (i - mx) * (i - mx);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  for (let i = 0; i < n; i++) out[i] = values[i]! - my - slope * (i - mx);
  return out;
}
