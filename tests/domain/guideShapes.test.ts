import { describe, expect, it } from 'vitest';
import { buildSchedule, positionAt, secondsLeft } from '../../src/domain/breathClock';
import { MIN_BREATH_SCALE } from '../../src/domain/breathScale';
import {
  BLOOM_TURN_DEG,
  MAX_HOLD_DOTS,
  bloomFrame,
  countdownLineCount,
  countdownLineSteps,
  cycleKeyframes,
  guideKindFor,
  holdDotCount,
  holdDotsLit,
  isHold,
  msUntilDisplayChange,
  petalAngle,
  phaseLineSteps,
  squareFrame,
} from '../../src/domain/guideShapes';
import { getPattern } from '../../src/domain/patterns';

const timings = (inhale: number, hold: number, exhale: number, hold_after_exhale: number) => ({
  inhale,
  hold,
  exhale,
  hold_after_exhale,
});

describe('which guide a pattern gets', () => {
  it('box (four equal phases) is a square; so is any four-equal-phase pattern', () => {
    expect(guideKindFor(getPattern('box')!)).toBe('square');
    expect(guideKindFor(timings(5, 5, 5, 5))).toBe('square');
  });
  it('other patterns bloom; a cycle under 6 s gets the orb', () => {
    expect(guideKindFor(getPattern('relaxation')!)).toBe('bloom');
    expect(guideKindFor(getPattern('sleep')!)).toBe('bloom');
    expect(guideKindFor(getPattern('energy')!)).toBe('bloom'); // 3/2/4/1: unequal sides
    expect(guideKindFor(timings(4, 0, 4, 0))).toBe('bloom'); // two phases, not a square
    expect(guideKindFor(getPattern('wim_hof')!)).toBe('orb'); // 3 s a cycle
    expect(guideKindFor(timings(2, 0, 3.99, 0))).toBe('orb');
    expect(guideKindFor(timings(2, 0, 4, 0))).toBe('bloom');
  });
});

describe('the square guide', () => {
  const PHASE_OF_SIDE = ['inhale', 'hold', 'exhale', 'pause'] as const;
  const squarePoint = (side: 0 | 1 | 2 | 3, progress: number) => squareFrame(PHASE_OF_SIDE[side], progress).point;

  it('walks the square corner to corner: up on the inhale, across on the hold, down on the exhale, back on the pause', () => {
    expect(squarePoint(0, 0)).toEqual({ x: 0, y: 1 });
    expect(squarePoint(0, 1)).toEqual({ x: 0, y: 0 });
    expect(squarePoint(1, 0.5)).toEqual({ x: 0.5, y: 0 });
    expect(squarePoint(2, 0.25)).toEqual({ x: 1, y: 0.25 });
    expect(squarePoint(3, 1)).toEqual({ x: 0, y: 1 });
    expect(squarePoint(3, 1)).toEqual(squarePoint(0, 0)); // the pause ends where the inhale starts
    expect(squarePoint(0, 7)).toEqual({ x: 0, y: 0 }); // clamped
  });

  it('keeps a steady pace along a side (equal time, equal distance)', () => {
    const a = squarePoint(1, 0.2);
    const b = squarePoint(1, 0.4);
    const c = squarePoint(1, 0.6);
    expect(b.x - a.x).toBeCloseTo(c.x - b.x);
  });

  it('follows a box session through the breath clock, one side per phase, continuous at each corner', () => {
    const s = buildSchedule(getPattern('box')!);
    const path: { x: number; y: number }[] = [];
    for (let t = 0; t < s.cycleMs; t += 250) {
      const pos = positionAt(s, t);
      path.push(squareFrame(pos.phase, pos.phaseProgress).point);
    }
    // Every point lies on the square's outline.
    for (const p of path) expect([p.x, p.y].some((v) => v === 0 || v === 1)).toBe(true);
    // No jump larger than one step (0.25 s of a 4 s side = 1/16).
    for (let i = 1; i < path.length; i++) {
      const d = Math.abs(path[i]!.x - path[i - 1]!.x) + Math.abs(path[i]!.y - path[i - 1]!.y);
      expect(d).toBeLessThanOrEqual(1 / 16 + 1e-9);
    }
    const mid = (ms: number) => {
      const pos = positionAt(s, ms);
      return squareFrame(pos.phase, pos.phaseProgress).point;
    };
    expect(mid(2000)).toEqual({ x: 0, y: 0.5 }); // inhale: left side, half way up
    expect(mid(6000)).toEqual({ x: 0.5, y: 0 }); // hold: top
    expect(mid(10_000)).toEqual({ x: 1, y: 0.5 }); // exhale: right side, half way down
    expect(mid(14_000)).toEqual({ x: 0.5, y: 1 }); // pause: bottom
  });

  it('draws the sides travelled this cycle', () => {
    expect(squareFrame('inhale', 0.5).drawn).toEqual([0.5, 0, 0, 0]);
    expect(squareFrame('exhale', 0.25).drawn).toEqual([1, 1, 0.25, 0]);
    expect(squareFrame('pause', 1).drawn).toEqual([1, 1, 1, 1]);
  });
});

