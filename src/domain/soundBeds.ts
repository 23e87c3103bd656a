/**
 * Sound beds made on the device (issue #47, item 2; docs/product.md § Sleep and sound), pure:
 * a loop of brown, pink or rain noise, synthesised from a fixed seed (no file, no network),
 * that repeats without a click. The cue track mixes it under the cues (./programs/cueTrack
 * `CueMix.bed`). Loaded on demand (a dynamic import) only when a bed is chosen.
 *
 * The seam: the loop is made `CROSSFADE` samples longer than it plays, and its tail is faded
 * into its head (equal power), so the step from the last sample back to the first is a step
 * of the noise itself, no larger than any other.
 */
import { mulberry32 } from './seededRandom';
import type { SoundBed } from './soundBedChoice';

/** Loop length: 4 s (at 8 kHz, 32,000 samples: a repeat too long to be heard as one). */
export const BED_LOOP_S = 4;
/** Samples over which the loop's end is faded into its start. */
const CROSSFADE = 4000;
/** Peak of a bed at level 1 (0..1 of full scale): under the cues' tones (0.5), never clipping. */
export const BED_PEAK = 0.2;

/** White noise -1..1. */
function white(n: number, rnd: () => number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = rnd() * 2 - 1;
  return out;
}

/** Brown (red) noise: leaky integrated white noise, -6 dB an octave. */
function brown(n: number, rnd: () => number): Float32Array {
  const out = new Float32Array(n);
  let y = 0;
  for (let i = 0; i < n; i++) {
    y = 0.995 * y + 0.05 * (rnd() * 2 - 1);
    out[i] = y;
  }
  return out;
}

/** Pink noise, -3 dB an octave (Paul Kellet's economy filter). */
function pink(n: number, rnd: () => number): Float32Array {
  const out = new Float32Array(n);
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  for (let i = 0; i < n; i++) {
    const w = rnd() * 2 - 1;
    b0 = 0.99765 * b0 + w * 0.099046;
    b1 = 0.963 * b1 + w * 0.2965164;
    b2 = 0.57 * b2 + w * 1.0526913;
    out[i] = b0 + b1 + b2 + w * 0.1848;
  }
  return out;
}

/** Rain: a soft pink hiss with many small drops (short, bright, decaying ticks). */
function rain(n: number, rnd: () => number, sampleRate: number): Float32Array {
  const out = pink(n, rnd);
  const hiss = white(n, rnd);
  for (let i = 0; i < n; i++) out[i] = 0.5 * out[i]! + 0.15 * hiss[i]!;
  const drops = Math.round((n / sampleRate) * 40); // about 40 drops a second
  for (let d = 0; d < drops; d++) {
    const at = Math.floor(rnd() * n);
    const size = 0.2 + rnd() * 0.8;
    const len = Math.round(sampleRate * (0.004 + rnd() * 0.01));
    for (let k = 0; k < len && at + k < n; k++) {
      // A drop rises over 1 ms and decays: no step larger than the hiss's own.
      const rise = Math.min(1, k / Math.max(1, sampleRate / 1000));
      out[at + k] = out[at + k]! + size * rise * Math.exp(-k / (len / 4)) * (rnd() * 2 - 1);
    }
  }
  return out;
}

/**
 * One loop of `bed` at `sampleRate`, peak BED_PEAK (-1..1 scale), ready to repeat: sample
 * `length - 1` runs into sample 0 as smoothly as any two neighbours inside.
 */
export function renderBedLoop(bed: Exclude<SoundBed, 'none'>, sampleRate: number): Float32Array {
  const length = Math.round(BED_LOOP_S * sampleRate);
  const fade = Math.min(CROSSFADE, Math.floor(length / 4));
  const rnd = mulberry32(0x5eed + bed.length);
  const n = length + fade;
  const raw =
    bed === 'brown' ? brown(n, rnd) : bed === 'pink' ? pink(n, rnd) : rain(n, rnd, sampleRate);
  let mean = 0;
  for (let i = 0; i < n; i++) mean += raw[i]!;
  mean /= n;
  const loop = new Float32Array(length);
  for (let i = 0; i < length; i++) loop[i] = raw[i]! - mean;
  // The tail beyond the loop is faded into its head, equal power: loop[length - 1] is followed
  // by what raw[length] would have been, and raw[length] is where the fade starts.
  for (let i = 0; i < fade; i++) {
    const t = (i + 0.5) / fade;
    const tail = raw[length + i]! - mean;
    loop[i] = loop[i]! * Math.sin((Math.PI / 2) * t) + tail * Math.cos((Math.PI / 2) * t);
  }
  let peak = 0;
  for (let i = 0; i < length; i++) peak = Math.max(peak, Math.abs(loop[i]!));
  const scale = peak > 0 ? BED_PEAK / peak : 0;
  for (let i = 0; i < length; i++) loop[i] = loop[i]! * scale;
  return loop;
}
