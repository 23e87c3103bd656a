/**
 * The pulse from the camera (docs/product.md § Heart and safety): the heart rate from a
 * trace of the mean skin colour (R, G, B) of the face, one sample a frame, by the
 * plane-orthogonal-to-skin method (POS: Wang, den Brinker, Stuijk and de Haan, 2017,
 * "Algorithmic principles of remote PPG", IEEE TBME 64(7), Algorithm 1):
 *
 * 1. the trace evenly resampled at its own median frame rate (at least 15 a second);
 * 2. in every window of 1.6 s: each channel divided by its mean over the window,
 *    S1 = G - B, S2 = G + B - 2R, h = S1 + (std S1 / std S2) * S2, h minus its mean,
 *    overlap-added into the pulse signal;
 * 3. the pulse signal detrended and band-passed to 40-180 beats a minute;
 * 4. the heart rate is the strongest frequency of its spectrum in that band (Hann
 *    window, a fine frequency grid, a parabola through the peak);
 * 5. the quality is the spectral signal-to-noise ratio (de Haan and Jeanne 2013): the
 *    power within 0.1 Hz of the peak and of its second harmonic over the rest of the
 *    band, in dB. Below MIN_SNR_DB the heart rate is not shown: 'Not measured';
 * 6. the check: CHROM (de Haan and Jeanne 2013) on the same trace must find the same
 *    peak within 3 bpm, or it is not shown either ('methods-disagree').
 *
 * Pure: no frame, only the three means per frame, ever reaches this code.
 */
import { bandPass } from '../vision/bandPass';
import { detrend } from '../vision/breathSignal';
import { windowedSpectrum } from '../vision/breathingRate';

export interface SkinColourSample {
  /** Monotonic ms. */
  t: number;
  r: number;
  g: number;
  b: number;
}

const PULSE_BAND_BPM = { low: 40, high: 180 } as const;
const MIN_PULSE_FRAME_RATE = 15;
const MIN_DURATION_S = 10;
const WINDOW_S = 1.6;
/** Mean skin brightness (0-255) below which the camera sees too little light. */
const MIN_BRIGHTNESS = 30;
export const MIN_SNR_DB = 2;
const SNR_HALF_WIDTH_HZ = 0.1;
/** POS and CHROM must agree within this, or the reading is not shown. */
const METHODS_AGREE_BPM = 3;

type PulseNotMeasured =
  'too-short' | 'frame-rate-too-low' | 'too-dark' | 'weak-signal' | 'methods-disagree';

export type PulseReading =
  | { measured: true; bpm: number; snrDb: number; frameRate: number }
  | { measured: false; reason: PulseNotMeasured; snrDb: number | null; frameRate: number | null };

interface EvenTrace {
  fs: number;
  rgb: [Float64Array, Float64Array, Float64Array];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The trace at its median frame rate, by linear interpolation; null with fewer than 4 frames. */
function evenTrace(samples: readonly SkinColourSample[]): EvenTrace | null {
  const ok = samples
    .filter((s) => [s.t, s.r, s.g, s.b].every(Number.isFinite))
    .sort((a, b) => a.t - b.t)
    .filter((s, i, all) => i === 0 || s.t > all[i - 1]!.t);
  if (ok.length < 4) return null;
  const fs = 1000 / median(ok.slice(1).map((s, i) => s.t - ok[i]!.t));
  const t0 = ok[0]!.t;
  const n = Math.floor(((ok[ok.length - 1]!.t - t0) / 1000) * fs + 1e-6) + 1;
  const rgb: EvenTrace['rgb'] = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  let j = 0;
  for (let i = 0; i < n; i++) {
    const t = t0 + (i * 1000) / fs;
    while (j < ok.length - 2 && ok[j + 1]!.t < t) j++;
    const a = ok[j]!;
    const b = ok[j + 1]!;
    const k = Math.min(1, Math.max(0, (t - a.t) / (b.t - a.t)));
    rgb[0][i] = a.r + k * (b.r - a.r);
    rgb[1][i] = a.g + k * (b.g - a.g);
    rgb[2][i] = a.b + k * (b.b - a.b);
  }
  return { fs, rgb };
}

function std(x: Float64Array): number {
  let m = 0;
  for (const v of x) m += v / x.length;
  let s = 0;
  for (const v of x) s += (v - m) * (v - m);
  return Math.sqrt(s / x.length);
}

/** POS's pulse signal (steps 2 of the list above), before detrending and filtering. */
function posSignal(rgb: EvenTrace['rgb'], fs: number): Float64Array {
  const n = rgb[0].length;
  const l = Math.ceil(WINDOW_S * fs);
  const out = new Float64Array(n);
  const s1 = new Float64Array(l);
  const s2 = new Float64Array(l);
  for (let end = l; end <= n; end++) {
    const m = end - l;
    const mean = [0, 0, 0];
    for (let c = 0; c < 3; c++) for (let i = m; i < end; i++) mean[c]! += rgb[c]![i]! / l;
    if (mean.some((v) => !(v > 0))) continue;
    for (let i = 0; i < l; i++) {
      const r = rgb[0][m + i]! / mean[0]!;
      const g = rgb[1][m + i]! / mean[1]!;
      const b = rgb[2][m + i]! / mean[2]!;
      s1[i] = g - b;
      s2[i] = -2 * r + g + b;
    }
    const sd2 = std(s2);
    const alpha = sd2 > 0 ? std(s1) / sd2 : 0;
    let hm = 0;
    for (let i = 0; i < l; i++) hm += (s1[i]! + alpha * s2[i]!) / l;
    for (let i = 0; i < l; i++) out[m + i]! += s1[i]! + alpha * s2[i]! - hm;
  }
  return out;
}

function pulseBand(fs: number): { low: number; high: number } {
  return { low: PULSE_BAND_BPM.low / 60, high: Math.min(PULSE_BAND_BPM.high / 60, 0.45 * fs) };
}

/**
 * CHROM (de Haan and Jeanne 2013), the check on POS: in half-overlapping windows of 1.6 s,
 * the normalised channels give X = 3R - 2G and Y = 1.5R + G - 1.5B, each band-passed to
 * the pulse band; X - (std X / std Y) Y, Hann-windowed, is overlap-added.
 */
function chromSignal(rgb: EvenTrace['rgb'], fs: number): Float64Array {
  const n = rgb[0].length;
  let wl = Math.ceil(WINDOW_S * fs);
  if (wl % 2) wl++;
  const band = pulseBand(fs);
  const out = new Float64Array(n);
  const xs = new Float64Array(wl);
  const ys = new Float64Array(wl);
  for (let start = 0; start + wl <= n; start += wl / 2) {
    const mean = [0, 0, 0];
    for (let c = 0; c < 3; c++) for (let i = 0; i < wl; i++) mean[c]! += rgb[c]![start + i]! / wl;
    if (mean.some((v) => !(v > 0))) continue;
    for (let i = 0; i < wl; i++) {
      const r = rgb[0][start + i]! / mean[0]!;
      const g = rgb[1][start + i]! / mean[1]!;
      const b = rgb[2][start + i]! / mean[2]!;
      xs[i] = 3 * r - 2 * g;
      ys[i] = 1.5 * r + g - 1.5 * b;
    }
    const xf = bandPass(xs, fs, band.low, band.high);
    const yf = bandPass(ys, fs, band.low, band.high);
    const sy = std(yf);
    const alpha = sy > 0 ? std(xf) / sy : 0;
    for (let i = 0; i < wl; i++) {
      const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (wl - 1));
      out[start + i]! += (xf[i]! - alpha * yf[i]!) * hann;
    }
  }
  return out;
}

