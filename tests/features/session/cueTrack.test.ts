// @vitest-environment happy-dom
/**
 * A pattern session's cues come from the cue track (features/session/usePatternCueTrack):
 * the track of a pattern's round has a cue at every boundary the breath clock has, and the
 * one follow-the-audio loop (followAudio, programs use it too) moves the guide to the
 * audio's clock, or the audio to the guide.
 *
 * Not proven here: that a browser plays the track on time (e2e/session-cue-track.spec.ts
 * decodes it in Chromium), or anything about a locked phone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boundaryOffsetMs, buildSchedule, sessionLengthMs } from '../../../src/domain/breathClock';
import { LAST_CYCLE_BELL } from '../../../src/domain/cueDesign';
import { getPattern } from '../../../src/domain/patterns';
import { patternTimeline } from '../../../src/domain/practiceTimeline';
import { cueTrackPlan } from '../../../src/domain/programs/cueTrack';
import { startRun } from '../../../src/domain/programs/timelineRun';
import { vibrationPlan } from '../../support/vibrationPlan';
import { vibrateStep } from '../../../src/features/session/cues';
import { followAudio, type CueTrackPlayer } from '../../../src/features/session/cueTrackPlayer';

describe('the cue track of a pattern', () => {
  it('box, 10 cycles: a cue on every boundary of the breath clock, to the ms; a bell with the last cycle; closing notes at the end', () => {
    const box = getPattern('box')!;
    const schedule = buildSchedule(box);
    const plan = cueTrackPlan(patternTimeline(box, 10), startRun(0), 0);
    const steps = plan.cues.filter((c) => c.stepIndex >= 0);
    expect(steps.map((c) => c.atMs)).toEqual(
      Array.from({ length: 40 }, (_, k) => boundaryOffsetMs(schedule, k)),
    );
    expect(steps.map((c) => c.kind).slice(0, 4)).toEqual(['inhale', 'hold', 'exhale', 'pause']);
    const bells = plan.cues.filter((c) => c.tone === LAST_CYCLE_BELL);
    expect(bells.map((c) => c.atMs)).toEqual([boundaryOffsetMs(schedule, 36)]);
    const closing = plan.cues.filter((c) => c.stepIndex < 0 && c.tone !== LAST_CYCLE_BELL);
    expect(closing[0]!.atMs).toBe(sessionLengthMs(schedule, 10));
    expect(plan.endsInRetention).toBe(false);
  });

  it('a pattern with retention: the round’s track ends in the hold (its stopwatch ticks), no closing notes', () => {
    const wim = getPattern('wim_hof')!;
    const plan = cueTrackPlan(patternTimeline(wim, 3, true), startRun(0), 0);
    expect(plan.endsInRetention).toBe(true);
    const last = plan.cues.filter((c) => c.stepIndex >= 0).at(-1)!;
    expect(last.kind).toBe('retention');
    expect(last.atMs).toBe(sessionLengthMs(buildSchedule(wim), 3));
  });
});

/** A player whose audio clock the test sets; only what followAudio reads. */
function fakePlayer(stepStartsMs: number[] = []) {
  const p = {
    originMs: 0,
    stepBeginsWithin: (from: number, to: number) => stepStartsMs.some((b) => b > from && b <= to),
    heard: null as number | null,
    seeks: [] as number[],
    plays: [] as number[],
    elapsedMs: () => p.heard,
    seekTo: (ms: number) => {
      p.seeks.push(ms);
      p.heard = ms;
    },
    play: async (ms?: number) => {
      if (ms !== undefined) p.plays.push(ms);
      p.heard = ms ?? p.heard;
      return true;
    },
  };
  return p;
}

