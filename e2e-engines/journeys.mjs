/**
 * Steps of the engine journeys written once for W3C WebDriver (selenium-webdriver): what
 * a person does on screen, found by visible text or label as a screen reader would.
 */
import { By, until } from 'selenium-webdriver';

const xpathText = (text) => `normalize-space(.)=${JSON.stringify(text)}`;

/**
 * Waits until React has taken over the page (it marks the root when hydration starts) in
 * a document that is not the one `leaving` marked (navigations may return at once).
 */
export async function waitHydrated(driver, url = null, ms = 20_000) {
  await driver.wait(
    () =>
      driver
        .executeScript(
          "return !window.__leaving && (arguments[0] === null || location.href === arguments[0]) && document.readyState === 'complete' && Object.keys(document.getElementById('root') || {}).some((k) => k.startsWith('__reactContainer'))",
          url,
        )
        .catch(() => false),
    ms,
    'the page did not hydrate',
  );
}

/** Marks the current document, so waitHydrated knows it from the next one. */
export async function leaving(driver) {
  await driver.executeScript('window.__leaving = true').catch(() => undefined);
}

export async function openHydrated(driver, url) {
  await leaving(driver);
  await driver.get(url);
  await waitHydrated(driver, new URL(url).href);
  await driver.sleep(300); // a navigation still queued from before would show itself by now
  await waitHydrated(driver, new URL(url).href);
}

/** The enabled button with exactly this text (or accessible label). */
export async function button(driver, name, ms = 15_000) {
  const locator = By.xpath(`//button[${xpathText(name)} or @aria-label=${JSON.stringify(name)}]`);
  const el = await driver.wait(until.elementLocated(locator), ms, `no button "${name}"`);
  await driver.wait(until.elementIsEnabled(el), ms, `button "${name}" stays disabled`);
  return el;
}

/** Waits until some element shows exactly this text; returns the time it took. */
export async function waitForText(driver, text, ms = 15_000) {
  const start = Date.now();
  await driver.wait(
    until.elementLocated(By.xpath(`//*[${xpathText(text)}]`)),
    ms,
    `"${text}" did not appear within ${ms} ms`,
  );
  return Date.now() - start;
}

/** The text on screen now (for failure messages). */
export async function screenText(driver) {
  return driver.executeScript('return document.body.innerText.slice(0, 600)');
}

/** The saved session's heading, shown once the session is stored. */
/** The pre-session step's default countdown (3 s) and its 0.5 s 'Breathe in', plus a frame. */
export const COUNTDOWN_MS = 3_600;

/** Presses the pre-session step's one 'Start' in Firefox (puppeteer over WebDriver BiDi). */
export async function pressStartFirefox(page) {
  const isStart = (b) => b.textContent.trim() === 'Start' && !b.disabled;
  await page.waitForFunction(
    `[...document.querySelectorAll('button')].some(${isStart.toString()})`,
    { timeout: 15_000 },
  );
  await page.evaluate(
    `[...document.querySelectorAll('button')].find(${isStart.toString()}).click()`,
  );
}

export const SAVED_HEADING =
  "//h2[normalize-space(.)='Session ended' or normalize-space(.)='Session complete']";

/**
 * Presses Stop in a running session. When the controls have faded, the first press only
 * brings them back; then it presses again.
 */
export async function pressStop(driver) {
  await (await button(driver, 'Stop')).click();
  await driver.sleep(400);
  if (!(await confirmEnd(driver))) {
    const saved = await driver.findElements(By.xpath(SAVED_HEADING));
    const stop = await driver.findElements(By.xpath("//button[normalize-space(.)='Stop']"));
    if (saved.length === 0 && stop.length > 0) await stop[0].click();
    await driver.sleep(400);
    await confirmEnd(driver);
  }
}

/** The XPath of 'End session?''s saving answer ('End session', or 'Save it anyway' under one cycle). */
export const END_CONFIRM =
  "//dialog//button[normalize-space(.)='End session' or normalize-space(.)='Save it anyway']";

/** Stop asks once ('End session?'): answers it by saving; false when no question was open. */
async function confirmEnd(driver) {
  const end = await driver.findElements(By.xpath(END_CONFIRM));
  if (end.length === 0) return false;
  await end[0].click();
  return true;
}

