/**
 * Breathing rate from the chest signal (docs/product.md § Vision): the evenly sampled,
 * detrended signal is band-passed to the breathing band, windowed, and the strongest
 * frequency of its spectrum inside the band is the rate. A rate is reported only when
 * the signal is clearly periodic (most of the band's power near the peak), large enough
 * to be motion rather than noise, long enough for one and a half breaths, and sampled at
 * one frame per second or more. Pure.
 */
import { bandPass } from './bandPass';
import { detrend, evenlySampled, type BreathSample } from './breathSignal';

/** The breathing band: 0.1-0.7 Hz (6-42 breaths per minute). */
export const BREATH_BAND_HZ = { low: 0.1, high: 0.7 } as const;

/**
 * The band for a practised pace: the standard band, its low edge lowered to 60% of the
 * pattern's pace when the pattern is slower than 6 breaths per minute (box breathing is
 * 3.75), so the guided breathing itself is never filtered away.
 */
export function breathBandFor(targetHz?: number | null): { low: number; high: number } {
  const low =
    targetHz && Number.isFinite(targetHz) && targetHz > 0
      ? Math.min(BREATH_BAND_HZ.low, 0.6 * targetHz)
      : BREATH_BAND_HZ.low;
  return { low, high: BREATH_BAND_HZ.high };
}

/** Share of the band's power that must lie near the peak. */
const MIN_PEAK_SHARE = 0.6;
/** Below this RMS (pixels) after filtering, the signal is noise. */
const MIN_AMPLITUDE_PX = 0.04;
/** Fewest frames per second that can follow breathing (the minimal mode's 0.5 cannot). */
const MIN_FRAME_RATE_HZ = 0.9;
/** Shortest analysed stretch, seconds. */
const MIN_DURATION_S = 10;

interface BreathingRate {
  /** Breaths per minute, one decimal. */
  breathsPerMinute: number;
  frequencyHz: number;
  /** Share of the band's power near the peak (0-1). */
  peakShare: number;
  /** RMS of the band-passed signal, pixels. */
  amplitudePx: number;
}

/** Power of `x` (sampled at fs) at frequency f: |DFT|^2 (the phasor turns by one step a sample). */
function powerAt(x: Float64Array, fs: number, f: number): number {
  const w = (2 * Math.PI * f) / fs;
  const cw = Math.cos(w);
  const sw = Math.sin(w);
  let c = 1;
  let s = 0;
  let re = 0;
  let im = 0;
  for (let i = 0; i < x.length; i++) {
    re += x[i]! * c;
    im -= x[i]! * s;
    const next = c * cw - s * sw;
    s = s * cw + c * sw;
    c = next;
  }
  return re * re + im * im;
}

/**
 * The power spectrum of `values` (sampled at fs) under a Hann window, on a grid of `step` Hz
 * from `low` to `high`, and its strongest frequency refined by a parabola through the peak.
 * One rule for the breathing rate (here) and the camera pulse (../heart/pulsePos.ts).
 */
export function windowedSpectrum(
  values: Float64Array,
  fs: number,
  low: number,
  high: number,
  step: number,
): { freqs: number[]; powers: number[]; peak: number } {
  const n = values.length;
  const windowed = new Float64Array(n);
  for (let i = 0; i < n; i++)
    windowed[i] = values[i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)));
  const freqs: number[] = [];
  const powers: number[] = [];
  for (let f = low; f <= high + 1e-9; f += step) {
    freqs.push(f);
    powers.push(powerAt(windowed, fs, f));
  }
  let k = 0;
  for (let i = 1; i < powers.length; i++) if (powers[i]! > powers[k]!) k = i;
  let peak = freqs[k]!;
  if (k > 0 && k < powers.length - 1) {
    const [a, b, c] = [powers[k - 1]!, powers[k]!, powers[k + 1]!];
    const denom = a - 2 * b + c;
    if (denom < 0) peak += (0.5 * (a - c) * step) / denom;
  }
  return { freqs, powers, peak };
}

/** The band-passed, evenly sampled signal (for rate, phase and rhythm), or null. */
export function filteredBreathing(
  samples: readonly BreathSample[],
  band: { low: number; high: number },
): { fs: number; t0: number; values: Float64Array } | null {
  const even = evenlySampled(samples);
  if (!even) return null;
  const high = Math.min(band.high, 0.45 * even.fs);
  if (high <= band.low) return null;
  return {
    fs: even.fs,
    t0: even.t0,
    values: bandPass(detrend(even.values), even.fs, band.low, high),
  };
}

export function estimateBreathingRate(
  samples: readonly BreathSample[],
  band: { low: number; high: number } = BREATH_BAND_HZ,
): BreathingRate | null {
  const filtered = filteredBreathing(samples, band);
  if (!filtered) return null;
  const { fs, values } = filtered;
  if (fs < MIN_FRAME_RATE_HZ) return null;
  const n = values.length;
  const duration = n / fs;
  if (duration < MIN_DURATION_S) return null;
  const high = Math.min(band.high, 0.45 * fs);

  let sumSq = 0;
  for (let i = 0; i < n; i++) sumSq += values[i]! * values[i]!;
  const amplitudePx = Math.sqrt(sumSq / n);
  if (amplitudePx < MIN_AMPLITUDE_PX) return null;

  const { freqs, powers, peak } = windowedSpectrum(
    values,
    fs,
    band.low,
    high,
    Math.min(0.002, 1 / (8 * duration)),
  );
  const halfWidth = 2 / duration;
  let near = 0;
  let total = 0;
  for (let i = 0; i < powers.length; i++) {
    total += powers[i]!;
    if (Math.abs(freqs[i]! - peak) <= halfWidth) near += powers[i]!;
  }
  const peakShare = total > 0 ? near / total : 0;
  if (peakShare < MIN_PEAK_SHARE) return null;
  if (duration * peak < 1.5) return null;
  return {
    breathsPerMinute: Math.round(peak * 600) / 10,
    frequencyHz: peak,
    peakShare,
    amplitudePx,
  };
}
