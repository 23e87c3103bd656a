// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioCueScheduler, VIBRATION, vibrateFor } from '../../../src/features/session/cues';
import {
  buildSchedule,
  pauseClock,
  startClock,
  type ClockState,
} from '../../../src/domain/breathClock';
import { getPattern } from '../../../src/domain/patterns';
import { timingProbe } from '../../../src/features/session/timingProbe';

/** A fake AudioContext whose clock is performance time / 1000 + 100 s. */
class FakeContext {
  static last: FakeContext;
  state = 'running';
  oscillators: { startAt: number; stoppedEarly: boolean; freq: number }[] = [];
  destination = {};
  constructor() {
    FakeContext.last = this;
  }
  get currentTime() {
    return performance.now() / 1000 + 100;
  }
  getOutputTimestamp() {
    return { contextTime: this.currentTime, performanceTime: performance.now() };
  }
  createGain() {
    const node = {
      gain: {
        value: 1,
        setValueAtTime() {},
        linearRampToValueAtTime() {},
        exponentialRampToValueAtTime() {},
        cancelScheduledValues() {},
      },
      connect: (n: unknown) => n,
      disconnect() {},
    };
    return node;
  }
  createOscillator() {
    const rec = { startAt: NaN, stoppedEarly: false, freq: 0 };
    this.oscillators.push(rec);
    let started = false;
    return {
      type: 'sine',
      frequency: {
        setValueAtTime: (f: number) => (rec.freq = rec.freq || f),
        linearRampToValueAtTime() {},
      },
      connect: (n: unknown) => n,
      disconnect() {},
      start: (t: number) => {
        rec.startAt = t;
        started = true;
      },
      stop: (t?: number) => {
        if (started && t === undefined) rec.stoppedEarly = true;
      },
      onended: null,
    };
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
}

describe('audio cue scheduler', () => {
  const schedule = buildSchedule(getPattern('box')!);
  let clock: ClockState;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    (window as unknown as { AudioContext: unknown }).AudioContext = FakeContext;
  });
  afterEach(() => vi.useRealTimers());

  it('plans each boundary once, ahead, at its exact time on the audio clock', () => {
    const cues = new AudioCueScheduler();
    cues.unlock();
    const start = performance.now() + 10;
    clock = startClock(start);
    cues.start(() => ({ schedule, clock, originMs: 0, endOffsetMs: 160_000, round: 1 }));
    const ctx = FakeContext.last;
    // Lookahead 3 s from now: boundary 0 (at +10 ms) only.
    expect(ctx.oscillators.map((o) => o.startAt)).toEqual([start / 1000 + 100]);
    vi.advanceTimersByTime(2000); // the pump runs every 200 ms: boundary 1 (4 s) enters the window
    expect(ctx.oscillators.map((o) => Math.round((o.startAt - 100) * 1000 - start))).toEqual([
      0, 4000,
    ]);
    vi.advanceTimersByTime(20_000);
    const offsets = ctx.oscillators.map((o) => Math.round((o.startAt - 100) * 1000 - start));
    expect(offsets).toEqual([0, 4000, 8000, 12000, 16000, 20000, 24000]);
    expect(new Set(offsets).size).toBe(offsets.length); // never twice
    // Distinct tones: inhale and exhale differ.
    expect(ctx.oscillators[0]!.freq).not.toBe(ctx.oscillators[2]!.freq);
    expect(timingProbe()!.audioPlanned.length).toBeGreaterThanOrEqual(7);
    cues.dispose();
  });

  it('cancels tones not yet played on pause and plans nothing while paused; stops at the end', () => {
    const cues = new AudioCueScheduler();
    cues.unlock();
    const start = performance.now();
    clock = startClock(start);
    cues.start(() => ({ schedule, clock, originMs: 0, endOffsetMs: 8000, round: 1 }));
    vi.advanceTimersByTime(2000);
    const ctx = FakeContext.last;
    const planned = ctx.oscillators.length;
    clock = pauseClock(clock, performance.now());
    cues.cancelAll();
    expect(ctx.oscillators.filter((o) => o.stoppedEarly).length).toBeGreaterThan(0);
    vi.advanceTimersByTime(10_000);
    expect(ctx.oscillators.length).toBe(planned);
    cues.stop();
  });

  it('is silent when muted', () => {
    const cues = new AudioCueScheduler();
    cues.unlock();
    cues.setEnabled(false);
    clock = startClock(performance.now());
    cues.start(() => ({ schedule, clock, originMs: 0, endOffsetMs: 160_000, round: 1 }));
    vi.advanceTimersByTime(5000);
    expect(FakeContext.last.oscillators).toEqual([]);
    cues.dispose();
  });

  it('vibrates a distinct pattern per phase where vibration exists', () => {
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    vibrateFor('inhale');
    vibrateFor('exhale');
    expect(vibrate.mock.calls).toEqual([[VIBRATION.inhale], [VIBRATION.exhale]]);
    expect(new Set(Object.values(VIBRATION).map((v) => v.join(','))).size).toBe(4);
  });
});