describe('the bloom', () => {
  it('opens and turns with the breath, eased (slow at the start and end of inhale and exhale)', () => {
    expect(bloomFrame('inhale', 0)).toEqual({
      scale: MIN_BREATH_SCALE,
      openness: 0,
      rotationDeg: 0,
    });
    expect(bloomFrame('inhale', 1)).toEqual({ scale: 1, openness: 1, rotationDeg: BLOOM_TURN_DEG });
    const early = bloomFrame('inhale', 0.1).openness - bloomFrame('inhale', 0).openness;
    const middle = bloomFrame('inhale', 0.55).openness - bloomFrame('inhale', 0.45).openness;
    const late = bloomFrame('inhale', 1).openness - bloomFrame('inhale', 0.9).openness;
    expect(early).toBeLessThan(middle / 3);
    expect(late).toBeLessThan(middle / 3);
    expect(bloomFrame('exhale', 0.5).openness).toBeCloseTo(0.5);
    expect(bloomFrame('exhale', 1).openness).toBe(0);
  });

  it('holds still: the same frame all through a hold and a pause', () => {
    expect(bloomFrame('hold', 0.1)).toEqual(bloomFrame('hold', 0.9));
    expect(bloomFrame('pause', 0)).toEqual(bloomFrame('pause', 0.99));
    expect(bloomFrame('hold', 0.5).openness).toBe(1);
    expect(bloomFrame('pause', 0.5).openness).toBe(0);
  });

  it('spaces the petals evenly', () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => petalAngle(i))).toEqual([0, 60, 120, 180, 240, 300]);
  });
});

describe('a hold counts down with its own ring of dots', () => {
  it('has one dot a second, between 1 and the maximum', () => {
    expect(holdDotCount(4000)).toBe(4);
    expect(holdDotCount(7000)).toBe(7);
    expect(holdDotCount(300)).toBe(1);
    expect(holdDotCount(60_000)).toBe(MAX_HOLD_DOTS);
  });

  it('puts one dot out per share of the hold; none outside holds', () => {
    const hold = (elapsed: number) =>
      holdDotsLit({ phase: 'hold', phaseDurationMs: 4000, phaseElapsedMs: elapsed });
    expect([0, 999, 1000, 2500, 3999, 4000].map(hold)).toEqual([4, 4, 3, 2, 1, 0]);
    expect(holdDotsLit({ phase: 'pause', phaseDurationMs: 3000, phaseElapsedMs: 1500 })).toBe(2);
    expect(holdDotsLit({ phase: 'inhale', phaseDurationMs: 4000, phaseElapsedMs: 0 })).toBe(0);
    // A long hold with fewer dots than seconds still empties evenly.
    expect(holdDotsLit({ phase: 'hold', phaseDurationMs: 24_000, phaseElapsedMs: 12_000 })).toBe(6);
  });
});

