/**
 * Ending on a full breath (issue #47, item 5; docs/product.md § Sleep and sound): a session
 * with a time limit (a timed breathe segment, the only time limit a practice has: pattern
 * sessions count cycles and take the same timeline, src/domain/practiceTimeline.ts) ends at
 * the end of an exhale, never mid-breath and never after a hold on empty lungs. The expected
 * numbers are worked out here by hand from the segment's words, not with the code under test.
 *
 * Not proved here: that the screen and the cue track stop there (they read this timeline:
 * tests/domain/programs/cueTrack.test.ts and e2e/programs.spec.ts), nor any real clock.
 */
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROGRAMS } from '../../../src/domain/programs/builtInPrograms';
import type { BreatheSegment, PhaseTiming } from '../../../src/domain/programs/programTypes';
import { plannedLengthText } from '../../../src/domain/programs/programText';
import {
  buildTimeline,
  plannedProgramMs,
  segmentCycles,
} from '../../../src/domain/programs/timeline';

const BOX: PhaseTiming[] = [
  { phase: 'inhale', seconds: 4 },
  { phase: 'hold', seconds: 4 },
  { phase: 'exhale', seconds: 4 },
  { phase: 'pause', seconds: 4 },
];
const timed = (phases: PhaseTiming[], seconds: number, extra: Partial<BreatheSegment> = {}) => ({
  segments: [{ kind: 'breathe' as const, phases, seconds, ...extra }],
});
const kinds = (p: ReturnType<typeof timed>) => buildTimeline(p).steps.map((s) => s.kind);
const sumMs = (p: ReturnType<typeof timed>) =>
  buildTimeline(p).steps.reduce((a, s) => a + (s.plannedMs ?? 0), 0);

describe('a timed session ends at the end of an exhale', () => {
  it('box 4-4-4-4 for 60 s: three full breaths and a fourth that ends on its exhale at 60 s', () => {
    // Breath n ends (after its exhale) at 16(n-1) + 12 s: 12, 28, 44, 60 -> four breaths, 60 s.
    // The old rule (whole cycles) stopped at 48 s after a 4 s hold on empty lungs.
    const p = timed(BOX, 60);
    expect(segmentCycles(p.segments[0]!)).toBe(4);
    expect(sumMs(p)).toBe(60_000);
    expect(plannedProgramMs(p)).toBe(60_000);
    expect(kinds(p).slice(-4)).toEqual(['pause', 'inhale', 'hold', 'exhale']);
    const t = buildTimeline(p);
    expect(t.steps.at(-1)!.endsCycle).toBe(true);
    expect(t.totalCycles).toBe(4);
  });

  it('box for 59 s: the fourth breath would end at 60 s, past the limit, so three (44 s)', () => {
    const p = timed(BOX, 59);
    expect(sumMs(p)).toBe(44_000);
    expect(kinds(p).at(-1)).toBe('exhale');
  });

  it('a breath longer than the limit still runs once, ending on its exhale', () => {
    const p = timed(BOX, 5);
    expect(kinds(p)).toEqual(['inhale', 'hold', 'exhale']);
    expect(sumMs(p)).toBe(12_000);
  });

  it('a pattern that ends on its exhale is unchanged: 4-7-11 for 660 s is 60 breaths of 11 s', () => {
    const p = BUILT_IN_PROGRAMS.find((x) => x.id === 'breath-4-7-11')!;
    expect(plannedProgramMs(p)).toBe(660_000);
    expect(buildTimeline(p).steps.at(-1)!.kind).toBe('exhale');
  });

  it('every built-in program with a time limit ends on an exhale', () => {
    for (const p of BUILT_IN_PROGRAMS) {
      const timedSegs = p.segments.filter((s) => s.kind === 'breathe' && s.seconds !== undefined);
      if (!timedSegs.length) continue;
      const last = buildTimeline(p).steps.at(-1)!;
      expect(`${p.id}: ${last.kind}`).toBe(`${p.id}: exhale`);
    }
  });

  it('with a ramp: box rising 1 s per cycle (4, 5, 6 ...) for 60 s', () => {
    // Breath ends at: 12 (4 s phases), 16+15=31 (5 s), 16+20+18=54 (6 s), 16+20+24+21=81.
    // So three breaths, the third without its 6 s pause: 16 + 20 + 18 = 54 s.
    const p = timed(BOX, 60, { ramp: { everyCycles: 1, stepSeconds: 1, maxSeconds: 10 } });
    expect(sumMs(p)).toBe(54_000);
    expect(plannedProgramMs(p)).toBe(54_000);
    expect(kinds(p).slice(-3)).toEqual(['inhale', 'hold', 'exhale']);
    expect(buildTimeline(p).totalCycles).toBe(3);
  });

  it('with a ramp that has stopped rising (the arithmetic shortcut): 4 -> 5 s cap, for 100 s', () => {
    // Cycles: 16 s, then 20 s each (cap 5). Breath ends: 12, 31, 51, 71, 91, 111 -> five breaths,
    // 16 + 20 * 4 - 5 = 91 s.
    const p = timed(BOX, 100, { ramp: { everyCycles: 1, stepSeconds: 1, maxSeconds: 5 } });
    expect(sumMs(p)).toBe(91_000);
    expect(plannedProgramMs(p)).toBe(91_000);
    expect(kinds(p).at(-1)).toBe('exhale');
  });

  it('a counted segment keeps its whole cycles, hold on empty lungs included', () => {
    const p = { segments: [{ kind: 'breathe' as const, phases: BOX, cycles: 2 }] };
    expect(
      buildTimeline(p)
        .steps.map((s) => s.kind)
        .at(-1),
    ).toBe('pause');
    expect(plannedProgramMs(p)).toBe(32_000);
  });

  it('the program text counts the minutes of what runs', () => {
    expect(plannedLengthText(timed(BOX, 150))).toBe('About 2 min'); // 9 breaths, 140 s
  });
});
