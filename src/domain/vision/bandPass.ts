/**
 * Zero-phase band-pass filtering of an evenly sampled signal: a second-order Butterworth
 * high-pass and low-pass (biquads, bilinear transform) run forwards and then backwards,
 * so peaks stay where they were. Pure.
 */

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

const Q = Math.SQRT1_2; // Butterworth

/** A second-order Butterworth low-pass or high-pass at `cutoffHz` (RBJ cookbook). */
function butterworth(kind: 'low' | 'high', cutoffHz: number, fs: number): Biquad {
  const w = (2 * Math.PI * cutoffHz) / fs;
  const alpha = Math.sin(w) / (2 * Q);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const edge = kind === 'low' ? 1 - cos : 1 + cos;
  const sign = kind === 'low' ? 1 : -1;
  return {
    b0: edge / 2 / a0,
    b1: (sign * edge) / a0,
    b2: edge / 2 / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
  };
}

/** One pass of a biquad, starting from rest at the first sample's level. */
function run(f: Biquad, x: Float64Array): Float64Array {
  const y = new Float64Array(x.length);
  // Start as if the signal had always been at x[0] (no step at the edge).
  const dc = (f.b0 + f.b1 + f.b2) / (1 + f.a1 + f.a2);
  let x1 = x.length ? x[0]! : 0;
  let x2 = x1;
  let y1 = x1 * dc;
  let y2 = y1;
  for (let i = 0; i < x.length; i++) {
    const v = f.b0 * x[i]! + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2;
    x2 = x1;
    x1 = x[i]!;
    y2 = y1;
    y1 = v;
    y[i] = v;
  }
  return y;
}

function reversed(x: Float64Array): Float64Array {
  const out = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = x[x.length - 1 - i]!;
  return out;
}

/** Forward, then backward: zero phase, squared magnitude response. */
function filtfilt(f: Biquad, x: Float64Array): Float64Array {
  return reversed(run(f, reversed(run(f, x))));
}

/**
 * `signal` (sampled at `fs` Hz) with frequencies outside `lowHz`-`highHz` removed. The
 * edges are padded with an odd reflection of the signal so the filters start settled.
 * A high edge at or above the Nyquist frequency leaves the low-pass out.
 */
export function bandPass(
  signal: ArrayLike<number>,
  fs: number,
  lowHz: number,
  highHz: number,
): Float64Array {
  const n = signal.length;
  if (n === 0) return new Float64Array(0);
  if (!(fs > 0) || !(lowHz > 0) || !(highHz > lowHz)) {
    throw new Error(`Bad band: ${lowHz}-${highHz} Hz at ${fs} Hz`);
  }
  const pad = Math.min(n - 1, Math.ceil((3 * fs) / lowHz));
  const x = new Float64Array(n + 2 * pad);
  const first = signal[0]!;
  const last = signal[n - 1]!;
  for (let i = 0; i < pad; i++) x[i] = 2 * first - signal[pad - i]!;
  for (let i = 0; i < n; i++) x[pad + i] = signal[i]!;
  for (let i = 0; i < pad; i++) x[pad + n + i] = 2 * last - signal[n - 2 - i]!;
  let y = filtfilt(butterworth('high', lowHz, fs), x);
  if (highHz < fs / 2) y = filtfilt(butterworth('low', highHz, fs), y);
  return y.slice(pad, pad + n);
}
