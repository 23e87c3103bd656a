/**
 * Wind-down mode (docs/product.md § Sleep and sound): the volume curve, the evening patterns,
 * and the rendered cue track following the curve. The track is read back as the RIFF/WAVE
 * spec lays it out (./programs/wavReading), and its loudness is compared with the same track
 * rendered without wind-down, so the measured ratio is the gain the renderer applied.
 *
 * Not proved here: how loud a phone's speaker plays the floor (a quarter of the chosen
 * volume), that a person finds the curve gentle, or that a browser's decoder keeps the
 * samples as written (e2e/wind-down.spec.ts plays the page's track, without measuring it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readWav } from './programs/wavReading';
import { PATTERNS } from '../../src/domain/patterns';
import { patternTimeline } from '../../src/domain/practiceTimeline';
import { BUILT_IN_PROGRAMS, getBuiltInProgram } from '../../src/domain/programs/builtInPrograms';
import { CUE_SAMPLE_RATE, cueTrackPlan, renderWav } from '../../src/domain/programs/cueTrack';
import type { Segment } from '../../src/domain/programs/programTypes';
import { buildTimeline } from '../../src/domain/programs/timeline';
import { startRun, stepOffsets } from '../../src/domain/programs/timelineRun';
import { renderBedLoop } from '../../src/domain/soundBeds';
import {
  EVENING_PATTERN_IDS,
  isEveningPattern,
  isEveningProgram,
  programWindDownId,
  windDownGain,
  windDownOn,
  windDownPatterns,
  withWindDown,
} from '../../src/domain/windDown';

/** The documented curve (docs/product.md § Sleep and sound): to a quarter over the last 3 minutes. */
const WIND_DOWN_FLOOR = 0.25;
const WIND_DOWN_RAMP_MS = 3 * 60_000;

describe('the wind-down curve', () => {
  const total = 10 * 60_000;

  it('is full volume until the last three minutes, the floor at the end and after it', () => {
    expect(windDownGain(WIND_DOWN_RAMP_MS, total)).toBe(1);
    expect(windDownGain(5 * 60_000, total)).toBe(1);
    expect(windDownGain(0, total)).toBe(WIND_DOWN_FLOOR);
    expect(windDownGain(-2000, total)).toBe(WIND_DOWN_FLOOR);
  });

  it('is a raised cosine: half-way down at half the ramp, smooth at both ends', () => {
    expect(windDownGain(WIND_DOWN_RAMP_MS / 2, total)).toBeCloseTo((1 + WIND_DOWN_FLOOR) / 2, 9);
    // A quarter of the ramp left: (1 - cos(pi/4)) / 2 of the way above the floor.
    expect(windDownGain(WIND_DOWN_RAMP_MS / 4, total)).toBeCloseTo(
      WIND_DOWN_FLOOR + ((1 - WIND_DOWN_FLOOR) * (1 - Math.SQRT1_2)) / 2,
      9,
    );
    // Zero slope at the joins: 100 ms into the ramp the gain has moved by less than 1e-5.
    expect(1 - windDownGain(WIND_DOWN_RAMP_MS - 100, total)).toBeLessThan(1e-5);
    expect(windDownGain(100, total) - WIND_DOWN_FLOOR).toBeLessThan(1e-5);
  });

  it('never rises as the end comes near, and stays within the floor and 1', () => {
    let last = 1;
    for (let ms = WIND_DOWN_RAMP_MS + 1000; ms >= -1000; ms -= 250) {
      const g = windDownGain(ms, total);
      expect(g).toBeLessThanOrEqual(last);
      expect(g).toBeGreaterThanOrEqual(WIND_DOWN_FLOOR);
      expect(g).toBeLessThanOrEqual(1);
      last = g;
    }
  });

  it('lasts half of a session shorter than six minutes', () => {
    // Full volume at half a minute before the end of a minute, not of ten.
    expect(windDownGain(30_001, 60_000)).toBe(1);
    expect(windDownGain(30_000, total)).toBeLessThan(0.5);
    expect(windDownGain(30_000, 60_000)).toBe(1);
    expect(windDownGain(15_000, 60_000)).toBeCloseTo((1 + WIND_DOWN_FLOOR) / 2, 9);
  });
});

