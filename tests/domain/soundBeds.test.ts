/**
 * Sound beds made on the device (issue #47, item 2), on the rendered samples: the WAV bytes
 * are read back per the RIFF layout (./programs/wavReading, not the writer's code).
 *  - the loop repeats without a click: the largest sample step across a seam is no larger than
 *    the largest step inside the loop (in the loop itself and in a track that repeats it);
 *  - with a bed mixed in, every cue still starts within 5 ms of its boundary: the bed-only
 *    track is subtracted from the mixed one (the mix adds; where it clipped the difference
 *    would show it) and the onsets are found with the same energy detector as without a bed;
 *  - nothing clips: the peak of a track with tones and a bed at full level stays below full
 *    scale.
 *
 * Not proved here: how a bed sounds (brown, pink and rain are the generators' words; their
 * spectra are checked only roughly, by the share of energy at low frequency), nor that a
 * phone plays it (e2e: the session's track is the same file).
 */
import { describe, expect, it } from 'vitest';
import { getPattern } from '../../src/domain/patterns';
import { patternTimeline } from '../../src/domain/practiceTimeline';
import { CUE_SAMPLE_RATE, cueTrackPlan, renderWav } from '../../src/domain/programs/cueTrack';
import { startRun } from '../../src/domain/programs/timelineRun';
import { soundBed, soundBedLevel } from '../../src/domain/soundBedChoice';
import { BED_PEAK, renderBedLoop } from '../../src/domain/soundBeds';
import { onsetsMs, readWav } from './programs/wavReading';

const BEDS = ['brown', 'pink', 'rain'] as const;
const maxStep = (x: Float32Array, from: number, to: number) => {
  let m = 0;
  for (let i = from; i < to - 1; i++) m = Math.max(m, Math.abs(x[i + 1]! - x[i]!));
  return m;
};

describe('a bed loop', () => {
  for (const bed of BEDS) {
    it(`${bed}: the step across the seam is no larger than any inside; peak ${BED_PEAK}; the same every time`, () => {
      const loop = renderBedLoop(bed, CUE_SAMPLE_RATE);
      expect(loop.length).toBe(4 * CUE_SAMPLE_RATE);
      const seam = Math.abs(loop[0]! - loop[loop.length - 1]!);
      expect(seam).toBeLessThanOrEqual(maxStep(loop, 0, loop.length));
      let peak = 0;
      for (const v of loop) peak = Math.max(peak, Math.abs(v));
      expect(peak).toBeCloseTo(BED_PEAK, 5);
      expect(renderBedLoop(bed, CUE_SAMPLE_RATE)).toEqual(loop);
    });
  }

  it('brown is darker than pink, pink darker than rain (share of the step energy: a rough spectrum)', () => {
    // Mean squared sample step over mean square: higher means more high-frequency energy.
    const brightness = (x: Float32Array) => {
      let d = 0;
      let e = 0;
      for (let i = 1; i < x.length; i++) {
        d += (x[i]! - x[i - 1]!) ** 2;
        e += x[i]! ** 2;
      }
      return d / e;
    };
    const [b, p, r] = BEDS.map((bed) => brightness(renderBedLoop(bed, CUE_SAMPLE_RATE)));
    expect(b!).toBeLessThan(p!);
    expect(p!).toBeLessThan(r!);
  });
});

describe('a bed in the cue track', () => {
  const box = getPattern('box')!;
  const plan = cueTrackPlan(patternTimeline(box, 3), startRun(0), 0);
  const boundaries = Array.from({ length: 12 }, (_, k) => k * 4000);

  for (const bed of BEDS) {
    const mix = { bed: { loop: renderBedLoop(bed, CUE_SAMPLE_RATE), level: 1 } };
    const mixed = readWav(renderWav(plan, 1, CUE_SAMPLE_RATE, mix)).samples;
    const bedOnly = readWav(renderWav({ ...plan, cues: [] }, 1, CUE_SAMPLE_RATE, mix)).samples;

    it(`${bed}: the track's seams (every 4 s) step no more than inside the loop`, () => {
      const L = 4 * CUE_SAMPLE_RATE;
      // Away from the cues: from 1.5 s into each 4 s to the next boundary, the bed alone plays.
      const inside = maxStep(bedOnly, 0.5 * CUE_SAMPLE_RATE, L - 0.5 * CUE_SAMPLE_RATE);
      for (let s = L; s < bedOnly.length - L; s += L)
        expect(Math.abs(bedOnly[s]! - bedOnly[s - 1]!)).toBeLessThanOrEqual(inside);
    });

    it(`${bed}: every cue still starts within 5 ms of its boundary, and nothing clips`, () => {
      const cues = mixed.map((v, i) => v - bedOnly[i]!);
      const found = onsetsMs(cues, CUE_SAMPLE_RATE);
      expect(found.length).toBeGreaterThanOrEqual(boundaries.length);
      boundaries.forEach((ms, k) => expect(Math.abs(found[k]! - ms)).toBeLessThanOrEqual(5));
      let peak = 0;
      for (const v of mixed) peak = Math.max(peak, Math.abs(v));
      // 8-bit full scale is -1 (byte 0) .. 127/128 (byte 255): nothing reaches either.
      expect(peak).toBeLessThan(127 / 128);
    });
  }

  it('fades in and out: the first and last samples of a bed-only track are silence', () => {
    const mix = { bed: { loop: renderBedLoop('pink', CUE_SAMPLE_RATE), level: 1 } };
    const s = readWav(renderWav({ ...plan, cues: [] }, 1, CUE_SAMPLE_RATE, mix)).samples;
    expect(Math.abs(s[0]!)).toBeLessThanOrEqual(1 / 128);
    expect(Math.abs(s.at(-1)!)).toBeLessThanOrEqual(1 / 128);
  });
});

describe('the choice', () => {
  it('reads stored values safely', () => {
    expect(soundBed('rain')).toBe('rain');
    expect(soundBed('jazz')).toBe('none');
    expect(soundBedLevel(2)).toBe(1);
    expect(soundBedLevel('x')).toBe(0.5);
  });
});