describe('followAudio: the guide follows the audio clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => vi.useRealTimers());

  it('an audio steadily 70 ms behind the guide: the guide is moved to it (ALIGN), the audio left alone', () => {
    const player = fakePlayer();
    const start = performance.now();
    const aligns: [number, number][] = [];
    const stop = followAudio(player as unknown as CueTrackPlayer, {
      activeMs: (now) => now - start,
      align: (now, ms) => aligns.push([now - start, ms]),
    });
    // The audio runs at the page's rate, 70 ms behind.
    for (let i = 0; i < 3; i++) {
      player.heard = performance.now() - start + 200 - 70;
      vi.advanceTimersByTime(200);
    }
    expect(aligns.length).toBeGreaterThan(0);
    const [at, ms] = aligns[0]!;
    expect(at - ms).toBe(70);
    expect(player.seeks).toEqual([]);
    stop();
  });

  it('an audio behind the guide by a step the screen has shown (it started late): the audio catches up, the guide never steps back', () => {
    // A step begins at 1,400 ms; when the follower acts (the third look: guide at 1,500 ms, audio
    // 300 ms behind at 1,200 ms) the guide has shown it and the audio has not reached it.
    const player = fakePlayer([1400]);
    const start = performance.now();
    const aligns: number[] = [];
    const stop = followAudio(player as unknown as CueTrackPlayer, {
      activeMs: (now) => now - start + 900,
      align: (_now, ms) => aligns.push(ms),
    });
    for (let i = 0; i < 3; i++) {
      player.heard = performance.now() - start + 200 + 900 - 300;
      vi.advanceTimersByTime(200);
    }
    expect(aligns).toEqual([]);
    expect(player.seeks.length).toBe(1);
    expect(player.seeks[0]).toBe(1500);
    stop();
  });

  it('a page clock that jumps while the audio stands (a test’s fake clock, a stalled track): no ALIGN; past 1.5 s the audio is moved to the guide', () => {
    const player = fakePlayer();
    player.heard = 0;
    const start = performance.now();
    const aligns: number[] = [];
    const stop = followAudio(player as unknown as CueTrackPlayer, {
      activeMs: (now) => now - start,
      align: (_now, ms) => aligns.push(ms),
    });
    vi.advanceTimersByTime(1600);
    expect(aligns).toEqual([]);
    expect(player.seeks.length).toBe(1);
    expect(player.seeks[0]).toBeGreaterThan(1500);
    stop();
  });

  it('nothing while the session does not run (paused, a hold), and nothing before the track’s start', () => {
    const player = fakePlayer();
    player.heard = 5000;
    const aligns: number[] = [];
    const stop = followAudio(player as unknown as CueTrackPlayer, {
      activeMs: () => null,
      align: (_now, ms) => aligns.push(ms),
    });
    vi.advanceTimersByTime(2000);
    expect(aligns).toEqual([]);
    expect(player.seeks).toEqual([]);
    stop();
  });

  it('back in front with the audio stopped: it starts again at the guide’s time, and the session is told', () => {
    const player = fakePlayer();
    const start = performance.now();
    let told = 0;
    const stop = followAudio(player as unknown as CueTrackPlayer, {
      activeMs: (now) => now - start,
      align: () => {},
      onAudioStopped: () => told++,
    });
    vi.advanceTimersByTime(60_000);
    player.heard = null; // stopped by the device
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(player.plays.at(-1)).toBeCloseTo(60_000, -1);
    expect(told).toBe(1);
    stop();
  });
});

describe('vibration', () => {
  it('vibrates each step’s pattern of the vibration plan (one pulse in, two out, a long hold) where vibration exists', () => {
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    const plan = vibrationPlan(
      cueTrackPlan(patternTimeline(getPattern('box')!, 2), startRun(0), 0),
    );
    for (const v of plan.slice(0, 4)) vibrateStep(v.kind, 4000);
    expect(vibrate.mock.calls).toEqual(plan.slice(0, 4).map((v) => [v.pattern]));
    expect(vibrate.mock.calls.map(([p]) => p)).toEqual([[120], [600], [120, 140, 120], [600]]);
  });
});
