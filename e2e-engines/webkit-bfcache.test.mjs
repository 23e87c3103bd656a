/**
 * WebKit's back/forward cache and IndexedDB (issue #37), in WebKitGTK 2.50 through
 * WebKitWebDriver under Xvfb, against the production build (`npm run build` first).
 *
 * A page left by full-page loads while it starts (reload, back, forward, five times
 * quickly) is kept by WebKit in its back/forward cache with its IndexedDB transactions
 * unfinished; before the fix the `authSession` and `sessions` stores stayed locked for
 * the live page, and sign-up showed 'Signing Up...' and a finished session 'Saving your
 * session…' with no end. Here both must complete on the live page, in less time than the
 * app's bounded storage wait (so the connection closing on pagehide is what freed them,
 * not the timeout), and the session must be a row in IndexedDB that the outbox then syncs.
 *
 * What it does not prove: Safari on iOS or macOS (same WebCore and JavaScriptCore, not the
 * same browser: no background suspension of an installed app, no home-screen quirks, no
 * process limits of a phone); which pages WebKit chooses to cache varies with memory; one
 * timing of the navigations, not every one.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  finishShortSession,
  openHydrated,
  readWriteWait,
  screenText,
  signUp,
  storedSessions,
} from './journeys.mjs';
import { startServer } from './server.mjs';
import { startWebKit, webkitAvailable } from './webkit.mjs';
import { skipWhenMissing } from './required.mjs';

/** The app's bounded storage wait (src/data/storageWait.ts STORAGE_WAIT_MS). */
const STORAGE_WAIT_MS = 8000;

let server;
let browser;

/**
 * Five times quickly: reload, back and forward between pages, each left some 0-150 ms
 * into its start (navigations return at once: pageLoadStrategy 'none').
 */
async function leavePagesWhileTheyStart(driver, baseURL) {
  const pause = (i) => driver.sleep((i * 37) % 150);
  for (let i = 0; i < 5; i += 1) {
    await driver.navigate().to(`${baseURL}/patterns`);
    await pause(i);
    await driver.navigate().back();
    await pause(i + 1);
    await driver.navigate().forward();
    await pause(i + 2);
    await driver.navigate().refresh();
    await pause(i + 3);
    await driver.navigate().to(`${baseURL}/session/classic?n=${i}`);
    await pause(i + 4);
    await driver.navigate().back();
    await pause(i + 5);
  }
}

before(async () => {
  if (!webkitAvailable()) return;
  server = await startServer();
  browser = await startWebKit({ pageLoadStrategy: 'none' });
});

after(async () => {
  await browser?.quit();
  await server?.stop();
});

test('after pages left while starting, sign-up and a finished session complete on the live page', {
  skip: skipWhenMissing(webkitAvailable() ? null : 'WebKitGTK is not installed (apt-get install webkit2gtk-driver xvfb xauth)'),
  timeout: 240_000,
}, async () => {
  const { driver } = browser;
  const { baseURL } = server;
  await openHydrated(driver, `${baseURL}/`);
  await leavePagesWhileTheyStart(driver, baseURL);

  const signedUp = await signUp(driver, baseURL).catch(async (e) => {
    throw new Error(`${e.message}\nOn screen: ${await screenText(driver)}`);
  });
  console.log(`# WebKit: sign-up finished ${signedUp.took} ms after the press`);
  assert.ok(signedUp.took < STORAGE_WAIT_MS, `sign-up took ${signedUp.took} ms: a store stayed locked`);

  // Signed in, each start also writes (the stored sign-in) and runs the outbox.
  await leavePagesWhileTheyStart(driver, baseURL);
  await openHydrated(driver, `${baseURL}/`);
  const lock = await readWriteWait(driver, ['authSession', 'sessions']);
  console.log(`# WebKit: a read-write transaction on authSession and sessions: ${JSON.stringify(lock)}`);
  assert.equal(lock.error, undefined, `the stores stayed locked: ${lock.error}`);

  const saving = await finishShortSession(driver, baseURL).catch(async (e) => {
    throw new Error(`${e.message}\nOn screen: ${await screenText(driver)}`);
  });
  console.log(`# WebKit: the finished session was saved ${saving} ms after Stop`);
  assert.ok(saving < STORAGE_WAIT_MS, `saving took ${saving} ms: the sessions store stayed locked`);

  const stored = await storedSessions(driver);
  assert.equal(stored.error, undefined, stored.error);
  assert.equal(stored.rows.length, 1);
  assert.equal(stored.rows[0].patternId, 'mindfulness');

  // Signed in: the outbox uploads it (WebKit has no Background Sync: the page's outbox runs).
  const saved = Date.now();
  let state = stored.rows[0].syncState;
  while (state !== 'synced' && Date.now() - saved < 30_000) {
    await driver.sleep(500);
    state = (await storedSessions(driver)).rows?.[0]?.syncState;
  }
  console.log(`# WebKit: the session synced ${Date.now() - saved} ms after it was stored (${state})`);
  assert.equal(state, 'synced');
});
