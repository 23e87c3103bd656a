/**
 * The NTP-style offset estimator (src/domain/together/clockOffset.ts) against simulated
 * networks where the true offset is known: symmetric and asymmetric paths, queueing spikes,
 * a server that takes time to answer, and broken samples. The estimate must always be within
 * its own error bound (half the kept round trip) of the truth, and keep the shortest round
 * trip (RFC 5905 § 8's clock filter, in its simplest form). Also the shared session's
 * timeline: every device that knows the start computes the same boundaries.
 *
 * What it does not prove: the real fetch timings of a browser (e2e/together.spec.ts measures
 * two browser contexts against the real server), nor a network whose two legs differ for
 * every sample (no estimator can see that: the bound holds, the centre does not).
 */
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/domain/breathClock';
import {
  estimateOffset,
  toDeviceTime,
  toServerTime,
  type TimeSample,
} from '../../../src/domain/together/clockOffset';
import { togetherEndsAt } from '../../../src/domain/together/togetherTimeline';
import { patternTimeline } from '../../../src/domain/practiceTimeline';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** One round trip on a path with the given leg delays; the server's clock is the device's + trueOffset. */
function trip(t0: number, trueOffset: number, up: number, down: number, serverMs = 0): TimeSample {
  const t1 = t0 + up + trueOffset;
  const t2 = t1 + serverMs;
  return { sentAt: t0, serverReceivedAt: t1, serverSentAt: t2, receivedAt: t2 - trueOffset + down };
}

describe('estimateOffset', () => {
  it('is exact on a symmetric path, whatever the offset sign and the server time', () => {
    for (const offset of [0, 1234.5, -98_765, 3.6e6]) {
      const e = estimateOffset([trip(1000, offset, 20, 20, 3)])!;
      expect(e.offsetMs).toBeCloseTo(offset, 9);
      expect(e.roundTripMs).toBeCloseTo(40, 9);
      expect(e.errorBoundMs).toBeCloseTo(20, 9);
    }
  });

  it('an asymmetric path is off by half the difference of the legs, inside the bound', () => {
    const e = estimateOffset([trip(0, 500, 10, 50)])!;
    expect(e.offsetMs).toBeCloseTo(500 - 20, 9);
    expect(Math.abs(e.offsetMs - 500)).toBeLessThanOrEqual(e.errorBoundMs);
  });

  it('keeps the minimum round trip among queueing spikes', () => {
    const samples = [
      trip(0, 77, 200, 15),
      trip(300, 77, 4, 4),
      trip(600, 77, 15, 300),
      trip(1000, 77, 30, 31),
    ];
    const e = estimateOffset(samples)!;
    expect(e.roundTripMs).toBeCloseTo(8, 9);
    expect(e.offsetMs).toBeCloseTo(77, 9);
    expect(e.samples).toBe(4);
    // The order of arrival does not matter.
    expect(estimateOffset([...samples].reverse())).toEqual(e);
  });

  it('3,000 random networks: the truth always lies within the bound, and more samples never widen it', () => {
    const next = rng(5905);
    for (let i = 0; i < 3_000; i++) {
      const offset = (next() - 0.5) * 1e7;
      const samples: TimeSample[] = [];
      let bound = Infinity;
      for (let k = 0; k < 8; k++) {
        const base = 2 + next() * 20;
        samples.push(
          trip(k * 100, offset, base + next() ** 4 * 500, base + next() ** 4 * 500, next() * 5),
        );
        const e = estimateOffset(samples)!;
        expect(Math.abs(e.offsetMs - offset)).toBeLessThanOrEqual(e.errorBoundMs + 1e-6);
        expect(e.errorBoundMs).toBeLessThanOrEqual(bound);
        bound = e.errorBoundMs;
      }
    }
  });

  it('drops broken samples (answers before questions, NaN, a server that answered before it received) and says null with none left', () => {
    const good = trip(0, 10, 5, 5);
    const broken: TimeSample[] = [
      { ...good, receivedAt: -1 },
      { ...good, serverReceivedAt: Number.NaN },
      { ...good, serverSentAt: good.serverReceivedAt - 1 },
      { ...good, sentAt: Number.POSITIVE_INFINITY },
    ];
    expect(estimateOffset(broken)).toBeNull();
    expect(estimateOffset([])).toBeNull();
    expect(estimateOffset([...broken, good])).toMatchObject({ offsetMs: 10, samples: 1 });
  });

  it('converts both ways', () => {
    const e = { offsetMs: 250 };
    expect(toServerTime(1000, e)).toBe(1250);
    expect(toDeviceTime(1250, e)).toBe(1000);
    expect(estimateOffset([trip(0, -40, 6, 6)])!.offsetMs).toBeCloseTo(-40, 9);
  });
});

describe('the shared session on the one timeline', () => {
  const start = Date.UTC(2026, 10, 27, 12);

  it('the server ends it where the pattern timeline every page runs ends', () => {
    for (const p of [
      { inhale: 4, hold: 4, exhale: 4, hold_after_exhale: 4 },
      { inhale: 4.25, hold: 7, exhale: 8.5, hold_after_exhale: 0 },
    ]) {
      const cycles = 37;
      const t = patternTimeline(p, cycles);
      const total = t.steps.reduce((sum, s) => sum + s.plannedMs!, 0);
      expect(togetherEndsAt(buildSchedule(p), start, cycles)).toBe(start + total);
    }
  });
});