/**
 * The strongest frequency of a pulse signal in the pulse band (Hann window, a fine grid,
 * a parabola through the peak) and the spectral signal-to-noise ratio around it, dB.
 */
function spectrumPeak(pulse: Float64Array, fs: number): { peakHz: number; snrDb: number } {
  const n = pulse.length;
  const { low, high } = pulseBand(fs);
  const { freqs, powers, peak } = windowedSpectrum(
    pulse,
    fs,
    low,
    high,
    Math.min(0.002, fs / (8 * n)),
  );
  let signal = 0;
  let noise = 0;
  for (let i = 0; i < powers.length; i++) {
    const f = freqs[i]!;
    const near =
      Math.abs(f - peak) <= SNR_HALF_WIDTH_HZ || Math.abs(f - 2 * peak) <= SNR_HALF_WIDTH_HZ;
    if (near) signal += powers[i]!;
    else noise += powers[i]!;
  }
  const snrDb =
    noise > 0 ? Math.round(10 * Math.log10(signal / noise) * 10) / 10 : signal > 0 ? 99 : -99;
  return { peakHz: peak, snrDb };
}

/** The heart rate and its quality from a skin-colour trace. */
export function estimatePulse(samples: readonly SkinColourSample[]): PulseReading {
  const even = evenTrace(samples);
  if (!even) return { measured: false, reason: 'too-short', snrDb: null, frameRate: null };
  const { fs, rgb } = even;
  const frameRate = Math.round(fs * 10) / 10;
  const notMeasured = (reason: PulseNotMeasured, snrDb: number | null = null): PulseReading => ({
    measured: false,
    reason,
    snrDb,
    frameRate,
  });
  if (fs < MIN_PULSE_FRAME_RATE - 0.5) return notMeasured('frame-rate-too-low');
  const n = rgb[0].length;
  const duration = n / fs;
  if (duration < MIN_DURATION_S) return notMeasured('too-short');
  let brightness = 0;
  for (let c = 0; c < 3; c++) for (const v of rgb[c]!) brightness += v / (3 * n);
  if (brightness < MIN_BRIGHTNESS) return notMeasured('too-dark');

  const band = pulseBand(fs);
  const pos = spectrumPeak(bandPass(detrend(posSignal(rgb, fs)), fs, band.low, band.high), fs);
  if (!(pos.snrDb >= MIN_SNR_DB)) return notMeasured('weak-signal', pos.snrDb);
  const chrom = spectrumPeak(chromSignal(rgb, fs), fs);
  if (Math.abs(chrom.peakHz - pos.peakHz) * 60 > METHODS_AGREE_BPM) {
    return notMeasured('methods-disagree', pos.snrDb);
  }
  return { measured: true, bpm: Math.round(pos.peakHz * 600) / 10, snrDb: pos.snrDb, frameRate };
}
