/**
 * The camera pulse's trace during a session (docs/product.md § Heart and safety): the
 * mean colour of the face's skin (forehead and both cheeks of the face box the vision
 * pipeline finds), one sample a camera frame, kept for the last PULSE_WINDOW_MS, and read
 * by `estimatePulse` every PULSE_EVERY_MS. Without a face the trace starts again (a gap
 * is not a pulse) and the reading says so. Pure: only three means per frame reach it.
 */
import type { Rect } from '../vision/frames';
import type { PulseReading, SkinColourSample } from './pulsePos';

/** How much trace each reading looks at (estimatePulse needs 10 s at least). */
const PULSE_WINDOW_MS = 15_000;
/** How often a reading is made. */
export const PULSE_EVERY_MS = 2_000;

/** A reading, or the reason none could be made before the pulse method runs. */
export type PulseStatus =
  PulseReading | { measured: false; reason: 'no-face'; snrDb: null; frameRate: null };

/** Why a pulse was not measured, from the method or from the face finder. */
export type PulseReason = Extract<PulseStatus, { measured: false }>['reason'];

interface PulseTrace {
  samples: SkinColourSample[];
  /** When the last reading was made (ms, the samples' clock); null before the first. */
  readAt: number | null;
}

export const emptyPulseTrace = (): PulseTrace => ({ samples: [], readAt: null });

/**
 * The skin the pulse is read from, inside a face box: the forehead above the eyes and
 * each cheek below them, away from the eyes, the mouth and the hair line.
 */
export function skinRegions(face: Rect): Rect[] {
  const { x, y, width: w, height: h } = face;
  return [
    { x: x + 0.3 * w, y: y + 0.08 * h, width: 0.4 * w, height: 0.16 * h },
    { x: x + 0.15 * w, y: y + 0.5 * h, width: 0.22 * w, height: 0.18 * h },
    { x: x + 0.63 * w, y: y + 0.5 * h, width: 0.22 * w, height: 0.18 * h },
  ];
}

/**
 * The mean R, G, B of the pixels of an RGBA image inside the regions (pixels in several
 * regions count once per region); null when no region has a pixel in the image.
 */
export function skinColour(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
  regions: readonly Rect[],
): { r: number; g: number; b: number } | null {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (const reg of regions) {
    const x0 = Math.max(0, Math.floor(reg.x));
    const y0 = Math.max(0, Math.floor(reg.y));
    const x1 = Math.min(width, Math.ceil(reg.x + reg.width));
    const y1 = Math.min(height, Math.ceil(reg.y + reg.height));
    for (let yy = y0; yy < y1; yy++) {
      for (let xx = x0; xx < x1; xx++) {
        const i = (yy * width + xx) * 4;
        r += rgba[i]!;
        g += rgba[i + 1]!;
        b += rgba[i + 2]!;
        n++;
      }
    }
  }
  return n > 0 ? { r: r / n, g: g / n, b: b / n } : null;
}

/** Adds one frame's skin colour; samples older than the window go. */
export function addSkinSample(trace: PulseTrace, sample: SkinColourSample): PulseTrace {
  const from = sample.t - PULSE_WINDOW_MS;
  const samples = trace.samples.filter((s) => s.t >= from && s.t < sample.t);
  samples.push(sample);
  return { samples, readAt: trace.readAt };
}

/** The reading without a face: the method does not run. */
export const NO_FACE: PulseStatus = {
  measured: false,
  reason: 'no-face',
  snrDb: null,
  frameRate: null,
};

/**
 * Whether a reading is due (PULSE_EVERY_MS after the last; the first at once), marking
 * it made. `face` false (no face in view, or no face detector) empties the trace: the
 * reading is then NO_FACE; otherwise `estimatePulse` over the trace's samples.
 */
export function pulseDue(
  trace: PulseTrace,
  now: number,
  face: boolean,
): { trace: PulseTrace; due: boolean } {
  const base = face ? trace : { samples: [], readAt: trace.readAt };
  if (base.readAt !== null && now - base.readAt < PULSE_EVERY_MS) {
    return { trace: base, due: false };
  }
  return { trace: { samples: base.samples, readAt: now }, due: true };
}
