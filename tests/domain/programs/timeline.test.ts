/**
 * Segment timing over long programs on a fake clock (docs/product.md § Programs): every
 * boundary falls at start + sum of durations + paused time, to the millisecond, after
 * 30 minutes as after 4 seconds (zero drift by construction). Expected boundaries are
 * computed here from the program's own words (4 s + 0.5 s every 3 cycles up to 6 s; the
 * CO2 table's rests and holds), not with the code under test.
 *
 * Not proved here: how late a real browser's timer or frame actually shows a boundary
 * (e2e/programs.spec.ts measures that on screen), nor the audio track (cueTrack.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { getBuiltInProgram } from '../../../src/domain/programs/builtInPrograms';
import type { Program, ProgramDefinition } from '../../../src/domain/programs/programTypes';
import { buildTimeline, type Timeline } from '../../../src/domain/programs/timeline';
import {
  alignRun,
  endStepByTap,
  holdResults,
  pauseRun,
  resumeRun,
  retentionTimesMs,
  runPosition,
  startRun,
  type RunState,
} from '../../../src/domain/programs/timelineRun';

const THIRTY_MIN_PROGRESSIVE: ProgramDefinition = {
  version: 1,
  name: 'Thirty rising minutes',
  description: '',
  category: 'progressive',
  segments: [
    {
      kind: 'breathe',
      phases: [
        { phase: 'inhale', seconds: 4 },
        { phase: 'hold', seconds: 4 },
        { phase: 'exhale', seconds: 4 },
        { phase: 'pause', seconds: 4 },
      ],
      seconds: 1800,
      ramp: { everyCycles: 3, stepSeconds: 0.5, maxSeconds: 6 },
    },
  ],
};

/**
 * Expected phase lengths from the words: 4 s, +0.5 s every 3 cycles, at most 6 s; as many
 * breaths as end (at the end of their exhale) within 30 min, the last without its hold on
 * empty lungs (a time limit ends on an exhale: issue #47, item 5).
 */
function expectedProgressiveMs(): number[] {
  const out: number[] = [];
  let total = 0;
  for (let c = 0; ; c++) {
    const phase = Math.min(4000 + 500 * Math.floor(c / 3), 6000);
    if (total + 3 * phase > 1_800_000) break;
    for (let i = 0; i < 4; i++) out.push(phase);
    total += 4 * phase;
  }
  out.pop();
  return out;
}

/** A fake monotonic clock with pauses: the wall time at which active time reaches `activeMs`. */
interface FakeRun {
  t: Timeline;
  run: RunState;
  start: number;
}

/** Walks a run through its boundaries on a fake clock, pausing and tapping as told. */
function checkBoundaries(
  f: FakeRun,
  lengths: number[],
  opts: {
    pauseAt?: Map<number, number>;
    tapAt?: Map<number, number>;
  } = {},
) {
  let pausedTotal = 0;
  let boundary = 0;
  for (let k = 0; k < lengths.length; k++) {
    const wall = f.start + boundary + pausedTotal; // start + sum of durations + paused time
    // The step starts exactly here: 1 ms earlier is still the previous step.
    expect(runPosition(f.t, f.run, wall).stepIndex).toBe(k);
    if (k > 0) expect(runPosition(f.t, f.run, wall - 1).stepIndex).toBe(k - 1);
    const pauseFor = opts.pauseAt?.get(k);
    if (pauseFor !== undefined) {
      // Pause 1 s into the step, resume after `pauseFor` ms: the rest of the step is shifted.
      f.run = pauseRun(f.run, wall + 1000);
      expect(runPosition(f.t, f.run, wall + 1000 + pauseFor).stepElapsedMs).toBe(1000);
      f.run = resumeRun(f.run, wall + 1000 + pauseFor);
      pausedTotal += pauseFor;
    }
    const tapAfter = opts.tapAt?.get(k);
    if (tapAfter !== undefined) {
      f.run = endStepByTap(f.t, f.run, wall + tapAfter);
      boundary += tapAfter;
    } else {
      boundary += lengths[k]!;
    }
  }
  const end = f.start + boundary + pausedTotal;
  expect(runPosition(f.t, f.run, end - 1).done).toBe(false);
  expect(runPosition(f.t, f.run, end).done).toBe(true);
  return { end, boundary, pausedTotal };
}

