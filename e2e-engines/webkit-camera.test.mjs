/**
 * A camera session in WebKitGTK (WebKitWebDriver, MiniBrowser under Xvfb) against the
 * production build, with WebKit's mock capture device (the WebKitSettings
 * `enable-media-stream` and `enable-mock-capture-devices`, given to MiniBrowser as options;
 * under automation WebKit grants the camera without a prompt): the enhanced session's
 * screens as the Chromium camera journey (e2e/vision.spec.ts) walks them: in the one
 * pre-session step 'Enable Camera', 'Vision Active', then its one 'Start', then a few real seconds of breathing. The mock
 * device draws a moving test card with no face: a live track whose frames advance, a
 * measured stillness, 'Face in view' never 'Yes', breathing 'Not measured'. Where this
 * WebKit build has no camera API at all, the test is skipped and says so (under CI=true it
 * fails instead).
 *
 * What it does not prove: Safari on iOS (its camera prompt, its 'user' camera, a phone's
 * CPU running the face detector), a real webcam or a real face in WebKit (the mock device
 * has none, so face presence, posture and breathing rate are never measured here), the
 * figures on /results.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  CAMERA_LIVE_STATE,
  button,
  cameraFigures,
  checkFacelessCamera,
  openHydrated,
  screenText,
  waitForText,
} from './journeys.mjs';
import { startServer } from './server.mjs';
import { startWebKit, webkitAvailable } from './webkit.mjs';
import { IN_CI, skipWhenMissing } from './required.mjs';

const MOCK_CAMERA = ['--enable-media-stream=true', '--enable-mock-capture-devices=true'];

let server;
before(async () => {
  if (webkitAvailable()) server = await startServer();
});
after(async () => {
  await server?.stop();
});

test("WebKitGTK: a camera session with WebKit's mock camera (live track, measured stillness, no face claimed)", {
  skip: skipWhenMissing(webkitAvailable() ? null : 'WebKitWebDriver, MiniBrowser or Xvfb is not installed'),
  timeout: 120_000,
}, async (t) => {
  const browser = await startWebKit({ browserArgs: MOCK_CAMERA });
  try {
    const { driver } = browser;
    await openHydrated(driver, `${server.baseURL}/session/enhanced?pattern=energizing`);
    const devices = await driver.executeAsyncScript(`
      const done = arguments[arguments.length - 1];
      if (!navigator.mediaDevices || !navigator.mediaDevices.enumerateDevices) return done(null);
      navigator.mediaDevices.enumerateDevices().then((d) => done(d.map((x) => x.kind)), () => done([]));`);
    if (!devices?.includes('videoinput')) {
      if (IN_CI) throw new Error(`this WebKitGTK build offers no fake camera (media devices: ${JSON.stringify(devices)}): required under CI=true`);
      t.skip(`this WebKitGTK build offers no fake camera (media devices: ${JSON.stringify(devices)})`);
      return;
    }
    // The one pre-session step: the camera first, then its one 'Start' (no second start).
    await (await button(driver, 'Enable Camera')).click();
    const visionActive = await waitForText(driver, 'Vision Active', 60_000).catch(async (e) => {
      throw new Error(`${e.message}; on screen: ${await screenText(driver)}`);
    });
    await (await button(driver, 'Start')).click();
    await driver.wait(
      () => driver.executeScript("return Boolean(document.querySelector('[data-testid=\"session-cycles\"]'))"),
      15_000,
      'the session did not start',
    );

    // A few real seconds of breathing with the camera on; the face tile is read all along.
    const seen = [];
    for (const until = Date.now() + 6_000; Date.now() < until; ) {
      seen.push(await driver.executeScript(`return ${CAMERA_LIVE_STATE}`));
      await driver.sleep(500);
    }
    console.log(cameraFigures('WebKitGTK', visionActive, seen));
    checkFacelessCamera(assert, seen);
  } finally {
    await browser.quit();
  }
});