describe('the evening patterns', () => {
  it('are 4-7-8, sleep preparation, the long-exhale and the resonance patterns', () => {
    const evening = PATTERNS.filter((p) => isEveningPattern(p)).map((p) => p.id);
    expect(evening.sort()).toEqual(
      ['coherent', 'mindfulness', 'relaxation', 'resonant', 'sleep'].sort(),
    );
  });

  it('a stored list of pattern ids: bad values are dropped, one switch changes one id', () => {
    expect(windDownPatterns('x')).toEqual([]);
    expect(windDownPatterns(['box', 3, '', 'box', 'sleep'])).toEqual(['box', 'sleep']);
    // A switch is the person's choice either way: on moves the id to `on`, off to `off`.
    expect(withWindDown({ on: ['box'], off: ['sleep'] }, 'sleep', true)).toEqual({
      on: ['box', 'sleep'],
      off: [],
    });
    expect(withWindDown({ on: ['box', 'sleep'], off: [] }, 'box', false)).toEqual({
      on: ['sleep'],
      off: ['box'],
    });
  });

  it('are written out for the pre-paint script exactly as the rule finds them', () => {
    expect([...EVENING_PATTERN_IDS].sort()).toEqual(
      PATTERNS.filter((p) => isEveningPattern(p))
        .map((p) => p.id)
        .sort(),
    );
  });
});

describe('the evening programs', () => {
  it('are Cyclic Sighing, 4-7-11 and Resonance 5.5 among the built-ins', () => {
    expect(
      BUILT_IN_PROGRAMS.filter((p) => isEveningProgram(p))
        .map((p) => p.id)
        .sort(),
    ).toEqual(['breath-4-7-11', 'physiological-sigh', 'resonance-5-5']);
  });

  it('breathe slowly out and hold nothing: a hold or retention segment, or a fast breath, is not one', () => {
    const slow: Segment = {
      kind: 'breathe',
      phases: [
        { phase: 'inhale', seconds: 4 },
        { phase: 'exhale', seconds: 8 },
      ],
      cycles: 5,
    };
    expect(isEveningProgram({ segments: [slow, { kind: 'rest', seconds: 30 }, slow] })).toBe(true);
    expect(
      isEveningProgram({
        segments: [slow, { kind: 'hold', lungs: 'full', seconds: 20, endsOnTap: true }],
      }),
    ).toBe(false);
    expect(isEveningProgram({ segments: [slow, { kind: 'retention' }] })).toBe(false);
    const even: Segment = {
      kind: 'breathe',
      phases: [
        { phase: 'inhale', seconds: 2 },
        { phase: 'exhale', seconds: 2 },
      ],
      cycles: 5,
    };
    expect(isEveningProgram({ segments: [slow, even] })).toBe(false);
    expect(isEveningProgram({ segments: [{ kind: 'rest', seconds: 60 }] })).toBe(false);
  });
});

