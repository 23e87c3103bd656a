import { describe, expect, it } from 'vitest';
import { bandPass } from '../../../src/domain/vision/bandPass';
import {
  BREATH_BAND_HZ,
  breathBandFor,
  estimateBreathingRate,
} from '../../../src/domain/vision/breathingRate';
import { detrend, evenlySampled } from '../../../src/domain/vision/breathSignal';

/** A repeatable pseudo-random source. */
function random(seed: number) {
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Chest samples at about `fps`, jittered in time, with noise and a slow drift. */
function chest(bpm: number, seconds: number, fps: number, noisePx = 0.3, seed = 1) {
  const r = random(seed);
  const out: { t: number; y: number }[] = [];
  for (let t = 0; t < seconds * 1000; t += 1000 / fps + (r() - 0.5) * 100) {
    const y =
      1.5 * Math.sin((2 * Math.PI * bpm * t) / 60_000) + (r() - 0.5) * 2 * noisePx + t / 30_000;
    out.push({ t, y });
  }
  return out;
}

describe('breathing rate', () => {
  it.each([6, 10, 15, 24])('finds %d breaths a minute at 2 and 1 fps within 0.5', (bpm) => {
    for (const fps of [2, 1]) {
      const rate = estimateBreathingRate(chest(bpm, 40, fps));
      expect(rate, `${bpm} at ${fps} fps`).not.toBeNull();
      expect(Math.abs(rate!.breathsPerMinute - bpm)).toBeLessThan(0.5);
    }
  });

  it('finds a pace slower than the standard band when the band follows the pattern (box: 3.75)', () => {
    expect(
      estimateBreathingRate(chest(3.75, 64, 2), BREATH_BAND_HZ)?.breathsPerMinute ?? 0,
    ).not.toBeCloseTo(3.75, 0);
    const rate = estimateBreathingRate(chest(3.75, 64, 2), breathBandFor(1 / 16));
    expect(rate?.breathsPerMinute).toBeCloseTo(3.75, 0);
  });

  it('reports nothing for noise, a still signal, too short a stretch or too slow a frame rate', () => {
    const r = random(7);
    const noise = Array.from({ length: 80 }, (_, i) => ({ t: i * 500, y: (r() - 0.5) * 0.6 }));
    expect(estimateBreathingRate(noise)).toBeNull();
    expect(estimateBreathingRate(chest(10, 40, 2, 0).map((s) => ({ ...s, y: 0 })))).toBeNull();
    expect(estimateBreathingRate(chest(10, 8, 2))).toBeNull();
    expect(estimateBreathingRate(chest(30, 60, 0.5))).toBeNull();
    expect(estimateBreathingRate([])).toBeNull();
  });

  it('ignores samples that are not numbers and repeated times', () => {
    const s = chest(12, 40, 2);
    const dirty = [...s, { t: Number.NaN, y: 1 }, { t: 100, y: Number.POSITIVE_INFINITY }, s[3]!];
    expect(estimateBreathingRate(dirty)!.breathsPerMinute).toBeCloseTo(12, 0);
  });

  it('band-passes: a slow drift and a fast flicker are removed, a breath-rate sine stays', () => {
    const fs = 2;
    const n = 200;
    const t = (i: number) => i / fs;
    const breath = Array.from({ length: n }, (_, i) => Math.sin(2 * Math.PI * 0.25 * t(i)));
    const mixed = breath.map(
      (v, i) =>
        v + 3 * Math.sin(2 * Math.PI * 0.01 * t(i)) + 0.8 * Math.sin(2 * Math.PI * 0.9 * t(i)),
    );
    const out = bandPass(mixed, fs, 0.1, 0.7);
    const err = out.slice(40, 160).reduce((s, v, i) => s + (v - breath[i + 40]!) ** 2, 0) / 120;
    expect(err).toBeLessThan(0.05);
    expect(() => bandPass([1, 2], 2, 0.7, 0.1)).toThrow('Bad band');
  });

  it('evens out irregular samples and removes a straight-line trend', () => {
    const even = evenlySampled([
      { t: 0, y: 0 },
      { t: 400, y: 4 },
      { t: 1000, y: 10 },
      { t: 1500, y: 15 },
      { t: 2000, y: 20 },
    ])!;
    expect(even.fs).toBeCloseTo(2, 5);
    expect(Array.from(even.values)).toEqual([0, 5, 10, 15, 20]);
    expect(Math.max(...detrend(even.values).map(Math.abs))).toBeLessThan(1e-9);
    expect(evenlySampled([{ t: 0, y: 1 }])).toBeNull();
  });
});
