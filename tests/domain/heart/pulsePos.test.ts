/**
 * The camera pulse's own rules (no reference needed): when it says 'Not measured' and
 * why, and that it reads a pulse from unevenly timed frames. Synthetic skin-colour traces
 * (the POS paper's skin model, see pulsePos.reference.test.ts). Does not prove: the
 * threshold on real video (noise here is white; a real face adds movement and light
 * changes with other spectra), nor the face finder's own reasons (no face, movement), nor
 * CHROM against a reference implementation (only POS is compared with rPPG-Toolbox).
 */
import { describe, expect, it } from 'vitest';
import {
  estimatePulse,
  MIN_SNR_DB,
  type SkinColourSample,
} from '../../../src/domain/heart/pulsePos';

function gaussian(seed: number): () => number {
  let s = seed >>> 0 || 1;
  const u = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) + 1) / 4294967297;
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

const PBV = [0.33, 0.77, 0.53];

function trace(opts: {
  bpm?: number;
  depth?: number;
  noise?: number;
  fs?: number;
  seconds?: number;
  skin?: number[];
  flicker?: number;
  /** A colour change along one channel only (not skin's pulse direction): [channel, depth, bpm]. */
  tint?: [number, number, number];
  jitterMs?: number;
  seed?: number;
}): SkinColourSample[] {
  const { bpm = 72, depth = 0.005, noise = 0.15, fs = 30, seconds = 30, seed = 1 } = opts;
  const skin = opts.skin ?? [180, 120, 100];
  const rand = gaussian(seed);
  const out: SkinColourSample[] = [];
  for (let i = 0; i < fs * seconds; i++) {
    const t = i / fs + ((opts.jitterMs ?? 0) * rand()) / 1000;
    const p = depth * Math.sin((2 * Math.PI * bpm * t) / 60);
    const light = 1 + (opts.flicker ?? 0) * Math.sin((2 * Math.PI * bpm * t) / 60);
    const tint = opts.tint;
    const q = (k: number) =>
      tint && tint[0] === k ? tint[1] * Math.sin((2 * Math.PI * tint[2] * t) / 60) : 0;
    const [r, g, b] = skin.map((c, k) => c * light * (1 + PBV[k]! * p + q(k)) + noise * rand());
    out.push({ t: t * 1000, r: r!, g: g!, b: b! });
  }
  return out;
}

describe('estimatePulse', () => {
  it('reads 72 bpm from a clean trace', () => {
    const r = estimatePulse(trace({}));
    expect(r.measured && Math.abs(r.bpm - 72)).toBeLessThanOrEqual(0.5);
  });

  it('reads it from frames that arrive unevenly (±8 ms jitter)', () => {
    const r = estimatePulse(trace({ jitterMs: 8, seed: 3 }));
    expect(r.measured && Math.abs(r.bpm - 72)).toBeLessThanOrEqual(1);
  });

  it.each(Array.from({ length: 40 }, (_, i) => i + 1))(
    'noise only is not measured: weak signal (seed %i)',
    (seed) => {
      const r = estimatePulse(trace({ depth: 0, noise: 1, seed: seed * 7919 }));
      expect(r).toMatchObject({ measured: false, reason: 'weak-signal' });
      expect(r.snrDb!).toBeLessThan(MIN_SNR_DB);
    },
  );

  it('a light flickering at a pulse-like rate, with no pulse, is not read as one', () => {
    // POS projects out changes of brightness alone (all channels by the same factor).
    const r = estimatePulse(trace({ depth: 0, flicker: 0.03 }));
    expect(r).toMatchObject({ measured: false, reason: 'weak-signal' });
  });

  it('CHROM, the check, disagrees with POS on a blue-only tint at 100 a minute: not shown', () => {
    // POS alone reads a peak here; CHROM weighs the channels differently and finds another.
    const r = estimatePulse(trace({ tint: [2, 0.01, 100], seed: 3 }));
    expect(r).toMatchObject({ measured: false, reason: 'methods-disagree' });
    // A smaller tint leaves both on the pulse.
    const small = estimatePulse(trace({ tint: [2, 0.002, 100], seed: 3 }));
    expect(small.measured && Math.abs(small.bpm - 72)).toBeLessThanOrEqual(0.5);
  });

  it('too dark', () => {
    const r = estimatePulse(trace({ skin: [20, 14, 12] }));
    expect(r).toMatchObject({ measured: false, reason: 'too-dark' });
  });

  it('a camera slower than 15 frames a second', () => {
    const r = estimatePulse(trace({ fs: 10 }));
    expect(r).toMatchObject({ measured: false, reason: 'frame-rate-too-low', frameRate: 10 });
  });

  it('under 10 seconds, or almost no frames', () => {
    expect(estimatePulse(trace({ seconds: 8 }))).toMatchObject({ reason: 'too-short' });
    expect(estimatePulse([])).toMatchObject({ measured: false, reason: 'too-short' });
  });
});
