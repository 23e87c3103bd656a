/**
 * Slowing down within a session (issue #46, item 6), on the timeline a pattern session plays
 * (domain/practiceTimeline's patternTimeline, domain/programs/timeline's `slow`): 6 to 4.5
 * breaths a minute over 10 minutes, every phase growing in proportion. Expected figures are
 * computed here from the words (10 s cycles to 13.333 s cycles, equal steps), not by the code
 * under test: the first cycle at the pattern's rate, the last of the slowing at the target,
 * monotone between, each phase in the pattern's proportions, boundaries whole-ms sums, and
 * the slowing lasting about the minutes asked.
 *
 * Not proved here: that a session uses it. The breath loop and the guide still run on the
 * fixed-cycle breath clock (machines/breathLoop, domain/breathClock), and the pre-session
 * switch is not built; nor how the slowing feels (no one has breathed it).
 */
import { describe, expect, it } from 'vitest';
import type { PatternTimings } from '../../src/domain/patterns';
import { patternTimeline } from '../../src/domain/practiceTimeline';
import { buildTimeline, type Step, type Timeline } from '../../src/domain/programs/timeline';

// Resonance breathing 4-0-6-0: 6 breaths a minute.
const RESONANCE: PatternTimings = { inhale: 4, hold: 0, exhale: 6, hold_after_exhale: 0 };
// Box 4-4-4-4: 3.75 a minute.
const BOX: PatternTimings = { inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 };

/** Each cycle's steps, in order. */
function cyclesOf(t: Timeline): Step[][] {
  const out: Step[][] = [];
  for (const s of t.steps) (out[s.programCycle] ??= []).push(s);
  return out;
}
const cycleMs = (steps: Step[]) => steps.reduce((a, s) => a + s.plannedMs!, 0);

describe('slowing down within a pattern session', () => {
  const t = patternTimeline(RESONANCE, 80, false, { toPerMinute: 4.5, minutes: 10 });
  const cycles = cyclesOf(t);
  const lengths = cycles.map(cycleMs);

  it('starts at the pattern’s rate and reaches the target, monotone between, then stays', () => {
    expect(cycles).toHaveLength(80);
    expect(cycles[0]!.map((s) => [s.kind, s.plannedMs])).toEqual([
      ['inhale', 4000],
      ['exhale', 6000],
    ]);
    // 4.5 a minute: 13 333.3 ms a cycle; each of two phases rounds by at most 0.5 ms.
    const target = 60_000 / 4.5;
    const reached = lengths.findIndex((ms) => Math.abs(ms - target) <= 1);
    expect(reached).toBeGreaterThan(1);
    for (let c = 1; c < lengths.length; c++) {
      expect(lengths[c]!).toBeGreaterThanOrEqual(lengths[c - 1]!);
      for (let i = 0; i < cycles[c]!.length; i++)
        expect(cycles[c]![i]!.plannedMs!).toBeGreaterThanOrEqual(cycles[c - 1]![i]!.plannedMs!);
    }
    for (const ms of lengths.slice(reached)) expect(Math.abs(ms - target)).toBeLessThanOrEqual(1);
    // The slowing's cycles last about the 10 minutes asked (within one cycle).
    const slowingMs = lengths.slice(0, reached + 1).reduce((a, b) => a + b, 0);
    expect(Math.abs(slowingMs - 600_000)).toBeLessThanOrEqual(target);
  });

  it('grows every phase in proportion (inhale stays 40% of the cycle) in equal steps', () => {
    for (const c of cycles) {
      expect(Math.abs(c[0]!.plannedMs! / cycleMs(c) - 0.4)).toBeLessThan(0.0002);
    }
    const steps = lengths.slice(1, 20).map((ms, i) => ms - lengths[i]!);
    const spread = Math.max(...steps) - Math.min(...steps);
    expect(spread).toBeLessThanOrEqual(2);
  });

  it('keeps every boundary the sum of whole-ms durations', () => {
    for (const s of t.steps) expect(Number.isInteger(s.plannedMs)).toBe(true);
    const total = t.steps.reduce((a, s) => a + s.plannedMs!, 0);
    expect(total).toBe(lengths.reduce((a, b) => a + b, 0));
  });

  it('holds the target within 3 a minute and the pattern’s own rate', () => {
    const tooSlow = cyclesOf(patternTimeline(BOX, 20, false, { toPerMinute: 1, minutes: 2 }));
    expect(cycleMs(tooSlow.at(-1)!)).toBe(20_000); // 3 a minute, 5 s a phase
    const faster = cyclesOf(patternTimeline(BOX, 5, false, { toPerMinute: 10, minutes: 2 }));
    expect(faster.map(cycleMs)).toEqual([16_000, 16_000, 16_000, 16_000, 16_000]);
  });

  it('without it, the timeline is the pattern’s as before', () => {
    const plain = cyclesOf(patternTimeline(RESONANCE, 3));
    expect(plain.map(cycleMs)).toEqual([10_000, 10_000, 10_000]);
  });

  it('a timed segment that slows still ends on an exhale within its seconds', () => {
    const timed = buildTimeline({
      segments: [
        {
          kind: 'breathe',
          phases: [
            { phase: 'inhale', seconds: 4 },
            { phase: 'exhale', seconds: 4 },
            { phase: 'pause', seconds: 2 },
          ],
          seconds: 125,
          slow: { toPerMinute: 4.5, overCycles: 6 },
        },
      ],
    });
    expect(timed.steps.at(-1)!.kind).toBe('exhale');
    const total = timed.steps.reduce((a, s) => a + s.plannedMs!, 0);
    expect(total).toBeLessThanOrEqual(125_000);
    // One more breath (to its exhale) would not have fitted.
    const lastCycle = cyclesOf(timed).at(-1)!;
    expect(total + cycleMs(lastCycle)).toBeGreaterThan(125_000);
  });
});
