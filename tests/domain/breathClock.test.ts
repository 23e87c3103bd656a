import { describe, expect, it } from 'vitest';
import {
  IDLE_CLOCK,
  activeElapsedMs,
  boundaryOffsetMs,
  buildSchedule,
  pauseClock,
  positionAt,
  resumeClock,
  secondsLeft,
  sessionLengthMs,
  startClock,
  wallTimeAt,
  type ClockState,
} from '../../src/domain/breathClock';
import { PATTERNS, getPattern } from '../../src/domain/patterns';

const box = buildSchedule(getPattern('box')!);

describe('schedule', () => {
  it('box runs 4-4-4-4', () => {
    expect(box.phases).toEqual([
      { name: 'inhale', durationMs: 4000 },
      { name: 'hold', durationMs: 4000 },
      { name: 'exhale', durationMs: 4000 },
      { name: 'pause', durationMs: 4000 },
    ]);
    expect(box.cumulativeMs).toEqual([0, 4000, 8000, 12000, 16000]);
    expect(box.cycleMs).toBe(16000);
  });

  it('skips zero phases and keeps short ones (sleep 3 s, energy 1 s)', () => {
    expect(buildSchedule(getPattern('relaxation')!).phases.map((p) => p.name)).toEqual([
      'inhale',
      'hold',
      'exhale',
    ]);
    expect(buildSchedule(getPattern('mindfulness')!).phases.map((p) => p.name)).toEqual([
      'inhale',
      'exhale',
    ]);
    expect(buildSchedule(getPattern('sleep')!).phases[3]).toEqual({
      name: 'pause',
      durationMs: 3000,
    });
    expect(buildSchedule(getPattern('energy')!).phases[3]).toEqual({
      name: 'pause',
      durationMs: 1000,
    });
    expect(buildSchedule(getPattern('wim_hof')!).cycleMs).toBe(3000);
  });

  it('rounds fractional seconds to whole milliseconds', () => {
    const s = buildSchedule({ inhale: 5.5, hold: 0, exhale: 5.5, hold_after_exhale: 0.0004 });
    expect(s.phases.map((p) => p.durationMs)).toEqual([5500, 5500]);
  });

  it('throws a clear error on unusable timings', () => {
    expect(() => buildSchedule({ inhale: 0, hold: 0, exhale: 0, hold_after_exhale: 0 })).toThrow(
      /inhale/,
    );
    expect(() =>
      buildSchedule({ inhale: 4, hold: Number.POSITIVE_INFINITY, exhale: 4, hold_after_exhale: 0 }),
    ).toThrow(/hold/);
  });
});

describe('positionAt', () => {
  it('finds phase and position at and around boundaries', () => {
    expect(positionAt(box, 0)).toMatchObject({
      phase: 'inhale',
      phaseIndex: 0,
      cycleIndex: 0,
      phaseElapsedMs: 0,
      phaseRemainingMs: 4000,
    });
    expect(positionAt(box, 3999.999)).toMatchObject({ phase: 'inhale' });
    expect(positionAt(box, 4000)).toMatchObject({
      phase: 'hold',
      phaseElapsedMs: 0,
      boundaryIndex: 1,
    });
    expect(positionAt(box, 15999)).toMatchObject({
      phase: 'pause',
      cycleIndex: 0,
      boundaryIndex: 3,
    });
    expect(positionAt(box, 16000)).toMatchObject({
      phase: 'inhale',
      cycleIndex: 1,
      completedCycles: 1,
      boundaryIndex: 4,
    });
    expect(positionAt(box, 6000).phaseProgress).toBe(0.5);
  });

  it('treats negative and non-finite elapsed time as the start', () => {
    expect(positionAt(box, -50)).toMatchObject({ elapsedMs: 0, phase: 'inhale' });
    expect(positionAt(box, Number.NaN)).toMatchObject({ elapsedMs: 0, phase: 'inhale' });
  });

  it('shows whole seconds left like a countdown', () => {
    expect(secondsLeft(positionAt(box, 0))).toBe(4);
    expect(secondsLeft(positionAt(box, 1))).toBe(4);
    expect(secondsLeft(positionAt(box, 1000))).toBe(3);
    expect(secondsLeft(positionAt(box, 3999))).toBe(1);
  });

  it('session length is target cycles times the cycle', () => {
    expect(sessionLengthMs(box, 10)).toBe(160_000);
  });
});

