/**
 * Immersive session smoothness benchmark (real time, not a unit test): the production
 * build served by `npm start`, Debian's Chromium on a phone viewport (Pixel 7), the page's
 * CPU slowed 4x through the DevTools protocol (Emulation.setCPUThrottlingRate). For each
 * guide (box: the square; 4-7-8: the bloom) it traces 60 s of a running session and reads:
 *   - frames: every frame the compositor began (PipelineReporter): presented, dropped, or
 *     idle (nothing moved, e.g. the bloom on a hold). Frame time is the interval between
 *     consecutive presented frames while the guide moves; target 95 % under 17 ms;
 *   - the page's main thread: its tasks (RunTask) from the same trace, and long tasks
 *     seen by the page (PerformanceObserver 'longtask'); target none over 50 ms;
 *   - phase-boundary error on screen: for each boundary the breath clock scheduled
 *     (window.__pneumaTiming), the first presented frame that began at or after it (the
 *     shapes and words are compositor animations anchored to the breath clock), minus the
 *     boundary time; target < 20 ms. Also reported: how far the animations' anchor is from
 *     the clock, and how late the main thread wrote the phase for the screen reader.
 * The session's controls fade after 4 s, as they do for someone breathing with it.
 *
 *   npx tsx bench/immersive-frames.ts      (writes bench-results/immersive-frames.json)
 * Env: BENCH_PORT (default 18826), PNEUMA_DIST_DIR (default dist; built when older than
 * the sources), BENCH_SECONDS (default 60), BENCH_PATTERNS (default box,relaxation),
 * BENCH_CPU_RATE (default 4), CHROMIUM_PATH.
 */
import { loadavg } from 'node:os';
import { chromium, devices, type Browser, type CDPSession } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startBuiltApp } from './builtApp';
import { runBench, writeBenchResult } from './report';

const PORT = Number(process.env.BENCH_PORT ?? 18826);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PATTERNS = (process.env.BENCH_PATTERNS ?? 'box,relaxation').split(',');
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const TARGETS = { frameMs: 17, shareUnder: 0.95, longTaskMs: 50, boundaryMs: 20 };

/**
 * Installed before the app: the long tasks the page sees, kept while `on`. A string, not
 * a function: the TypeScript runner would wrap named functions in a helper the page lacks.
 */
const LONG_TASKS = `
  window.__bench = { longTasks: [], on: false };
  try {
    new PerformanceObserver((list) => {
      if (window.__bench.on) for (const e of list.getEntries()) window.__bench.longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
  } catch {}
`;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; frame_reporter?: { state?: string } };
}

/** Traces for `ms`; `beforeEnd` runs just before the trace ends (its flush is work of its own). */
async function trace(
  cdp: CDPSession,
  ms: number,
  beforeEnd: () => Promise<unknown>,
): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    categories:
      'benchmark,devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await new Promise((r) => setTimeout(r, ms));
  await beforeEnd();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;
}