describe('when the words and dots change next', () => {
  const at = (phase: 'inhale' | 'hold', durationMs: number, elapsedMs: number) =>
    msUntilDisplayChange({
      phase,
      phaseDurationMs: durationMs,
      phaseElapsedMs: elapsedMs,
      phaseRemainingMs: durationMs - elapsedMs,
    });
  it("is the countdown's next whole second, or the end of the phase", () => {
    expect(at('inhale', 4000, 0)).toBe(1000);
    expect(at('inhale', 4000, 1500)).toBe(500);
    expect(at('inhale', 4000, 3999)).toBe(1);
    expect(at('inhale', 2500, 0)).toBe(500); // 3 -> 2 at 2000 ms left
  });
  it('on a long hold, the next dot may come first', () => {
    expect(at('hold', 24_000, 0)).toBe(1000); // a dot per 2 s, a second per 1 s
    expect(at('hold', 24_000, 1500)).toBe(500);
    expect(at('hold', 7000, 100)).toBe(900);
  });
  it('samples a phase evenly for keyframes (its start and end at the least)', () => {
    const box = buildSchedule(getPattern('box')!); // 4 s a phase, 16 s a cycle
    const keys = cycleKeyframes(box, () => 0, (phase) => (phase === 'inhale' ? 4 : 0));
    expect(keys.map((k) => k.offset * 16)).toEqual([0, 1, 2, 3, 4, 4, 8, 8, 12, 12, 16]);
  });
});

describe('a whole cycle as keyframes', () => {
  it("box: the point's corners at each quarter of the cycle, one side per phase", () => {
    const s = buildSchedule(getPattern('box')!);
    const keys = cycleKeyframes(
      s,
      (phase, t) => squareFrame(phase, t).point,
      () => 1,
    );
    expect(keys.map((k) => k.offset)).toEqual([0, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1]);
    expect(keys.map((k) => `${k.value.x},${k.value.y}`)).toEqual([
      '0,1',
      '0,0',
      '0,0',
      '1,0',
      '1,0',
      '1,1',
      '1,1',
      '0,1',
    ]);
  });
  it('4-7-8: eased points on the inhale and exhale, the same state all through the hold', () => {
    const s = buildSchedule(getPattern('relaxation')!);
    const keys = cycleKeyframes(
      s,
      (phase, t) => bloomFrame(phase, t).scale,
      (phase) => (isHold(phase) ? 1 : 8),
    );
    expect(keys).toHaveLength(9 + 2 + 9);
    const hold = keys.filter((k) => k.offset >= 4 / 19 && k.offset <= 11 / 19);
    expect(new Set(hold.map((k) => k.value))).toEqual(new Set([1]));
    expect(keys[0]).toEqual({ offset: 0, value: MIN_BREATH_SCALE });
    expect(keys.at(-1)).toEqual({ offset: 1, value: MIN_BREATH_SCALE });
    for (let i = 1; i < keys.length; i++)
      expect(keys[i]!.offset).toBeGreaterThanOrEqual(keys[i - 1]!.offset);
  });
});

describe('the words as steps through a cycle', () => {
  const valueAt = (keys: { offset: number; value: number }[], offset: number) => {
    // The last key at or before the offset (a jump takes the later of equal offsets).
    let v = keys[0]!.value;
    for (const k of keys) if (k.offset <= offset + 1e-12) v = k.value;
    return v;
  };
  it('names each phase for exactly its share of the cycle', () => {
    const s = buildSchedule(getPattern('relaxation')!); // 4 / 7 / 8
    const keys = phaseLineSteps(s);
    expect(keys.map((k) => [Math.round(k.offset * 19 * 1000) / 1000, k.value])).toEqual([
      [0, 0],
      [4, 0],
      [4, 1],
      [11, 1],
      [11, 2],
      [19, 2],
    ]);
  });
  it('counts down whole seconds, as the countdown shows them, and jumps at each', () => {
    const s = buildSchedule(getPattern('box')!);
    const keys = countdownLineSteps(s);
    const shown = (ms: number) => valueAt(keys, ms / 16_000) + 1;
    expect([0, 999, 1000, 2500, 3999, 4000, 7999, 15_500].map(shown)).toEqual([
      4, 4, 3, 2, 1, 4, 1, 1,
    ]);
    for (const ms of [0, 500, 1000, 2999, 3000, 3999]) {
      const pos = positionAt(s, ms);
      expect(shown(ms)).toBe(secondsLeft(pos));
    }
    expect(countdownLineCount(s)).toBe(4);
  });
  it('handles a phase that is not whole seconds', () => {
    const s = buildSchedule({ inhale: 2.5, hold: 0, exhale: 3, hold_after_exhale: 0 });
    const keys = countdownLineSteps(s);
    const shown = (ms: number) => valueAt(keys, ms / 5500) + 1;
    expect([0, 499, 500, 1499, 1500, 2499, 2500].map(shown)).toEqual([3, 3, 2, 2, 1, 1, 3]);
    expect(countdownLineCount(s)).toBe(3);
  });
});