describe('session clock', () => {
  it('excludes paused time and keeps the position inside the phase', () => {
    let c = startClock(1000);
    expect(wallTimeAt(c, 0)).toBe(1000); // running: its moments are known
    expect(activeElapsedMs(c, 6000)).toBe(5000);
    c = pauseClock(c, 6000); // 1 s into hold
    expect(activeElapsedMs(c, 60_000)).toBe(5000);
    expect(positionAt(box, activeElapsedMs(c, 60_000))).toMatchObject({
      phase: 'hold',
      phaseElapsedMs: 1000,
    });
    expect(wallTimeAt(c, 8000)).toBeNull();
    c = resumeClock(c, 60_000);
    expect(c.pausedTotalMs).toBe(54_000);
    expect(c.pauseCount).toBe(1);
    expect(activeElapsedMs(c, 60_000)).toBe(5000);
    expect(wallTimeAt(c, 8000)).toBe(63_000); // exhale starts 3 s after resuming
  });

  it('ignores double pause, resume while running, and everything while idle', () => {
    const c = startClock(0);
    const p = pauseClock(c, 100);
    expect(pauseClock(p, 500)).toBe(p);
    expect(resumeClock(c, 100)).toBe(c);
    expect(pauseClock(IDLE_CLOCK, 5)).toBe(IDLE_CLOCK);
    expect(resumeClock(IDLE_CLOCK, 5)).toBe(IDLE_CLOCK);
    expect(activeElapsedMs(IDLE_CLOCK, 5000)).toBe(0);
    expect(wallTimeAt(IDLE_CLOCK, 0)).toBeNull();
  });

  it('never goes backwards if the monotonic clock reading is earlier than the start', () => {
    const c = startClock(1000);
    expect(activeElapsedMs(c, 900)).toBe(0);
    expect(pauseClock(c, 900).pausedAt).toBe(1000);
    const r = resumeClock({ ...c, pausedAt: 2000 }, 1500);
    expect(r.pausedTotalMs).toBe(0);
  });
});

/**
 * A simulated 60-minute session for every pattern: a 60 Hz frame loop with jitter and
 * occasional long frames (a throttled tab), with random pauses. Every boundary must be
 * observed at the first frame at or after its scheduled time, and its scheduled time
 * must equal start + paused + cumulative offset: no drift, ever.
 */
describe('60-minute simulated session', () => {
  function rng(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }

  for (const pattern of PATTERNS) {
    it(`${pattern.id}: every phase boundary lands exactly on schedule`, () => {
      const s = buildSchedule(pattern);
      const rand = rng(pattern.id.length * 7919);
      const start = 123_456.789;
      let clock: ClockState = startClock(start);
      let now = start;
      let lastBoundary = 0;
      let boundariesSeen = 1;
      let maxLateMs = 0;
      const sessionMs = 60 * 60 * 1000;
      let nextPauseAt = start + 30_000;
      while (activeElapsedMs(clock, now) < sessionMs) {
        const frame = rand() < 0.01 ? 1000 : 16.667 + (rand() - 0.5) * 4; // throttled or jittery frame
        now += frame;
        const elapsed = activeElapsedMs(clock, now);
        if (elapsed >= sessionMs) break;
        const pos = positionAt(s, elapsed);
        if (pos.boundaryIndex !== lastBoundary) {
          // Frames may skip whole phases while throttled; check each crossed boundary.
          for (let k = lastBoundary + 1; k <= pos.boundaryIndex; k++) {
            const scheduled = wallTimeAt(clock, boundaryOffsetMs(s, k))!;
            expect(scheduled).toBeCloseTo(
              clock.startedAt! + clock.pausedTotalMs + boundaryOffsetMs(s, k),
              9,
            );
            expect(now).toBeGreaterThanOrEqual(scheduled - 1e-6);
            boundariesSeen++;
          }
          const late = now - wallTimeAt(clock, boundaryOffsetMs(s, pos.boundaryIndex))!;
          expect(late).toBeLessThan(frame + 1e-6);
          maxLateMs = Math.max(maxLateMs, late);
          lastBoundary = pos.boundaryIndex;
        }
        if (now >= nextPauseAt) {
          const before = positionAt(s, activeElapsedMs(clock, now));
          clock = pauseClock(clock, now);
          now += 500 + rand() * 20_000;
          // Pause keeps the position inside the phase.
          expect(positionAt(s, activeElapsedMs(clock, now))).toEqual(before);
          clock = resumeClock(clock, now);
          nextPauseAt = now + 60_000 + rand() * 300_000;
        }
      }
      // All boundaries in 60 minutes were seen, exactly once each.
      const expected = Math.ceil(sessionMs / s.cycleMs) * s.phases.length;
      expect(boundariesSeen).toBeGreaterThanOrEqual(expected - s.phases.length);
      expect(boundariesSeen).toBeLessThanOrEqual(expected);
      // Boundary 60 minutes in is still an exact integer offset: no accumulation error.
      const k = Math.floor(sessionMs / s.cycleMs) * s.phases.length;
      expect(boundaryOffsetMs(s, k)).toBe(Math.floor(sessionMs / s.cycleMs) * s.cycleMs);
      expect(Number.isInteger(boundaryOffsetMs(s, k + 1))).toBe(true);
      expect(maxLateMs).toBeLessThan(1000 + 1e-6);
    });
  }

  it('box: boundary k after 60 minutes is at exactly 4000 * k ms of active time', () => {
    for (let k = 0; k <= 900; k++) expect(boundaryOffsetMs(box, k)).toBe(4000 * k);
  });
});