/** Frames and main-thread tasks of the page's renderer, from the trace. */
function readTrace(events: TraceEvent[]) {
  const threadName = new Map<string, string>();
  for (const e of events)
    if (e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const on = (e: TraceEvent, name: string) => threadName.get(`${e.pid}:${e.tid}`) === name;
  const reporters = events
    .filter((e) => e.name === 'PipelineReporter' && e.ph === 'b' && on(e, 'Compositor'))
    .sort((a, b) => a.ts - b.ts);
  // The page's renderer: the process whose compositor reported the most frames.
  const perPid = new Map<number, number>();
  for (const r of reporters) perPid.set(r.pid, (perPid.get(r.pid) ?? 0) + 1);
  const pid = [...perPid.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const frames = reporters.filter((r) => r.pid === pid);
  const state = (r: TraceEvent) => r.args?.frame_reporter?.state ?? '';
  const presented = frames.filter((r) => state(r).startsWith('STATE_PRESENTED'));
  const dropped = frames.filter((r) => state(r) === 'STATE_DROPPED');
  const idle = frames.filter((r) => state(r) === 'STATE_NO_UPDATE_DESIRED');
  // Frame times: between consecutive presented frames, while the guide moves (an idle
  // frame in between means nothing needed drawing: a new run starts).
  const intervals: number[] = [];
  let prev: TraceEvent | null = null;
  for (const r of frames) {
    const s = state(r);
    if (s === 'STATE_NO_UPDATE_DESIRED') prev = null;
    else if (s.startsWith('STATE_PRESENTED')) {
      if (prev) intervals.push((r.ts - prev.ts) / 1000);
      prev = r;
    }
  }
  const tasks = events
    .filter((e) => e.pid === pid && e.name === 'RunTask' && e.ph === 'X' && on(e, 'CrRendererMain'))
    .map((e) => (e.dur ?? 0) / 1000);
  const mark = events.find((e) => e.name === 'pneuma-sync' && e.pid === pid);
  return { frames: frames.length, presented, dropped, idle, intervals, tasks, markTs: mark?.ts };
}

/**
 * For each phase boundary (performance.now() ms), the first presented frame that began at
 * or after it: the frame that drew the new phase. `offsetMs` maps performance.now() to the
 * trace clock. Returns how late each boundary reached the screen.
 */
function onScreenGaps(boundaries: number[], presented: TraceEvent[], offsetMs: number): number[] {
  const begins = presented.map((r) => r.ts / 1000).sort((a, b) => a - b);
  const gaps: number[] = [];
  for (const b of boundaries) {
    const at = b + offsetMs;
    const first = begins.find((t) => t >= at - 0.5);
    if (first !== undefined) gaps.push(first - at);
  }
  return gaps;
}

async function measure(browser: Browser, base: string, pattern: string) {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const page = await context.newPage();
  await page.addInitScript(LONG_TASKS);
  const url = `${base}/session/classic?pattern=${pattern}`;
  await page.goto(url);
  // Let the service worker take control first (its first 'controlling' reloads the page).
  const swDeadline = Date.now() + 60_000;
  const controlled = () =>
    page.evaluate(() => navigator.serviceWorker.controller !== null).catch(() => false);
  while (!(await controlled()) && Date.now() < swDeadline) await page.waitForTimeout(300);
  await page.waitForLoadState('load');
  await page.goto(url);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  await page.getByRole('button', { name: 'Start', exact: true }).click(); // the one 'Start', then the countdown
  await page.getByTestId('immersive-session').waitFor();
  await page.waitForTimeout(1000); // past the stage's fade-in
  // The page stops counting long tasks before the trace is flushed (that flush is the
  // measurement's own work, not the session's).
  const stopCounting = () =>
    page.evaluate(() => ((window as unknown as { __bench: { on: boolean } }).__bench.on = false));
  const startTrace = trace(cdp, SECONDS * 1000, stopCounting);
  await page.waitForTimeout(500); // the trace is running
  // A mark seen both by the page (performance.now) and in the trace maps one clock to the other.
  const [t0, markAt] = await page.evaluate(() => {
    (window as unknown as { __bench: { on: boolean } }).__bench.on = true;
    return [performance.now(), performance.mark('pneuma-sync').startTime];
  });
  const events = await startTrace;
  const raw = await page.evaluate(() => {
    const w = window as unknown as {
      __bench: { longTasks: number[]; on: boolean };
      __pneumaTiming?: {
        ui: { scheduledAt: number; actualAt: number }[];
        guideStarts?: { expectedStart: number; animationStart: number }[];
      };
    };
    return {
      longTasks: w.__bench.longTasks,
      ui: w.__pneumaTiming?.ui ?? [],
      guideStarts: w.__pneumaTiming?.guideStarts ?? [],
      guide: document.querySelector('[data-testid="breath-visual"]')?.getAttribute('data-guide'),
    };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();

  const t = readTrace(events);
  const sorted = [...t.intervals].sort((a, b) => a - b);
  const under = t.intervals.filter((d) => d < TARGETS.frameMs).length;
  const inWindow = raw.ui.filter((e) => e.scheduledAt >= t0);
  const gaps = inWindow.map((e) => e.actualAt - e.scheduledAt);
  const gapsSorted = [...gaps].sort((a, b) => a - b);
  const screen =
    t.markTs === undefined
      ? []
      : onScreenGaps(
          inWindow.map((e) => e.scheduledAt),
          t.presented,
          t.markTs / 1000 - markAt,
        );
  const screenSorted = [...screen].sort((a, b) => a - b);
  const busy = t.tasks.reduce((s, d) => s + d, 0);
  const guideErrors = raw.guideStarts.map((g) => Math.abs(g.animationStart - g.expectedStart));
  const result = {
    pattern,
    guide: raw.guide,
    frames: {
      begun: t.frames,
      presented: t.presented.length,
      dropped: t.dropped.length,
      idle: t.idle.length,
      frameTimes: sorted.length,
      shareUnder17ms: round(sorted.length ? under / sorted.length : 0, 4),
      medianMs: round(percentile(sorted, 0.5)),
      p95Ms: round(percentile(sorted, 0.95)),
      p99Ms: round(percentile(sorted, 0.99)),
      maxMs: round(sorted[sorted.length - 1] ?? NaN),
    },
    mainThread: {
      busyShare: round(busy / (SECONDS * 1000), 4),
      tasks: t.tasks.length,
      tasksOver50ms: t.tasks.filter((d) => d > TARGETS.longTaskMs).length,
      longestTaskMs: round(Math.max(0, ...t.tasks)),
      longTasksSeenByPage: raw.longTasks.length,
      longestSeenByPageMs: round(Math.max(0, ...raw.longTasks)),
    },
    phaseBoundary: {
      onScreen: {
        count: screen.length,
        meanMs: round(screen.reduce((sum, g) => sum + g, 0) / (screen.length || 1)),
        p95Ms: round(percentile(screenSorted, 0.95)),
        maxMs: round(Math.max(0, ...screen)),
        measuredAs:
          'the begin time of the first presented frame at or after each boundary (the frame that drew the new phase: shapes and words are compositor animations anchored to the breath clock), minus the boundary time; one frame is 16.7 ms',
      },
      animationAnchorMaxMs: round(Math.max(0, ...guideErrors), 3),
      pageWrite: {
        count: gaps.length,
        meanMs: round(gaps.reduce((sum, g) => sum + g, 0) / (gaps.length || 1)),
        p95Ms: round(percentile(gapsSorted, 0.95)),
        maxMs: round(Math.max(...gaps.map(Math.abs), 0)),
        measuredAs:
          "performance.now() when the page's main thread wrote the phase for the screen reader (and vibration, voice), minus the boundary time",
      },
    },
  };
  return {
    ...result,
    pass:
      result.frames.frameTimes > 0 &&
      result.frames.shareUnder17ms >= TARGETS.shareUnder &&
      result.mainThread.tasksOver50ms === 0 &&
      result.mainThread.longTasksSeenByPage === 0 &&
      result.phaseBoundary.onScreen.count > 0 &&
      result.phaseBoundary.onScreen.maxMs < TARGETS.boundaryMs &&
      result.phaseBoundary.animationAnchorMaxMs < 1,
  };
}

async function main(): Promise<void> {
  const loadAtStart = loadavg().map((v) => round(v));
  const app = await startBuiltApp(PORT, 'bench-immersive');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const runs = [];
    for (const pattern of PATTERNS) {
      console.log(`measuring ${pattern} for ${SECONDS} s at ${CPU_RATE}x CPU throttling…`);
      runs.push(await measure(browser, app.base, pattern));
    }
    const result = {
      benchmark: 'immersive-frames',
      date: new Date().toISOString(),
      browser: `Chromium ${browser.version()} (headless, --disable-gpu: software compositing), Pixel 7 viewport`,
      cpuThrottlingRate: CPU_RATE,
      seconds: SECONDS,
      targets: TARGETS,
      loadAverageAtStart: loadAtStart,
      loadAverage: loadavg().map((v) => round(v)),
      runs,
      pass: runs.every((r) => r.pass),
    };
    writeBenchResult('immersive-frames', result);
  } finally {
    await browser.close();
    app.stop();
  }
}

runBench(main);
