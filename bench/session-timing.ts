/**
 * Breath timing benchmark (real time, not a unit test): runs a real classic box session
 * (10 cycles x 16 s = 160 s, plus a 5 s pause at about 60 s) in Debian's Chromium against
 * the production build served by `npm start`, and measures, for every phase boundary the
 * breath clock scheduled:
 *   - UI gap: when the frame callback wrote the new phase to the DOM (window.__pneumaTiming.ui);
 *   - audio gap: when the session's one cue track (an <audio> element playing the rendered
 *     cues, features/session/cueTrackPlayer) reached the boundary, from its currentTime
 *     read every frame (window.__pneumaCueTrack gives the track's origin and boundaries);
 * and reports max / mean / p95 of each, plus the drift (slope of gap over session time).
 * Target: every gap under 20 ms, no cumulative drift.
 * Not measured: the speaker's output latency (the media pipeline's position is read, not the
 * sound in the room), a locked phone, or a page the browser hides.
 *
 *   npx tsx bench/session-timing.ts      (writes bench-results/session-timing.json)
 * Env: BENCH_PORT (default 18810), CHROMIUM_PATH, BENCH_PATTERN (default box).
 */
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startBuiltApp } from './builtApp';
import { runBench, writeBenchResult } from './report';

const PORT = Number(process.env.BENCH_PORT ?? 18810);
const PATTERN = process.env.BENCH_PATTERN ?? 'box';
const TARGET_MS = 20;

interface Stats {
  count: number;
  medianMs: number;
  maxMs: number;
  meanMs: number;
  p95Ms: number;
  minMs: number;
  over20ms: number;
  /** Least-squares slope of the gap against session time, ms per minute (drift). */
  driftMsPerMinute: number;
}

function stats(points: { t: number; gap: number }[]): Stats {
  const gaps = points.map((p) => p.gap).sort((a, b) => a - b);
  const n = gaps.length;
  if (!n)
    return {
      count: 0,
      medianMs: NaN,
      maxMs: NaN,
      meanMs: NaN,
      p95Ms: NaN,
      minMs: NaN,
      over20ms: 0,
      driftMsPerMinute: NaN,
    };
  const mean = gaps.reduce((s, g) => s + g, 0) / n;
  const tMean = points.reduce((s, p) => s + p.t, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - tMean) * (p.gap - mean);
    den += (p.t - tMean) ** 2;
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    count: n,
    medianMs: round(gaps[Math.floor(n / 2)]!),
    maxMs: round(Math.max(...gaps.map(Math.abs))),
    meanMs: round(mean),
    p95Ms: round(gaps[Math.min(n - 1, Math.floor(n * 0.95))]!),
    minMs: round(gaps[0]!),
    over20ms: gaps.filter((g) => Math.abs(g) >= TARGET_MS).length,
    driftMsPerMinute: round(den ? (num / den) * 60_000 : 0),
  };
}

/** One look at the cue track: performance.now() and the session's active ms by the audio. */
interface AudioSample {
  perf: number;
  activeMs: number;
  paused: boolean;
}

/**
 * The performance time at which the audio was at `activeMs`: a least-squares line through
 * the samples within 1.5 s of it, taken from one stretch of playing (a pause splits them).
 */
function audioTimeAt(samples: AudioSample[][], activeMs: number): number | null {
  for (const run of samples) {
    const near = run.filter((s) => Math.abs(s.activeMs - activeMs) <= 1500);
    if (near.length < 10) continue;
    const lo = Math.min(...near.map((s) => s.activeMs));
    const hi = Math.max(...near.map((s) => s.activeMs));
    if (activeMs < lo || activeMs > hi) continue;
    const n = near.length;
    const mx = near.reduce((a, s) => a + s.activeMs, 0) / n;
    const my = near.reduce((a, s) => a + s.perf, 0) / n;
    let num = 0;
    let den = 0;
    for (const s of near) {
      num += (s.activeMs - mx) * (s.perf - my);
      den += (s.activeMs - mx) ** 2;
    }
    if (!den) continue;
    return my + (num / den) * (activeMs - mx);
  }
  return null;
}

/** Splits the samples into stretches of playing (paused looks and jumps end a stretch). */
function playingRuns(samples: AudioSample[]): AudioSample[][] {
  const runs: AudioSample[][] = [];
  let run: AudioSample[] = [];
  let prev: AudioSample | null = null;
  for (const s of samples) {
    const jump = prev !== null && Math.abs(s.perf - prev.perf - (s.activeMs - prev.activeMs)) > 100;
    if (s.paused || jump) {
      if (run.length) runs.push(run);
      run = [];
    }
    if (!s.paused) run.push(s);
    prev = s;
  }
  if (run.length) runs.push(run);
  return runs;
}

