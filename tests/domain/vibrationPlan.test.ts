/**
 * The vibration plan (issue #47, item 4): for every catalogue pattern and every built-in
 * program, derived from the cue track's own plan, a pattern at each step boundary, at the
 * same ms as that step's tone, one pulse in, two out, a long one on a hold, each ending
 * inside its step. Expected boundaries come from the breath clock (buildSchedule /
 * boundaryOffsetMs), not from the plan under test.
 *
 * Not proved here: that a device vibrates (a browser only records the calls:
 * e2e/vibration.spec.ts), or that a hand tells the patterns apart.
 */
import { describe, expect, it } from 'vitest';
import { boundaryOffsetMs, buildSchedule } from '../../src/domain/breathClock';
import { PATTERNS } from '../../src/domain/patterns';
import { patternTimeline } from '../../src/domain/practiceTimeline';
import { BUILT_IN_PROGRAMS } from '../../src/domain/programs/builtInPrograms';
import { cueTrackPlan } from '../../src/domain/programs/cueTrack';
import { buildTimeline } from '../../src/domain/programs/timeline';
import { startRun } from '../../src/domain/programs/timelineRun';
import { pulseCount, vibrationPlan } from '../support/vibrationPlan';

const PULSES = { inhale: 1, topup: 1, exhale: 2, hold: 1, pause: 1, retention: 1, rest: 2 };

describe('the vibration plan of each catalogue pattern', () => {
  for (const p of PATTERNS) {
    it(`${p.id}: a pattern on every boundary of 3 cycles, told apart by pulses`, () => {
      const plan = cueTrackPlan(patternTimeline(p, 3), startRun(0), 0);
      const v = vibrationPlan(plan);
      const schedule = buildSchedule(p);
      const perCycle = schedule.phases.length;
      expect(v.map((x) => x.atMs)).toEqual(
        Array.from({ length: 3 * perCycle }, (_, k) => boundaryOffsetMs(schedule, k)),
      );
      // The same ms as the step's own tone in the track.
      for (const x of v)
        expect(plan.cues.find((c) => c.stepIndex === x.stepIndex)!.atMs).toBe(x.atMs);
      for (const [n, x] of v.entries()) {
        expect(x.kind).toBe(schedule.phases[n % perCycle]!.name);
        expect(pulseCount(x.pattern)).toBe(PULSES[x.kind]);
        const stepMs = (v[n + 1]?.atMs ?? Infinity) - x.atMs;
        expect(x.pattern.reduce((a, b) => a + b, 0)).toBeLessThan(stepMs);
      }
      // Holds are long: each hold's single pulse is longer than the inhale's.
      const inhale = v.find((x) => x.kind === 'inhale')!.pattern[0]!;
      for (const x of v.filter((y) => y.kind === 'hold' || y.kind === 'pause'))
        expect(x.pattern[0]!).toBeGreaterThan(inhale);
    });
  }
});

describe('the vibration plan of a program', () => {
  it('every built-in program: one plan entry per step of its first track, pulses by kind', () => {
    for (const prog of BUILT_IN_PROGRAMS) {
      const t = buildTimeline(prog);
      const plan = cueTrackPlan(t, startRun(0), 0);
      const v = vibrationPlan(plan);
      const stepCues = plan.cues.filter((c) => c.stepIndex >= 0);
      expect(v.map((x) => x.atMs)).toEqual(stepCues.map((c) => c.atMs));
      for (const x of v) expect(pulseCount(x.pattern)).toBe(PULSES[x.kind]);
    }
  });

  it('a very short step shortens the pulses to fit (0.5 s holds: 400 ms at most)', () => {
    const t = buildTimeline({
      segments: [
        {
          kind: 'breathe',
          phases: [
            { phase: 'inhale', seconds: 2 },
            { phase: 'hold', seconds: 0.5 },
            { phase: 'exhale', seconds: 0.2 },
          ],
          cycles: 2,
        },
      ],
    });
    const v = vibrationPlan(cueTrackPlan(t, startRun(0), 0));
    expect(v[1]!.pattern).toEqual([400]);
    // The first exhale (200 ms, followed by the next inhale): two pulses in 160 ms.
    expect(pulseCount(v[2]!.pattern)).toBe(2);
    expect(v[2]!.pattern.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(160);
  });
});