describe("wind-down on or off: the person's choice, else the evening default", () => {
  const none = { on: [], off: [] };
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });
  /** Local wall-clock time in the test's zone. */
  const at = (h: number, m = 0) => new Date(2026, 10, 29, h, m);

  it('is on for an evening pattern from 17:00 until 6:00 local time, off otherwise', () => {
    expect(windDownOn(none, 'relaxation', true, at(16, 59))).toBe(false);
    expect(windDownOn(none, 'relaxation', true, at(17, 0))).toBe(true);
    expect(windDownOn(none, 'relaxation', true, at(23, 30))).toBe(true);
    expect(windDownOn(none, 'relaxation', true, at(5, 59))).toBe(true);
    expect(windDownOn(none, 'relaxation', true, at(6, 0))).toBe(false);
    expect(windDownOn(none, 'relaxation', true, at(12, 0))).toBe(false);
    // Not an evening pattern: off at any hour.
    for (let h = 0; h < 24; h++) expect(windDownOn(none, 'box', false, at(h))).toBe(false);
  });

  it("keeps the person's choice at every hour: on by day, off at night", () => {
    for (let h = 0; h < 24; h++) {
      expect(windDownOn({ on: ['box'], off: [] }, 'box', false, at(h))).toBe(true);
      expect(windDownOn({ on: [], off: ['relaxation'] }, 'relaxation', true, at(h))).toBe(false);
      // Another pattern's choice changes nothing here.
      expect(windDownOn({ on: [], off: ['sleep'] }, 'relaxation', true, at(h))).toBe(
        h >= 17 || h < 6,
      );
    }
    const program = programWindDownId('breath-4-7-11');
    expect(windDownOn({ on: [], off: [program] }, program, true, at(22))).toBe(false);
    expect(windDownOn(none, program, true, at(22))).toBe(true);
  });

  it("reads the device's local time: the same instant is evening in one zone and not in another", () => {
    const instant = new Date('2026-11-29T22:30:00Z');
    process.env.TZ = 'Europe/London'; // 22:30
    expect(windDownOn(none, 'sleep', true, instant)).toBe(true);
    process.env.TZ = 'Asia/Tokyo'; // 07:30 the next morning
    expect(windDownOn(none, 'sleep', true, instant)).toBe(false);
    process.env.TZ = 'America/Los_Angeles'; // 14:30
    expect(windDownOn(none, 'sleep', true, instant)).toBe(false);
  });

  it('follows daylight saving: the band starts at 17:00 on the clock, not at a fixed UTC hour', () => {
    process.env.TZ = 'Europe/London';
    // 16:30 UTC: 16:30 GMT the day before the clocks go forward (29 March 2026), 17:30 BST after.
    expect(windDownOn(none, 'sleep', true, new Date('2026-03-28T16:30:00Z'))).toBe(false);
    expect(windDownOn(none, 'sleep', true, new Date('2026-03-29T16:30:00Z'))).toBe(true);
    // 05:30 UTC: 06:30 BST the day before the clocks go back (25 October 2026), 05:30 GMT after.
    expect(windDownOn(none, 'sleep', true, new Date('2026-10-24T05:30:00Z'))).toBe(false);
    expect(windDownOn(none, 'sleep', true, new Date('2026-10-25T05:30:00Z'))).toBe(true);
  });
});

/** The largest distance from silence in samples [from, to) (-1..1, as readWav gives them). */
function peak(samples: Float32Array, from: number, to: number): number {
  let p = 0;
  for (let k = Math.max(0, from); k < Math.min(samples.length, to); k++)
    p = Math.max(p, Math.abs(samples[k]!));
  return p;
}

function rms(samples: Float32Array, from: number, to: number): number {
  let s = 0;
  for (let k = from; k < to; k++) s += samples[k]! ** 2;
  return Math.sqrt(s / (to - from));
}