async function main(): Promise<void> {
  const loadAtStart = loadavg().map((v) => Math.round(v * 100) / 100);
  const app = await startBuiltApp(PORT, 'bench-timing');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage();
    const url = `/session/classic?pattern=${PATTERN}`;
    await page.goto(app.base + url);
    // Let the service worker take control first (its first 'controlling' reloads the page).
    for (let i = 0; i < 100; i++) {
      const controlled = await page
        .evaluate(() => Boolean(navigator.serviceWorker.controller))
        .catch(() => false);
      if (controlled) break;
      await page.waitForTimeout(300);
    }
    await page.waitForLoadState('load');
    await page.goto(app.base + url);
    await page.getByRole('button', { name: 'Start', exact: true }).waitFor();

    // Every frame, where the cue track's <audio> is (the session's active ms by the audio).
    // A string: tsx would wrap a named function in a helper the page does not have.
    await page.evaluate(`(() => {
      const looks = [];
      window.__benchAudio = looks;
      const look = () => {
        const a = document.querySelector('audio[data-testid="session-cue-track"]');
        const track = window.__pneumaCueTrack;
        if (a && track && a.currentTime > 0)
          looks.push({ perf: performance.now(), activeMs: track.originMs + a.currentTime * 1000, paused: a.paused });
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    })()`);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.getByTestId('phase-label').waitFor();
    const startedAt = Date.now();
    // A 5 s pause about a minute in: boundaries after it must still be on time.
    await page.waitForTimeout(61_000);
    await page.getByTestId('pause-toggle').click();
    await page.waitForTimeout(5000);
    await page.getByTestId('pause-toggle').click();
    await page.getByRole('heading', { name: 'Session complete' }).waitFor({ timeout: 240_000 });
    const wallSeconds = (Date.now() - startedAt) / 1000;

    const raw = await page.evaluate(() => {
      const w = window as unknown as {
        __pneumaTiming: {
          ui: { boundary: number; scheduledAt: number; actualAt: number; phase: string }[];
        };
        __pneumaCueTrack: { originMs: number; onsetsMs: number[] };
        __benchAudio: AudioSample[];
      };
      return {
        ui: w.__pneumaTiming.ui,
        boundariesMs: w.__pneumaCueTrack.onsetsMs.map((ms) => w.__pneumaCueTrack.originMs + ms),
        samples: w.__benchAudio,
      };
    });
    const t0 = Math.min(...raw.ui.map((e) => e.scheduledAt));
    const uiPoints = raw.ui.map((e) => ({
      t: e.scheduledAt - t0,
      gap: e.actualAt - e.scheduledAt,
    }));
    // Each boundary of the track: when the audio reached it, against the clock's boundary
    // time nearest to that moment (within 200 ms).
    const runs = playingRuns(raw.samples);
    const audioPoints: { t: number; gap: number }[] = [];
    const unmatched: number[] = [];
    raw.boundariesMs.forEach((ms, k) => {
      const heard = audioTimeAt(runs, ms);
      let best: number | null = null;
      if (heard !== null)
        for (const e of raw.ui)
          if (best === null || Math.abs(e.scheduledAt - heard) < Math.abs(best - heard))
            best = e.scheduledAt;
      if (heard !== null && best !== null && Math.abs(best - heard) < 200)
        audioPoints.push({ t: best - t0, gap: heard - best });
      else unmatched.push(k);
    });
    const ui = stats(uiPoints);
    const audio = stats(audioPoints);
    const result = {
      benchmark: 'session-timing',
      date: new Date().toISOString(),
      browser: `Chromium ${browser.version()} (headless, --disable-gpu)`,
      pattern: PATTERN,
      session: {
        targetCycles: 10,
        wallSeconds: Math.round(wallSeconds * 10) / 10,
        pauseSeconds: 5,
      },
      boundariesScheduled: 40,
      loadAverageAtStart: loadAtStart,
      loadAverage: loadavg().map((v) => Math.round(v * 100) / 100),
      ui: {
        ...ui,
        gapsMs: uiPoints.map((p) => Math.round(p.gap * 10) / 10),
        measuredAs:
          'performance.now() when the frame callback wrote the new phase to the DOM, minus the boundary time from the breath clock',
      },
      audio: {
        ...audio,
        gapsMs: audioPoints.map((p) => Math.round(p.gap * 10) / 10),
        trackBoundaries: raw.boundariesMs.length,
        audioSamples: raw.samples.length,
        unmatchedBoundaries: unmatched,
        measuredAs:
          "performance.now() at which the cue track's <audio> reached the boundary (a line through its currentTime read every frame within 1.5 s of it), minus the boundary time from the breath clock; the media pipeline's position, not the speaker's output (output latency is not in it)",
      },
      targetMs: TARGET_MS,
      pass: ui.count > 0 && audio.count > 0 && ui.over20ms === 0 && audio.over20ms === 0,
    };
    writeBenchResult('session-timing', result);
  } finally {
    await browser.close();
    app.stop();
  }
}

runBench(main);
