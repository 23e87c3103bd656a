/**
 * A box session's phase boundaries in real time, in WebKitGTK (WebKitWebDriver) and
 * Firefox ESR (puppeteer-core over WebDriver BiDi), against the production build: the
 * phase label changes every 4 s, each interval within 100 ms of 4,000 ms; stopped, the
 * session is a row in IndexedDB and /results?id= (a full page load) shows its cycles.
 * The figures are printed per engine.
 *
 * What it does not prove: Safari on iOS (same engine, not the same browser: no background
 * suspension, no Low Power Mode timer throttling), a phone's CPU, audio or vibration cues
 * at those moments (only the label on screen is timed), a hidden or backgrounded tab.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { By, until } from 'selenium-webdriver';
import {
  COUNTDOWN_MS,
  SAVED_HEADING,
  STORED_SESSIONS,
  button,
  openHydrated,
  END_CONFIRM,
  pressStartFirefox,
  pressStop,
  storedSessions,
} from './journeys.mjs';
import { firefoxAvailable, startFirefox } from './firefox.mjs';
import { startServer } from './server.mjs';
import { startWebKit, webkitAvailable } from './webkit.mjs';
import { skipWhenMissing } from './required.mjs';

const PHASE_MS = 4000;
const TOLERANCE_MS = 100;
const BOUNDARIES = 4;

/**
 * In the page: records when the phase label's text changes (performance.now()) until
 * `count` changes are seen; resolves with them.
 */
const RECORD_PHASES = `
  const [count, done] = [arguments[0], arguments[arguments.length - 1]];
  const label = document.querySelector('[data-testid="phase-label"]');
  if (!label) return done({ error: 'no phase label' });
  const seen = [];
  let last = label.textContent;
  const observer = new MutationObserver(() => {
    if (label.textContent === last) return;
    last = label.textContent;
    seen.push({ phase: last, at: performance.now() });
    if (seen.length > count) { observer.disconnect(); done({ seen }); }
  });
  observer.observe(label, { childList: true, characterData: true, subtree: true });
  setTimeout(() => { observer.disconnect(); done({ seen, error: 'too few phase changes' }); }, (count + 2) * ${PHASE_MS});
`;

/** In the page: React has taken over (it marks the root when hydration starts). */
const HYDRATED =
  "Object.keys(document.getElementById('root') || {}).some((k) => k.startsWith('__reactContainer'))";


/** The one stored row is a box session, and /results?id= (a full page load) shows its cycles. */
function checkRow(stored) {
  assert.equal(stored.error, undefined, stored.error);
  assert.equal(stored.rows.length, 1);
  const [row] = stored.rows;
  assert.equal(row.patternId, 'box');
  return row;
}

function intervals(seen) {
  return seen.slice(1).map((s, i) => Math.round(s.at - seen[i].at));
}

let server;
before(async () => {
  if (webkitAvailable() || firefoxAvailable()) server = await startServer();
});
after(async () => server?.stop());

test('WebKitGTK: box phases change every 4 s within 100 ms; the finished session is a row and on /results', {
  skip: skipWhenMissing(webkitAvailable() ? null : 'WebKitGTK is not installed'),
  timeout: 120_000,
}, async () => {
  const browser = await startWebKit();
  try {
    const { driver } = browser;
    await openHydrated(driver, `${server.baseURL}/session/mobile?pattern=box`);
    await (await button(driver, 'Start')).click();
    await driver.sleep(COUNTDOWN_MS + 1500); // past the countdown and the first phase's start
    const { seen, error } = await driver.executeAsyncScript(RECORD_PHASES, BOUNDARIES);
    const ms = intervals(seen ?? []);
    console.log(`# WebKit: box phase intervals ${ms.join(', ')} ms (${seen?.map((s) => s.phase).join(' > ')})`);
    assert.equal(error, undefined, error);
    for (const m of ms) assert.ok(Math.abs(m - PHASE_MS) <= TOLERANCE_MS, `interval ${m} ms`);

    // Stop (the first press brings the faded controls back), the row, then /results.
    await pressStop(driver);
    await driver.wait(until.elementLocated(By.xpath(SAVED_HEADING)), 15_000, 'not saved');
    const row = checkRow(await storedSessions(driver));
    await openHydrated(driver, `${server.baseURL}/results?id=${row.id}`);
    const cycles = await driver.wait(until.elementLocated(By.css('[data-testid="result-cycles"]')), 15_000);
    const shown = await cycles.getText();
    console.log(`# WebKit: stored row ${row.id}, /results shows ${shown} cycles`);
    assert.equal(shown, `${row.cycleCount} / ${row.targetCycles}`);
  } finally {
    await browser.quit();
  }
});

test('Firefox ESR: box phases change every 4 s within 100 ms; the finished session is a row and on /results', {
  skip: skipWhenMissing(firefoxAvailable() ? null : 'Firefox ESR is not installed'),
  timeout: 120_000,
}, async () => {
  const browser = await startFirefox();
  try {
    const { page } = browser;
    await page.goto(`${server.baseURL}/session/mobile?pattern=box`);
    await page.waitForFunction(HYDRATED);
    await pressStartFirefox(page);
    await new Promise((r) => setTimeout(r, COUNTDOWN_MS + 1500));
    const { seen, error } = await page.evaluate(
      (script, count) =>
        new Promise((resolve) => new Function(script)(count, resolve)),
      RECORD_PHASES,
      BOUNDARIES,
    );
    const ms = intervals(seen ?? []);
    console.log(`# Firefox: box phase intervals ${ms.join(', ')} ms (${seen?.map((s) => s.phase).join(' > ')})`);
    assert.equal(error, undefined, error);
    for (const m of ms) assert.ok(Math.abs(m - PHASE_MS) <= TOLERANCE_MS, `interval ${m} ms`);

    // Stop (the first press brings the faded controls back: a plain click, no visibility wait).
    // Stop asks once ('End session?'): the answer that saves is pressed when the question shows.
    const stop = async () => {
      (await page.waitForSelector(`xpath///button[normalize-space(.)='Stop']`, { timeout: 10_000 })).click();
      await new Promise((r) => setTimeout(r, 400));
      await (await page.$(`xpath/${END_CONFIRM}`))?.click();
    };
    await stop();
    await new Promise((r) => setTimeout(r, 400));
    if (!(await page.$(`xpath/${SAVED_HEADING}`)) && (await page.$(`xpath///button[normalize-space(.)='Stop']`))) {
      await stop(); // the first press only brought the controls back
    }
    await page.waitForSelector(`xpath/${SAVED_HEADING}`, { timeout: 15_000 });
    const inPage = (script) =>
      page.evaluate((body) => new Promise((resolve) => new Function(body)(resolve)), script);
    const row = checkRow(await inPage(STORED_SESSIONS));
    await page.goto(`${server.baseURL}/results?id=${row.id}`);
    const cycles = await page.waitForSelector('[data-testid="result-cycles"]', { timeout: 15_000 });
    const shown = await cycles.evaluate((el) => el.textContent);
    console.log(`# Firefox: stored row ${row.id}, /results shows ${shown} cycles`);
    assert.equal(shown, `${row.cycleCount} / ${row.targetCycles}`);
  } finally {
    await browser.quit();
  }
});