describe('a 30-minute progressive program', () => {
  const t = buildTimeline(THIRTY_MIN_PROGRESSIVE);
  const expected = expectedProgressiveMs();

  it('rises 0.5 s per phase every 3 cycles from 4-4-4-4 to 6-6-6-6 and then stays', () => {
    expect(t.steps.map((s) => s.plannedMs)).toEqual(expected);
    const firstCycleAt = (ms: number) => t.steps.findIndex((s) => s.plannedMs === ms) / 4;
    expect([4000, 4500, 5000, 5500, 6000].map(firstCycleAt)).toEqual([0, 3, 6, 9, 12]);
    expect(t.steps.slice(-3).map((s) => s.kind)).toEqual(['inhale', 'hold', 'exhale']);
  });

  it('puts every boundary at start + sum of durations + paused time, with zero drift after 30 minutes', () => {
    const start = 123_456;
    const pauses = new Map([
      [5, 2_500],
      [101, 60_000],
      [expected.length - 2, 1],
    ]);
    const f = { t, run: startRun(start), start };
    const { end, boundary, pausedTotal } = checkBoundaries(f, expected, { pauseAt: pauses });
    expect(boundary).toBe(expected.reduce((a, b) => a + b, 0));
    expect(boundary).toBeLessThanOrEqual(1_800_000);
    expect(boundary).toBeGreaterThan(1_800_000 - 24_000);
    expect(end).toBe(start + boundary + 62_501);
    expect(pausedTotal).toBe(62_501);
    expect(runPosition(t, f.run, end).completedCycles).toBe((expected.length + 1) / 4);
  });

  it('finds the same position from a late tick as from a punctual one', () => {
    const run = startRun(0);
    const at = 17 * 60_000 + 333;
    const late = runPosition(t, run, at);
    let sum = 0;
    let k = 0;
    while (sum + expected[k]! <= at) sum += expected[k++]!;
    expect(late.stepIndex).toBe(k);
    expect(late.stepElapsedMs).toBe(at - sum);
  });

  it('following the audio clock moves the start, not the sum of durations', () => {
    const run = alignRun(startRun(1000), 5000, 3970);
    // 30 ms of audio lag: the first boundary falls 30 ms later.
    const startsAt = (i: number, wall: number) => {
      expect(runPosition(t, run, wall)).toMatchObject({ stepIndex: i, stepElapsedMs: 0 });
      expect(runPosition(t, run, wall - 1).stepIndex).toBe(i - 1);
    };
    startsAt(1, 1000 + 30 + 4000);
    const last = expected.length - 1;
    startsAt(last, 1030 + expected.slice(0, last).reduce((a, b) => a + b, 0));
  });
});

describe('an apnea table (CO2)', () => {
  const program = getBuiltInProgram('co2-table') as Program;
  const t = buildTimeline(program);
  // From the words: rest 2:00, 1:45 ... 0:15, each followed by a 1:00 hold on full lungs.
  const expected = Array.from({ length: 8 }, (_, i) => [120_000 - 15_000 * i, 60_000]).flat();

  it('has eight rests shrinking by 15 s and eight 1-minute holds', () => {
    expect(t.steps.map((s) => s.plannedMs)).toEqual(expected);
    expect(t.steps.map((s) => s.kind)).toEqual(
      Array.from({ length: 8 }, () => ['rest', 'hold']).flat(),
    );
    expect(t.steps.filter((s) => s.kind === 'hold').every((s) => s.endsOnTap)).toBe(true);
  });

  it('puts every boundary at start + sum of durations + paused time, holds ended by a tap included', () => {
    const start = 9_999;
    const f = { t, run: startRun(start), start };
    // Pauses only in rests (index even); taps end holds 3 and 6 early (steps 5 and 11).
    const { boundary } = checkBoundaries(f, expected, {
      pauseAt: new Map([
        [0, 30_000],
        [8, 1_234],
      ]),
      tapAt: new Map([
        [5, 41_337],
        [11, 59_999],
      ]),
    });
    expect(boundary).toBe(expected.reduce((a, b) => a + b, 0) - (60_000 - 41_337) - 1);
    const holds = holdResults(t, f.run, boundary);
    expect(holds).toHaveLength(8);
    expect(holds[2]).toEqual({ number: 3, plannedMs: 60_000, heldMs: 41_337, endedEarly: true });
    expect(holds[5]).toEqual({ number: 6, plannedMs: 60_000, heldMs: 59_999, endedEarly: true });
    expect(holds.filter((h) => !h.endedEarly)).toHaveLength(6);
  });

  it('ignores a tap in a rest (only a hold can be ended)', () => {
    const run = startRun(0);
    expect(endStepByTap(t, run, 50_000)).toBe(run);
  });
});

describe('Wim Hof rounds', () => {
  const t = buildTimeline(getBuiltInProgram('wim-hof')!);

  it('waits in an open retention until a tap, then records it and goes on to the 15 s recovery hold', () => {
    let run = startRun(0);
    const breaths = 30 * 3000;
    const inRetention = runPosition(t, run, breaths + 600_000);
    expect(inRetention.step?.kind).toBe('retention');
    expect(inRetention.stepRemainingMs).toBeNull();
    run = endStepByTap(t, run, breaths + 75_250);
    const after = runPosition(t, run, breaths + 75_250);
    expect(after.step?.kind).toBe('hold');
    expect(after.stepLengthMs).toBe(15_000);
    // The recovery hold is not ended by a tap.
    expect(endStepByTap(t, run, breaths + 80_000)).toBe(run);
    const round2 = runPosition(t, run, breaths + 75_250 + 15_000);
    expect(round2.step).toMatchObject({ kind: 'inhale', segmentIndex: 3, cycle: 0 });
    expect(retentionTimesMs(t, run)).toEqual([75_250]);
  });
});

describe('the physiological sigh', () => {
  it('is two inhales, the second a short top-up, then a long exhale, in whole cycles for 5 minutes', () => {
    const t = buildTimeline(getBuiltInProgram('physiological-sigh')!);
    expect(t.steps.slice(0, 3).map((s) => [s.kind, s.plannedMs])).toEqual([
      ['inhale', 2000],
      ['topup', 1000],
      ['exhale', 6000],
    ]);
    expect(t.totalCycles).toBe(33); // 33 * 9 s = 297 s <= 300 s
  });
});

describe('resonance at 5.5 breaths a minute', () => {
  it('keeps 5.5 breaths a minute to within 0.01 % in whole milliseconds', () => {
    const t = buildTimeline(getBuiltInProgram('resonance-5-5')!);
    const cycleMs = (t.steps[0]!.plannedMs ?? 0) + (t.steps[1]!.plannedMs ?? 0);
    expect(Math.abs(60_000 / cycleMs - 5.5) / 5.5).toBeLessThan(1e-4);
  });
});