describe('the rendered track of a wind-down session', () => {
  // Coherent breathing, 6 s in and 6 s out, 20 cycles: 4 minutes, a 2-minute ramp (half).
  const coherent = PATTERNS.find((p) => p.id === 'coherent')!;
  const t = patternTimeline(coherent, 20);
  const plan = cueTrackPlan(t, startRun(0), 0);
  const totalMs = 20 * 12_000;
  const rampMs = totalMs / 2;
  const sr = CUE_SAMPLE_RATE;

  it('marks where the timeline ends', () => {
    expect(plan.endMs).toBe(totalMs);
  });

  it('scales every cue by the curve at its onset (within 0.03), the closing notes at the floor', () => {
    const plain = readWav(renderWav(plan, 1, sr, {})).samples;
    const wound = readWav(renderWav(plan, 1, sr, { windDown: true })).samples;
    let checked = 0;
    for (const cue of plan.cues) {
      const from = Math.round((cue.atMs * sr) / 1000);
      const to = from + Math.round(cue.tone.lengthS * sr);
      const ratio = peak(wound, from, to) / peak(plain, from, to);
      expect(Math.abs(ratio - windDownGain(totalMs - cue.atMs, totalMs))).toBeLessThanOrEqual(0.03);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
    // Before the ramp, the samples are the same as without wind-down.
    const rampStart = Math.round(((totalMs - rampMs) * sr) / 1000);
    let differing = 0;
    for (let k = 0; k < rampStart; k++) if (wound[k] !== plain[k]) differing++;
    expect(differing).toBe(0);
  });

  it('lowers a sound bed by the curve too', () => {
    const bed = { loop: renderBedLoop('pink', sr), level: 1 };
    // Step tones off: the bed alone until the closing notes.
    const plain = readWav(renderWav(plan, 1, sr, { tones: false, bed })).samples;
    const wound = readWav(renderWav(plan, 1, sr, { tones: false, bed, windDown: true })).samples;
    for (const beforeEndMs of [110_000, 90_000, 60_000, 30_000, 5_000]) {
      const mid = ((totalMs - beforeEndMs) * sr) / 1000;
      const from = Math.round(mid - sr / 4);
      const to = Math.round(mid + sr / 4);
      const ratio = rms(wound, from, to) / rms(plain, from, to);
      expect(Math.abs(ratio - windDownGain(beforeEndMs, totalMs))).toBeLessThanOrEqual(0.03);
    }
  });

  it('never reaches full scale, even at full volume with the loudest bed', () => {
    const bed = { loop: renderBedLoop('rain', sr), level: 1 };
    const { samples } = readWav(renderWav(plan, 1, sr, { bed, windDown: true }));
    // Full scale is byte 0 or 255 (-1 or 127/128; the renderer clamps there): no sample reaches it.
    expect(peak(samples, 0, samples.length)).toBeLessThan(127 / 128);
    // The last minute is at most half of full scale.
    const lastMinute = Math.round(((totalMs - 60_000) * sr) / 1000);
    expect(peak(samples, lastMinute, samples.length)).toBeLessThan(0.5);
  });
});

describe('the rendered track of a program in wind-down', () => {
  const sr = CUE_SAMPLE_RATE;
  // 4-7-11: in 4, out 7 for 11 minutes (60 breaths, 660 s): the ramp is the last 3 minutes.
  const program = getBuiltInProgram('breath-4-7-11')!;
  const t = buildTimeline(program);
  const totalMs = stepOffsets(t, startRun(0))[t.steps.length]!;

  it("follows the curve over the whole program's last 3 minutes, the same samples before them", () => {
    expect(totalMs).toBe(660_000);
    const plan = cueTrackPlan(t, startRun(0), 0);
    const plain = readWav(renderWav(plan, 1, sr, {})).samples;
    const wound = readWav(renderWav(plan, 1, sr, { windDown: true })).samples;
    let ramped = 0;
    for (const cue of plan.cues) {
      const from = Math.round((cue.atMs * sr) / 1000);
      const to = from + Math.round(cue.tone.lengthS * sr);
      const expected = windDownGain(totalMs - cue.atMs, totalMs);
      expect(Math.abs(peak(wound, from, to) / peak(plain, from, to) - expected)).toBeLessThan(0.03);
      if (expected < 0.99) ramped++;
    }
    expect(ramped).toBeGreaterThan(20);
    const rampStart = Math.round(((totalMs - 180_000) * sr) / 1000);
    let differing = 0;
    for (let k = 0; k < rampStart; k++) if (wound[k] !== plain[k]) differing++;
    expect(differing).toBe(0);
  });

  it("keeps the curve on the program's clock in a track that starts part-way (after a pause)", () => {
    // A track from the 50th breath's inhale (the one a resume loads): its cues sit at the same
    // place on the curve as in the whole track.
    const from = t.steps.findIndex((st) => st.programCycle === 50);
    const plan = cueTrackPlan(t, startRun(0), from);
    expect(plan.originMs).toBeGreaterThan(0);
    const plain = readWav(renderWav(plan, 1, sr, {})).samples;
    const wound = readWav(renderWav(plan, 1, sr, { windDown: true })).samples;
    for (const cue of plan.cues.filter((c) => c.stepIndex >= 0)) {
      const a = Math.round((cue.atMs * sr) / 1000);
      const b = a + Math.round(cue.tone.lengthS * sr);
      const expected = windDownGain(totalMs - plan.originMs - cue.atMs, totalMs);
      expect(Math.abs(peak(wound, a, b) / peak(plain, a, b) - expected)).toBeLessThan(0.03);
    }
  });

  it('leaves a track that ends in an open retention at its volume (Wim Hof: its end is a tap)', () => {
    const wimHof = buildTimeline(getBuiltInProgram('wim-hof')!);
    const plan = cueTrackPlan(wimHof, startRun(0), 0);
    expect(plan.endsInRetention).toBe(true);
    const plain = renderWav(plan, 1, sr, {});
    const wound = renderWav(plan, 1, sr, { windDown: true });
    expect(wound.length).toBe(plain.length);
    expect(Buffer.compare(Buffer.from(wound), Buffer.from(plain))).toBe(0);
  });
});
