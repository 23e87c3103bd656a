/**
 * The breath-locked swing and the resonance-rate decision on synthetic heart-rate series:
 * beats timed by integrating a heart rate that swings with the paced breath at a known
 * amplitude per rate, plus Gaussian beat-to-beat noise; 20 seeds each. Does not prove:
 * that real people's heart rate behaves like these sine waves (the shape of a real
 * respiratory sinus arrhythmia, Mayer waves near 6 a minute and ectopic beats are not
 * modelled), nor the right thresholds for a camera's pulse (tuned here for beat series).
 */
import { describe, expect, it } from 'vitest';
import { breathSwing, type BreathCycle } from '../../../src/domain/heart/breathSwing';
import {
  decideResonance,
  RESONANCE_BLOCK_S,
  RESONANCE_RATES,
  type ResonanceBlock,
} from '../../../src/domain/heart/resonance';
import type { HeartRateSample } from '../../../src/domain/heart/rrIntervals';

/** The pacer's cycles: `count` cycles of `60 / breathsPerMinute` s from `startS`. */
function pacedCycles(startS: number, breathsPerMinute: number, count: number): BreathCycle[] {
  const period = 60 / breathsPerMinute;
  return Array.from({ length: count }, (_, i) => ({
    startS: startS + i * period,
    endS: startS + (i + 1) * period,
  }));
}

function gaussian(seed: number): () => number {
  let s = seed >>> 0 || 1;
  const u = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) + 1) / 4294967297;
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

/** Beats from `startS` for `durationS`: HR = base + amp * sin(breath phase) + noise per beat. */
function beats(
  startS: number,
  durationS: number,
  breathsPerMinute: number,
  ampBpm: number,
  noiseBpm: number,
  rand: () => number,
): HeartRateSample[] {
  const out: HeartRateSample[] = [];
  let t = startS;
  while (t < startS + durationS) {
    const phase = (2 * Math.PI * (t - startS) * breathsPerMinute) / 60;
    const bpm = 65 + ampBpm * Math.sin(phase) + noiseBpm * rand();
    t += 60 / bpm;
    out.push({ t, bpm });
  }
  return out;
}

function program(amps: Record<string, number>, noiseBpm: number, seed: number): ResonanceBlock[] {
  const rand = gaussian(seed);
  return RESONANCE_RATES.map((rate, i) => {
    const start = i * RESONANCE_BLOCK_S;
    return {
      breathsPerMinute: rate,
      cycles: pacedCycles(start, rate, Math.floor((RESONANCE_BLOCK_S * rate) / 60)),
      samples: beats(start, RESONANCE_BLOCK_S, rate, amps[String(rate)] ?? 0, noiseBpm, rand),
    };
  });
}

const seeds = Array.from({ length: 20 }, (_, i) => i + 1);

describe('breathSwing', () => {
  it('a clean sine of amplitude 5 bpm swings by about 10 bpm per cycle, all of it in step', () => {
    const s = breathSwing(
      beats(0, 120, 6, 5, 0, () => 0),
      pacedCycles(0, 6, 12),
    );
    expect(s.usableCycles).toBe(12);
    expect(s.meanSwingBpm!).toBeGreaterThan(9.5);
    expect(s.meanSwingBpm!).toBeLessThanOrEqual(10);
    expect(s.lockRatio!).toBeGreaterThan(0.85);
  });

  it('a cycle with fewer than 3 samples is not usable', () => {
    const s = breathSwing(
      [
        { t: 1, bpm: 60 },
        { t: 2, bpm: 70 },
      ],
      [{ startS: 0, endS: 10 }],
    );
    expect(s).toMatchObject({ meanSwingBpm: null, usableCycles: 0, cycleSwingsBpm: [null] });
  });

  it('samples outside the cycles are not counted', () => {
    const s = breathSwing(
      [
        { t: -1, bpm: 200 },
        { t: 1, bpm: 60 },
        { t: 2, bpm: 64 },
        { t: 3, bpm: 61 },
        { t: 10, bpm: 10 },
      ],
      [{ startS: 0, endS: 10 }],
    );
    expect(s.cycleSwingsBpm).toEqual([4]);
  });
});

describe('decideResonance', () => {
  const peaked55 = { '6.5': 2.5, '6': 4, '5.5': 6, '5': 4.5, '4.5': 3 };
  const peaked45 = { '6.5': 2, '6': 2.5, '5.5': 3, '5': 4, '4.5': 5.5 };

  it.each(seeds)('picks the known resonance at 5.5 a minute (noise 1 bpm, seed %i)', (seed) => {
    const d = decideResonance(program(peaked55, 1, seed));
    expect(d.decided && d.breathsPerMinute).toBe(5.5);
    expect(d.figures).toHaveLength(5);
  });

  it.each(seeds)('picks the edge rate 4.5 when it is the resonance (seed %i)', (seed) => {
    const d = decideResonance(program(peaked45, 1, seed));
    expect(d.decided && d.breathsPerMinute).toBe(4.5);
  });

  it.each(seeds)('noise only (2 bpm beat-to-beat) declines: not in step (seed %i)', (seed) => {
    const d = decideResonance(program({}, 2, seed));
    expect(d).toMatchObject({ decided: false, reason: 'not-in-step' });
  });

  it('the margins: over 20 seeds, noise keeps at most ~0.4 of its swing in step, the resonance ~0.8', () => {
    const noise = seeds.map((seed) => decideResonance(program({}, 2, seed)));
    const signal = seeds.map((seed) => decideResonance(program(peaked55, 1, seed)));
    const maxLock = (ds: typeof noise) =>
      Math.max(...ds.flatMap((d) => d.figures.map((f) => f.swing.lockRatio ?? 0)));
    const bestLock = (ds: typeof noise) =>
      Math.min(...ds.map((d) => Math.max(...d.figures.map((f) => f.swing.lockRatio ?? 0))));
    expect(maxLock(noise)).toBeLessThan(0.42);
    expect(bestLock(signal)).toBeGreaterThan(0.7);
  });

  it('a barely moving heart rate declines: too small', () => {
    const d = decideResonance(program({}, 0.2, 3));
    expect(d).toMatchObject({ decided: false, reason: 'too-small' });
  });

  it('no samples: no signal', () => {
    const d = decideResonance(
      RESONANCE_RATES.map((r, i) => ({
        breathsPerMinute: r,
        cycles: pacedCycles(i * 120, r, 9),
        samples: [],
      })),
    );
    expect(d).toMatchObject({ decided: false, reason: 'no-signal' });
  });
});
