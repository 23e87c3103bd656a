/**
 * Lighthouse on the built app as `npm start` serves it (prerendered pages, compression,
 * service worker), on every page of PAGES, as a phone (Lighthouse's default: mobile form
 * factor, simulated slow 4G, 4x CPU) and as a desktop (its desktop preset), each twice:
 * - first visit: Lighthouse resets the origin's storage before and after each run;
 * - returning: the same browser after one plain visit (the page opened, its service worker
 *   installed and controlling), measured with the storage that visit left.
 * Three runs of each (LIGHTHOUSE_RUNS), the median of each figure next to its target.
 * Debian's Chromium, never a downloaded browser.
 *
 * What "returning" does not cover: a visitor who has practised or picked a goal (the first
 * visit leaves only what opening the page stores); Lighthouse's simulated throttling models
 * the network from the requests it saw, including those the service worker answered.
 */
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startBuiltApp } from './builtApp';
import { runBench, writeBenchResult } from './report';

const PAGES = ['/', '/patterns', '/session', '/session/classic', '/progress'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The targets of issue #48: every page, phone and desktop, first visit and returning. */
const TARGETS = { performance: 100, lcpMs: 1000, cls: 0.02, tbtMs: 100, accessibility: 100 };
const FORM_FACTORS = ['phone', 'desktop'] as const;
const VISITS = ['first', 'returning'] as const;

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
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  /** One plain visit, as a returning visitor made it: the page loaded, its service worker controlling. */
  const visit = async (url: string) => {
    const page = await browser.newPage();
    try {
      await page.goto(url, { waitUntil: 'networkidle0' });
      await page.evaluate(async () => {
        await navigator.serviceWorker?.ready;
      });
    } finally {
      await page.close();
    }
  };
  /**
   * Clears the origin's storage (service worker, caches, IndexedDB) before a returning visit.
   * Chromium answered 'Internal error' once (2026-11-29, after the phone's first visits) and
   * the whole Lighthouse run ended there: tried three times, a second apart.
   */
  const clearOrigin = async () => {
    for (let attempt = 1; ; attempt++) {
      const session = await browser.target().createCDPSession();
      try {
        await session.send('Storage.clearDataForOrigin', { origin: app.base, storageTypes: 'all' });
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((r) => setTimeout(r, 1_000));
      } finally {
        await session.detach().catch(() => undefined);
      }
    }
  };
  /** pages[formFactor][visit][path] */
  const pages: Record<
    string,
    Record<string, Record<string, { median: RunFigures; runs: RunFigures[] }>>
  > = {};
  try {
    for (const formFactor of FORM_FACTORS) {
      for (const kind of VISITS) {
        for (const path of PAGES) {
          const url = `${app.base}${path}`;
          if (kind === 'returning') {
            await clearOrigin();
            await visit(url);
          }
          const runs: RunFigures[] = [];
          for (let i = 0; i < RUNS; i++) {
            const result = await lighthouse(
              url,
              {
                port: Number(chrome.port),
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance', 'accessibility'],
                disableStorageReset: kind === 'returning',
              },
              formFactor === 'desktop' ? desktopConfig : undefined,
            );
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
          ((pages[formFactor] ??= {})[kind] ??= {})[path] = { median: m, runs };
          console.log(
            `${formFactor.padEnd(7)} ${kind.padEnd(9)} ${path.padEnd(17)} performance ${m.performance} (target ${TARGETS.performance}: ${mark(m.performance >= TARGETS.performance)}), ` +
              `LCP ${(m.lcpMs / 1000).toFixed(2)} s (<= ${TARGETS.lcpMs / 1000} s: ${mark(m.lcpMs <= TARGETS.lcpMs)}), ` +
              `CLS ${m.cls} (<= ${TARGETS.cls}: ${mark(m.cls <= TARGETS.cls)}), ` +
              `TBT ${m.tbtMs} ms (<= ${TARGETS.tbtMs} ms: ${mark(m.tbtMs <= TARGETS.tbtMs)}), ` +
              `accessibility ${m.accessibility} (target ${TARGETS.accessibility}: ${mark(m.accessibility >= TARGETS.accessibility)}); ` +
              `FCP ${(m.fcpMs / 1000).toFixed(2)} s`,
          );
        }
      }
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
    app.stop();
  }
  writeBenchResult('lighthouse', {
    lighthouse: '12.8.2',
    formFactors: {
      phone: 'mobile, simulated slow 4G, 4x CPU (Lighthouse default)',
      desktop: "Lighthouse's desktop preset (simulated desktop network and CPU)",
    },
    visits: {
      first: 'storage reset before and after each run',
      returning: 'after one plain visit (service worker controlling), storage kept',
    },
    runsPerPage: RUNS,
    targets: TARGETS,
    pages,
  });
});
