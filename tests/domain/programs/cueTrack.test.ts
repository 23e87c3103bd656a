/**
 * The rendered cue track (docs/product.md § Programs): the WAV bytes are read back as the
 * RIFF/WAVE spec lays them out (not with the writer's code), every tone's onset is found
 * by an energy detector on the samples, and each onset must fall within 5 ms of its phase
 * boundary, boundaries taken from the program's words (4 s rising by 0.5 s every 3 cycles).
 *
 * Not proved here: that a browser's decoder plays the file at the same rate (the
 * Playwright spec e2e/programs.spec.ts decodes the page's own track with Chromium's
 * decodeAudioData and checks the onsets again), nor a real phone's speaker latency.
 */
import { describe, expect, it } from 'vitest';
import { onsetsMs, readWav } from './wavReading';
import { getBuiltInProgram } from '../../../src/domain/programs/builtInPrograms';
import { cueTrackPlan, renderWav, CUE_SAMPLE_RATE } from '../../../src/domain/programs/cueTrack';
import { buildTimeline } from '../../../src/domain/programs/timeline';
import { endStepByTap, startRun } from '../../../src/domain/programs/timelineRun';

describe('the cue track of a progressive program', () => {
  const t = buildTimeline(getBuiltInProgram('box-rising')!);
  const plan = cueTrackPlan(t, startRun(0), 0);
  const { fmt, samples } = readWav(renderWav(plan, 0.6));

  it('is a mono 8-bit PCM WAV at 8 kHz as long as the program and its closing notes', () => {
    expect(fmt).toEqual({ format: 1, channels: 1, rate: CUE_SAMPLE_RATE, bits: 8 });
    // 18 cycles: 3 at each of 4, 4.5, 5, 5.5 s per phase, then 6 at 6 s.
    const programMs = 4 * 3 * (4000 + 4500 + 5000 + 5500) + 4 * 6 * 6000;
    expect(samples.length / CUE_SAMPLE_RATE).toBeGreaterThan(programMs / 1000);
    expect(samples.length / CUE_SAMPLE_RATE).toBeLessThan(programMs / 1000 + 4);
  });

  it('starts a tone within 5 ms of every phase boundary, and nowhere else', () => {
    const expected: number[] = [];
    let at = 0;
    for (let c = 0; c < 18; c++) {
      const phase = Math.min(4000 + 500 * Math.floor(c / 3), 6000);
      for (let i = 0; i < 4; i++) {
        expected.push(at);
        at += phase;
      }
    }
    const found = onsetsMs(samples, fmt.rate);
    // The boundaries, then the two closing notes at the end (a fifth apart, 350 ms).
    expect(found.length).toBe(expected.length + 1);
    expected.forEach((ms, k) => expect(Math.abs(found[k]! - ms)).toBeLessThanOrEqual(5));
    expect(Math.abs(found[expected.length]! - at)).toBeLessThanOrEqual(5);
  });
});

describe('the cue track of a Wim Hof round', () => {
  const t = buildTimeline(getBuiltInProgram('wim-hof')!);

  it('ends in the retention, ticking every 30 s, and the next track starts at the tap', () => {
    const first = cueTrackPlan(t, startRun(0), 0);
    expect(first.endsInRetention).toBe(true);
    const found = onsetsMs(readWav(renderWav(first, 0.6)).samples, CUE_SAMPLE_RATE, 100);
    // 30 breaths of 2 s in, 1 s out; the retention at 90 s; its ticks at 120 s, 150 s ...
    const breaths = Array.from({ length: 30 }, (_, i) => [i * 3000, i * 3000 + 2000]).flat();
    const ticks = Array.from({ length: 29 }, (_, i) => 90_000 + 30_000 * (i + 1));
    const expected = [...breaths, 90_000, ...ticks];
    expect(found.length).toBe(expected.length);
    expected.forEach((ms, k) => expect(Math.abs(found[k]! - ms)).toBeLessThanOrEqual(5));

    const run = endStepByTap(t, startRun(0), 90_000 + 71_234);
    const next = cueTrackPlan(t, run, 61);
    expect(next.originMs).toBe(161_234);
    expect(next.cues[0]).toMatchObject({ atMs: 0, stepIndex: 61 });
    expect(next.cues[1]).toMatchObject({ atMs: 15_000, stepIndex: 62 });
  });
});