/** Signs a fresh account up on /auth; returns how long the sign-up took after the press. */
export async function signUp(driver, baseURL, ms = 30_000) {
  await openHydrated(driver, `${baseURL}/auth`);
  const email = `engines-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await driver.findElement(By.css('input[name="email"]')).sendKeys(email);
  await driver.findElement(By.css('input[name="password"]')).sendKeys('correct horse 42');
  await (await button(driver, 'Sign Up')).click();
  const took = await waitForText(driver, 'Your account is ready. You are signed in.', ms);
  return { email, took };
}

/**
 * Breathes one cycle of the mobile mindfulness pattern (10 s), stops, and waits for the
 * saved session's heading (shown once it is stored); returns how long saving took after Stop.
 */
export async function finishShortSession(driver, baseURL, ms = 30_000) {
  await openHydrated(driver, `${baseURL}/session/mobile?pattern=mindfulness`);
  await (await button(driver, 'Start')).click();
  await driver.sleep(COUNTDOWN_MS + 10_800);
  const start = Date.now();
  await pressStop(driver);
  await driver.wait(
    until.elementLocated(By.xpath(SAVED_HEADING)),
    ms,
    `the finished session was not saved within ${ms} ms`,
  );
  return Date.now() - start;
}

/**
 * In the page, WebDriver's asynchronous-script style (the last argument is the callback):
 * the rows of the `sessions` store, read with plain IndexedDB, bounded at 10 s.
 */
export const STORED_SESSIONS = `
  const done = arguments[arguments.length - 1];
  const timer = setTimeout(() => done({ error: 'IndexedDB did not answer in 10 s' }), 10000);
  const open = indexedDB.open('pneuma');
  open.onerror = () => done({ error: String(open.error) });
  open.onsuccess = () => {
    const db = open.result;
    const req = db.transaction('sessions').objectStore('sessions').getAll();
    req.onsuccess = () => { clearTimeout(timer); db.close(); done({ rows: req.result }); };
    req.onerror = () => { clearTimeout(timer); db.close(); done({ error: String(req.error) }); };
  };
`;

/** The rows of the page's `sessions` store. */
export async function storedSessions(driver) {
  return driver.executeAsyncScript(STORED_SESSIONS);
}

/**
 * How long a read-write transaction over `stores` waits before it completes on the live
 * page (it changes nothing: it only counts); `{ error }` after `ms` without an answer.
 */
export async function readWriteWait(driver, stores, ms = 15_000) {
  return driver.executeAsyncScript(
    `
    const [stores, ms, done] = arguments;
    const start = performance.now();
    const timer = setTimeout(() => done({ error: 'no answer in ' + ms + ' ms' }), ms);
    const open = indexedDB.open('pneuma');
    open.onerror = () => done({ error: String(open.error) });
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(stores, 'readwrite');
      stores.forEach((s) => tx.objectStore(s).count());
      tx.oncomplete = () => { clearTimeout(timer); db.close(); done({ ms: Math.round(performance.now() - start) }); };
      tx.onabort = () => { clearTimeout(timer); db.close(); done({ error: String(tx.error) }); };
    };
  `,
    stores,
    ms,
  );
}

/**
 * An expression, evaluated in the page during a camera session: the preview's video track
 * and the live panel's figures (stillness, 'Face in view', breathing).
 */
export const CAMERA_LIVE_STATE = `(() => {
  const video = document.querySelector('video[aria-label="Camera preview"]');
  const stream = video && video.srcObject;
  const track = stream && stream.getVideoTracks ? stream.getVideoTracks()[0] : undefined;
  const text = (id) => { const el = document.querySelector('[data-testid="' + id + '"]'); return el ? el.textContent : null; };
  return {
    track: track ? { readyState: track.readyState, enabled: track.enabled, muted: track.muted } : null,
    currentTime: video ? video.currentTime : null,
    width: video ? video.videoWidth : 0,
    stillness: text('live-stillness'),
    face: text('live-face'),
    breathing: text('live-breathing'),
  };
})()`;

/**
 * The camera ran with a fake device that shows no face: a live track whose frames advance,
 * a measured stillness, 'Face in view' never 'Yes' and no breathing rate. `seen` are
 * CAMERA_LIVE_STATE reads over a few seconds of the session.
 */
export function checkFacelessCamera(assert, seen) {
  const first = seen[0];
  const last = seen.at(-1);
  assert.deepEqual(
    last.track,
    { readyState: 'live', enabled: true, muted: false },
    'a live camera track',
  );
  assert.ok(last.width > 0, 'the preview shows frames');
  assert.ok(
    last.currentTime > first.currentTime + 2,
    `the preview played (${first.currentTime} -> ${last.currentTime} s)`,
  );
  assert.match(last.stillness ?? '', /^\d+%$/, 'the live panel shows a measured stillness');
  assert.ok(['No', 'Not measured'].includes(last.face), `'Face in view' reads ${last.face}`);
  assert.deepEqual(
    seen.filter((s) => s.face === 'Yes'),
    [],
    "'Face in view' said Yes with no face in view",
  );
  assert.equal(last.breathing, 'Not measured', 'no breathing rate without a face');
}

/** One line of camera figures for the test log. */
export function cameraFigures(engine, visionActiveMs, seen) {
  const [first, last] = [seen[0], seen.at(-1)];
  return (
    `# ${engine} camera: 'Vision Active' ${visionActiveMs} ms after 'Enable Camera'; preview ${last.width} px wide, ` +
    `${(last.currentTime - first.currentTime).toFixed(2)} s of video over ${seen.length} reads; ` +
    `stillness ${last.stillness}, face ${last.face}, breathing ${last.breathing}`
  );
}
