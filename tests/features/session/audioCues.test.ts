// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioCueScheduler, vibrateFor } from '../../../src/features/session/cues';
import { PHASE_VIBRATION } from '../../../src/domain/cueDesign';
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
        setTargetAtTime(v: number) {
          node.gain.value = v;
        },
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
        exponentialRampToValueAtTime() {},
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

  /**
   * A scheduler cueing a box session of `endOffsetMs` on a clock started `lead` ms from
   * now; `offsets()` are the planned tones' starts in ms from the clock's start.
   */
  function cueing(
    endOffsetMs: number,
    { closesSession = true, lead = 0, muted = false, round = 1 } = {},
  ) {
    const cues = new AudioCueScheduler();
    cues.unlock();
    if (muted) cues.setEnabled(false);
    const start = performance.now() + lead;
    clock = startClock(start);
    const source = () => ({ schedule, clock, originMs: 0, endOffsetMs, round, closesSession });
    cues.start(source);
    const ctx = FakeContext.last;
    const offsets = () => ctx.oscillators.map((o) => Math.round((o.startAt - 100) * 1000 - start));
    return { cues, ctx, start, offsets, source };
  }

  it('plans each boundary once, ahead, at its exact time on the audio clock', () => {
    const { cues, ctx, start, offsets } = cueing(160_000, { lead: 10 });
    // Lookahead 3 s from now: boundary 0 (at +10 ms) only.
    expect(ctx.oscillators.map((o) => o.startAt)).toEqual([start / 1000 + 100]);
    vi.advanceTimersByTime(2000); // the pump runs every 500 ms: boundary 1 (4 s) enters the window
    expect(offsets()).toEqual([0, 4000]);
    vi.advanceTimersByTime(20_000);
    expect(offsets()).toEqual([0, 4000, 8000, 12000, 16000, 20000, 24000]);
    expect(new Set(offsets()).size).toBe(offsets().length); // never twice
    // Distinct tones: inhale and exhale differ.
    expect(ctx.oscillators[0]!.freq).not.toBe(ctx.oscillators[2]!.freq);
    expect(timingProbe()!.audioPlanned.length).toBeGreaterThanOrEqual(7);
    cues.dispose();
  });

  it('cancels tones not yet played on pause and plans nothing while paused; stops at the end', () => {
    const { cues, ctx } = cueing(8000);
    vi.advanceTimersByTime(2000);
    const planned = ctx.oscillators.length;
    clock = pauseClock(clock, performance.now());
    cues.cancelAll();
    expect(ctx.oscillators.filter((o) => o.stoppedEarly).length).toBeGreaterThan(0);
    vi.advanceTimersByTime(10_000);
    expect(ctx.oscillators.length).toBe(planned);
    cues.stop();
  });

  it('is silent when muted', () => {
    const { cues, ctx } = cueing(160_000, { muted: true });
    vi.advanceTimersByTime(5000);
    expect(ctx.oscillators).toEqual([]);
    cues.dispose();
  });

  it('adds a bell to the first tone of the last cycle and two closing notes at the exact end', () => {
    // Two box cycles (32 s): the last cycle starts at 16 s, the session ends at 32 s.
    const { cues, offsets } = cueing(32_000);
    vi.advanceTimersByTime(31_000);
    expect(offsets().filter((t) => t === 16_000)).toHaveLength(2); // inhale tone + bell
    expect(offsets().filter((t) => t === 0)).toHaveLength(1); // the first cycle has no bell
    expect(offsets().filter((t) => t >= 32_000)).toEqual([32_000, 32_350]); // the closing notes
    cues.dispose();
  });

  it('plays no closing notes when a retention hold follows the round', () => {
    const { cues, offsets } = cueing(16_000, { closesSession: false });
    vi.advanceTimersByTime(15_000);
    expect(Math.max(...offsets())).toBe(12_000);
    cues.dispose();
  });

  it('plans past a minute ahead once the page is hidden (the screen is off), and a pause still cancels them', () => {
    const { cues, ctx } = cueing(160_000);
    expect(ctx.oscillators).toHaveLength(1);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    // Boundaries every 4 s up to 75 s ahead, planned at once without waiting for a timer.
    expect(ctx.oscillators.length).toBeGreaterThanOrEqual(19);
    cues.cancelAll();
    expect(ctx.oscillators.filter((o) => o.stoppedEarly).length).toBeGreaterThanOrEqual(18);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    cues.dispose();
  });

  it('lets a tone already sounding ring out on pause, but silences it when the sound is switched off', () => {
    const { cues, ctx, source } = cueing(160_000);
    vi.advanceTimersByTime(100); // the first tone has started
    cues.cancelAll();
    expect(ctx.oscillators[0]!.stoppedEarly).toBe(false);
    cues.start(() => ({ ...source(), round: 2 }));
    vi.advanceTimersByTime(4000);
    cues.setEnabled(false);
    expect(ctx.oscillators.at(-1)!.stoppedEarly).toBe(true);
    cues.dispose();
  });

  it('vibrates a distinct pattern per phase where vibration exists', () => {
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    vibrateFor('inhale');
    vibrateFor('exhale');
    expect(vibrate.mock.calls).toEqual([[PHASE_VIBRATION.inhale], [PHASE_VIBRATION.exhale]]);
    expect(new Set(Object.values(PHASE_VIBRATION).map((v) => v.join(','))).size).toBe(4);
  });
});
