/**
 * A camera session in Firefox ESR (puppeteer-core over WebDriver BiDi) against the
 * production build, with Firefox's own fake camera (`media.navigator.streams.fake`, the
 * permission prompt off): the enhanced session's screens as the Chromium camera journey
 * (e2e/vision.spec.ts) walks them: in the one pre-session step 'Enable Camera', 'Vision
 * Active', then its one 'Start', then a few real seconds of breathing. It checks that the camera really runs in
 * Gecko: the preview holds a live video track whose frames advance, the live panel shows a
 * measured stillness (a percentage) and an honest face state, and since Firefox's fake
 * stream is a coloured test picture with no face, 'Face in view' never reads 'Yes' and the
 * breathing rate is 'Not measured'.
 *
 * What it does not prove: a real webcam or a real face in Firefox (the fake stream has
 * none, so face presence, posture and breathing rate are never measured here), Firefox for
 * Android's camera permission prompt, the figures on /results, and that Gecko's frames
 * yield the same stillness as Chromium's for the same scene.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CAMERA_LIVE_STATE, cameraFigures, checkFacelessCamera } from './journeys.mjs';
import { firefoxAvailable, startFirefox } from './firefox.mjs';
import { startServer } from './server.mjs';
import { skipWhenMissing } from './required.mjs';

const HYDRATED =
  "Object.keys(document.getElementById('root') || {}).some((k) => k.startsWith('__reactContainer'))";

/** Firefox's fake camera, and no permission prompt (the test cannot answer one). */
const FAKE_CAMERA_PREFS = {
  'media.navigator.streams.fake': true,
  'media.navigator.permission.disabled': true,
};

const byText = (text) => `xpath///*[normalize-space(.)=${JSON.stringify(text)}]`;
const buttonNamed = (text) => `xpath///button[normalize-space(.)=${JSON.stringify(text)}]`;

let server;
before(async () => {
  if (firefoxAvailable()) server = await startServer();
});
after(async () => {
  await server?.stop();
});

test("Firefox ESR: a camera session with Firefox's fake camera (live track, measured stillness, no face claimed)", {
  skip: skipWhenMissing(firefoxAvailable() ? null : 'Firefox ESR is not installed'),
  timeout: 120_000,
}, async () => {
  const browser = await startFirefox({ prefs: FAKE_CAMERA_PREFS });
  try {
    const { page } = browser;
    const logged = [];
    page.on('console', (m) => logged.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => logged.push(`pageerror: ${e.message}`));
    await page.goto(`${server.baseURL}/session/enhanced?pattern=energizing`);
    await page.waitForFunction(HYDRATED);
    // The one pre-session step: the camera first, then its one 'Start' (no second start).
    await (await page.waitForSelector(buttonNamed('Enable Camera'), { timeout: 15_000 })).click();
    const start = Date.now();
    await page.waitForSelector(byText('Vision Active'), { timeout: 60_000 }).catch(async (e) => {
      const screen = await page.evaluate('document.body.innerText.slice(0, 600)').catch(() => '?');
      const state = await page.evaluate(CAMERA_LIVE_STATE).catch(() => '?');
      throw new Error(`${e.message}; on screen: ${screen}; camera: ${JSON.stringify(state)}; console: ${logged.join('\n')}`);
    });
    const visionActive = Date.now() - start;
    await (await page.waitForSelector(buttonNamed('Start'), { timeout: 15_000 })).click();
    await page.waitForSelector('[data-testid="session-cycles"]', { timeout: 15_000 });

    // A few real seconds of breathing with the camera on; the face tile is read all along.
    const seen = [];
    for (const until = Date.now() + 6_000; Date.now() < until; ) {
      seen.push(await page.evaluate(CAMERA_LIVE_STATE));
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log(cameraFigures('Firefox', visionActive, seen));
    checkFacelessCamera(assert, seen);
  } finally {
    await browser.quit();
  }
});
