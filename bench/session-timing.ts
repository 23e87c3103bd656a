/**
 * Breath timing benchmark (real time, not a unit test): runs a real classic box session
 * (10 cycles x 16 s = 160 s, plus a 5 s pause at about 60 s) in Debian's Chromium against
 * the production build served by `npm start`, and measures, for every phase boundary the
 * breath clock scheduled:
 *   - UI gap: when the frame callback wrote the new phase to the DOM (window.__pneumaTiming.ui);
 *   - audio gap: when the cue tone actually appeared in the rendered audio, found by an
 *     AudioWorklet onset detector on the cue bus, mapped to performance time with
 *     AudioContext.getOutputTimestamp();
 * and reports max / mean / p95 of each, plus the drift (slope of gap over session time).
 * Target: every gap under 20 ms, no cumulative drift.
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

// The onset detector runs inside the page's AudioContext.
const WORKLET = `
class Onset extends AudioWorkletProcessor {
  constructor() { super(); this.silent = sampleRate; }
  process(inputs) {
    const ch = inputs[0] && inputs[0][0];
    if (!ch) return true;
    for (let i = 0; i < ch.length; i++) {
      if (Math.abs(ch[i]) > 0.005) {
        if (this.silent > sampleRate * 0.05) this.port.postMessage(currentTime + i / sampleRate);
        this.silent = 0;
      } else this.silent++;
    }
    return true;
  }
}
registerProcessor('onset', Onset);
`;

async function main(): Promise<void> {
  const loadAtStart = loadavg().map((v) => Math.round(v * 100) / 100);
  const app = await startBuiltApp(PORT, 'bench-timing');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    // The page's CSP (script-src 'self') refuses a blob: worklet; the probe is the bench's, not the app's.
    const page = await browser.newPage({ bypassCSP: true });
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

    await page.getByRole('button', { name: "I'm Ready to Try This" }).click();
    // 'Start Immediately' creates the AudioContext (user gesture); attach the detector in the 0.5 s before the start.
    await page.getByRole('button', { name: 'Start Immediately' }).click();
    const attached = await page.evaluate(async (code) => {
      const probe = (window as unknown as { __pneumaTiming: unknown }).__pneumaTiming as {
        audioContext?: AudioContext;
        cueBus?: AudioNode;
        onsets?: number[];
      };
      const ctx = probe?.audioContext;
      if (!ctx || !probe.cueBus) return 'no audio context';
      if (ctx.state !== 'running') await ctx.resume();
      const url = URL.createObjectURL(new Blob([code], { type: 'application/javascript' }));
      await ctx.audioWorklet.addModule(url);
      const node = new AudioWorkletNode(ctx, 'onset');
      const sink = ctx.createGain();
      sink.gain.value = 0;
      probe.cueBus.connect(node).connect(sink).connect(ctx.destination);
      probe.onsets = [];
      node.port.onmessage = (e: MessageEvent<number>) => {
        const ts = ctx.getOutputTimestamp();
        // Audio-clock time of the onset -> performance time at which it is output.
        probe.onsets!.push(ts.performanceTime! + (e.data - ts.contextTime!) * 1000);
      };
      return `ok (${ctx.state}, ${ctx.sampleRate} Hz, base latency ${(ctx.baseLatency * 1000).toFixed(1)} ms, output latency ${((ctx.outputLatency ?? 0) * 1000).toFixed(1)} ms)`;
    }, WORKLET);
    console.log('audio detector:', attached);

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
      const p = (window as unknown as { __pneumaTiming: unknown }).__pneumaTiming as {
        ui: { boundary: number; scheduledAt: number; actualAt: number; phase: string }[];
        audioPlanned: {
          boundary: number;
          scheduledAt: number;
          contextTime: number;
          cancelled?: boolean;
        }[];
        onsets?: number[];
      };
      return {
        ui: p.ui,
        audioPlanned: p.audioPlanned.filter((a) => !a.cancelled),
        cancelled: p.audioPlanned.filter((a) => a.cancelled).length,
        onsets: p.onsets ?? [],
      };
    });
    const t0 = Math.min(
      ...raw.ui.map((e) => e.scheduledAt),
      ...raw.audioPlanned.map((e) => e.scheduledAt),
    );
    const uiPoints = raw.ui.map((e) => ({
      t: e.scheduledAt - t0,
      gap: e.actualAt - e.scheduledAt,
    }));
    // Match each planned cue to the nearest detected onset (within 200 ms).
    const audioPoints: { t: number; gap: number }[] = [];
    const unmatched: number[] = [];
    for (const plan of raw.audioPlanned) {
      let best: number | null = null;
      for (const o of raw.onsets)
        if (best === null || Math.abs(o - plan.scheduledAt) < Math.abs(best - plan.scheduledAt))
          best = o;
      if (best !== null && Math.abs(best - plan.scheduledAt) < 200)
        audioPoints.push({ t: plan.scheduledAt - t0, gap: best - plan.scheduledAt });
      else unmatched.push(plan.boundary);
    }
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
        planned: raw.audioPlanned.length,
        cancelledByPause: raw.cancelled,
        detectedOnsets: raw.onsets.length,
        unmatchedBoundaries: unmatched,
        measuredAs:
          'onset of the cue tone in the rendered audio (AudioWorklet on the cue bus), mapped to performance time with getOutputTimestamp(), minus the boundary time',
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
