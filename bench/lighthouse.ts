/**
 * Lighthouse on the built app as `npm start` serves it (prerendered pages, compression,
 * service worker): mobile form factor with simulated slow 4G and 4x CPU (Lighthouse's
 * default), three runs per page, the median of each figure next to its target
 * (pages paint before JavaScript). Debian's Chromium, never a downloaded browser.
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startBuiltApp } from './builtApp';
import { runBench, writeBenchResult } from './report';

const PAGES = ['/', '/patterns', '/session', '/session/classic', '/progress'];
const RUNS = 3;
const TARGETS = { performance: 100, lcpMs: 1200, cls: 0.02, accessibility: 100 };

interface RunFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function mark(ok: boolean): string {
  return ok ? 'meets' : 'MISSES';
}

runBench(async () => {
  const app = await startBuiltApp(Number(process.env.LIGHTHOUSE_PORT ?? 8841), 'lighthouse');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const pages: Record<string, { median: RunFigures; runs: RunFigures[] }> = {};
  try {
    for (const path of PAGES) {
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${app.base}${path}`, {
          port: Number(chrome.port),
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`);
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          lcpMs: Math.round(numeric('largest-contentful-paint')),
          cls: Number(numeric('cumulative-layout-shift').toFixed(4)),
          fcpMs: Math.round(numeric('first-contentful-paint')),
          tbtMs: Math.round(numeric('total-blocking-time')),
        });
      }
      const m: RunFigures = {
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        cls: median(runs.map((r) => r.cls)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
      };
      pages[path] = { median: m, runs };
      console.log(
        `${path.padEnd(17)} performance ${m.performance} (target ${TARGETS.performance}: ${mark(m.performance >= TARGETS.performance)}), ` +
          `LCP ${(m.lcpMs / 1000).toFixed(2)} s (< ${TARGETS.lcpMs / 1000} s: ${mark(m.lcpMs < TARGETS.lcpMs)}), ` +
          `CLS ${m.cls} (< ${TARGETS.cls}: ${mark(m.cls < TARGETS.cls)}), ` +
          `accessibility ${m.accessibility} (target ${TARGETS.accessibility}: ${mark(m.accessibility >= TARGETS.accessibility)}); ` +
          `FCP ${(m.fcpMs / 1000).toFixed(2)} s, TBT ${m.tbtMs} ms`,
      );
    }
  } finally {
    await chrome.kill();
    app.stop();
  }
  writeBenchResult('lighthouse', {
    lighthouse: '12.8.2 (mobile, simulated slow 4G, 4x CPU)',
    runsPerPage: RUNS,
    targets: TARGETS,
    pages,
  });
});
