/**
 * The camera pulse's sampler rules (src/domain/heart/pulseTrace.ts): synthetic 320x240
 * RGBA frames at 20 a second with a face box whose skin is modulated at a known pulse
 * (the POS paper's skin direction, 0.5% deep, 8-bit with per-pixel noise) go through the
 * same steps as the camera (skin regions -> mean colour -> sliding trace -> a reading
 * every 2 s) and read the pulse. Does not prove: the browser's side (drawing the video
 * into the 64x64 crop, the timer's real rate, the worker's messages), a real face or camera (no real pulse video
 * was available here), nor where a real detector's box puts the forehead and cheeks.
 */
import { describe, expect, it } from 'vitest';
import {
  emptyPulseTally,
  sessionHeartRate,
  tallyPulse,
} from '../../../src/domain/heart/pulseTally';
import { estimatePulse } from '../../../src/domain/heart/pulsePos';
import {
  addSkinSample,
  emptyPulseTrace,
  NO_FACE,
  PULSE_EVERY_MS,
  pulseDue,
  skinColour,
  skinRegions,
  type PulseStatus,
} from '../../../src/domain/heart/pulseTrace';

const W = 320;
const H = 240;
const FACE = { x: 110, y: 50, width: 100, height: 130 };
const PBV = [0.33, 0.77, 0.53];

function noise(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296 - 0.5) * 4;
}

/** Frames at 20 a second: the face's skin pulses at `bpm` (0: not at all); the background at `backgroundBpm`. */
function* frames(opts: { bpm: number; seconds: number; backgroundBpm?: number }) {
  const rand = noise(7);
  const rgba = new Uint8ClampedArray(W * H * 4);
  const skin = [180, 120, 100];
  for (let i = 0; i < opts.seconds * 20; i++) {
    const t = i * 50;
    const p = opts.bpm ? 0.005 * Math.sin((2 * Math.PI * opts.bpm * t) / 60000) : 0;
    const bg = opts.backgroundBpm
      ? 0.05 * Math.sin((2 * Math.PI * opts.backgroundBpm * t) / 60000)
      : 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const inFace =
          x >= FACE.x && x < FACE.x + FACE.width && y >= FACE.y && y < FACE.y + FACE.height;
        const j = (y * W + x) * 4;
        for (let c = 0; c < 3; c++) {
          rgba[j + c] = inFace
            ? skin[c]! * (1 + PBV[c]! * p) + rand()
            : [90, 110, 130][c]! * (1 + (c === 1 ? bg : -bg));
        }
        rgba[j + 3] = 255;
      }
    }
    yield { t, rgba };
  }
}

function run(opts: { bpm: number; seconds: number; backgroundBpm?: number; faceUntilMs?: number }) {
  let trace = emptyPulseTrace();
  const readings: { t: number; reading: PulseStatus }[] = [];
  for (const { t, rgba } of frames(opts)) {
    const face = opts.faceUntilMs === undefined || t < opts.faceUntilMs;
    const colour = skinColour(rgba, W, H, skinRegions(FACE));
    if (face && colour) trace = addSkinSample(trace, { t, ...colour });
    // As the sampler does: the method (in its worker there) over the trace when due.
    const out = pulseDue(trace, t, face);
    trace = out.trace;
    if (out.due) readings.push({ t, reading: face ? estimatePulse(trace.samples) : NO_FACE });
  }
  return { readings, trace };
}

describe('the camera pulse sampler', () => {
  it('reads 72 bpm from frames whose face skin pulses at 72 a minute', () => {
    const { readings, trace } = run({ bpm: 72, seconds: 16 });
    const last = readings.at(-1)!.reading;
    expect(last.measured && Math.abs(last.bpm - 72)).toBeLessThanOrEqual(1);
    // Readings every 2 s; the first ones (under 10 s of trace) say 'too-short'.
    expect(readings[1]!.t - readings[0]!.t).toBe(PULSE_EVERY_MS);
    expect(readings[0]!.reading).toMatchObject({ measured: false, reason: 'too-short' });
    // The window keeps 15 s at most.
    expect(trace.samples.at(-1)!.t - trace.samples[0]!.t).toBeLessThanOrEqual(15_000);
  });

  it('reads the face, not the background (background pulsing at 100 a minute)', () => {
    const { readings } = run({ bpm: 72, seconds: 14, backgroundBpm: 100 });
    const last = readings.at(-1)!.reading;
    expect(last.measured && Math.abs(last.bpm - 72)).toBeLessThanOrEqual(1);
  });

  it('an unmodulated face reads Not measured (weak signal)', () => {
    const { readings } = run({ bpm: 0, seconds: 14 });
    expect(readings.at(-1)!.reading).toMatchObject({ measured: false, reason: 'weak-signal' });
  });

  it('without a face the trace starts again and the reading says no face', () => {
    const { readings, trace } = run({ bpm: 72, seconds: 14, faceUntilMs: 12_000 });
    expect(readings.at(-1)!.reading).toMatchObject({ measured: false, reason: 'no-face' });
    expect(trace.samples).toEqual([]);
  });
});

describe("the session's camera heart rate", () => {
  const measured = (bpm: number): PulseStatus => ({ measured: true, bpm, snrDb: 5, frameRate: 20 });
  const not = (reason: 'too-short' | 'weak-signal'): PulseStatus => ({
    measured: false,
    reason,
    snrDb: null,
    frameRate: 20,
  });

  it('counts each reading once and takes the median of the measured ones', () => {
    let tally = emptyPulseTally();
    for (const [at, r] of [
      [2000, not('too-short')],
      [4000, measured(70)],
      [4000, measured(70)],
      [6000, measured(74)],
      [8000, measured(71)],
    ] as const)
      tally = tallyPulse(tally, { at, reading: r });
    expect(sessionHeartRate(tally)).toEqual({ bpm: 71, readings: 3, reason: null });
  });

  it("without a measured reading gives the most frequent reason, the method's before 'too-short'", () => {
    let tally = emptyPulseTally();
    [not('too-short'), not('too-short'), not('weak-signal')].forEach((reading, i) => {
      tally = tallyPulse(tally, { at: i, reading });
    });
    expect(sessionHeartRate(tally)).toEqual({ bpm: null, readings: 0, reason: 'weak-signal' });
    expect(sessionHeartRate(emptyPulseTally())).toBeUndefined();
  });
});
