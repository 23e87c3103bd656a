/**
 * An account in Firefox ESR (puppeteer-core over WebDriver BiDi), against the production
 * build: a guest finishes a short session, signs up on /auth, answers the guest-sessions
 * dialog ('Add 1 session to my account'), and the session is synced (its row in IndexedDB
 * says so). WebKitGTK's sign-up runs in webkit-bfcache.test.mjs.
 *
 * What it does not prove: Firefox for Android (same Gecko, not the same browser: no
 * install, other storage limits), a sign-in with an existing account, the upload through
 * the service worker's Background Sync (Firefox has none: the page's outbox uploads).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { COUNTDOWN_MS, END_CONFIRM, SAVED_HEADING, STORED_SESSIONS, pressStartFirefox } from './journeys.mjs';
import { firefoxAvailable, startFirefox } from './firefox.mjs';
import { startServer } from './server.mjs';
import { skipWhenMissing } from './required.mjs';

const HYDRATED =
  "Object.keys(document.getElementById('root') || {}).some((k) => k.startsWith('__reactContainer'))";

let server;
before(async () => {
  if (firefoxAvailable()) server = await startServer();
});
after(async () => {
  await server?.stop();
});

test('Firefox ESR: a guest session, sign-up with the guest-sessions dialog, and the session synced', {
  skip: skipWhenMissing(firefoxAvailable() ? null : 'Firefox ESR is not installed'),
  timeout: 150_000,
}, async () => {
  const browser = await startFirefox();
  try {
    const { page } = browser;
    const { baseURL } = server;
    const inPage = (script) => page.evaluate((body) => new Promise((resolve) => new Function(body)(resolve)), script);

    // One cycle of the mobile mindfulness pattern (10 s) as a guest, then Stop.
    await page.goto(`${baseURL}/session/mobile?pattern=mindfulness`);
    await page.waitForFunction(HYDRATED);
    await pressStartFirefox(page);
    await new Promise((r) => setTimeout(r, COUNTDOWN_MS + 10_800));
    // Stop asks once ('End session?'): the answer that saves is pressed when the question shows.
    const stop = async () => {
      (await page.waitForSelector(`xpath///button[normalize-space(.)='Stop']`, { timeout: 10_000 })).click();
      await new Promise((r) => setTimeout(r, 400));
      await (await page.$(`xpath/${END_CONFIRM}`))?.click();
    };
    await stop();
    await new Promise((r) => setTimeout(r, 400));
    if (!(await page.$(`xpath/${SAVED_HEADING}`)) && (await page.$(`xpath///button[normalize-space(.)='Stop']`))) await stop();
    await page.waitForSelector(`xpath/${SAVED_HEADING}`, { timeout: 15_000 });
    const guest = await inPage(STORED_SESSIONS);
    assert.equal(guest.error, undefined, guest.error);
    assert.equal(guest.rows.length, 1);
    assert.equal(guest.rows[0].syncState, 'guest');

    // Sign up on /auth.
    await page.goto(`${baseURL}/auth`);
    await page.waitForFunction(HYDRATED);
    await page.type('input[name="email"]', `engines-ff-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`);
    await page.type('input[name="password"]', 'correct horse 42');
    const pressed = Date.now();
    await (await page.waitForSelector(`xpath///button[normalize-space(.)='Sign Up']`)).click();
    await page.waitForSelector(`xpath///*[normalize-space(.)='Your account is ready. You are signed in.']`, { timeout: 30_000 });
    const signedUp = Date.now() - pressed;

    // The guest-sessions dialog: add the session to the new account.
    const add = await page.waitForSelector(`xpath///button[normalize-space(.)='Add 1 session to my account']`, { timeout: 20_000 });
    await add.click();
    const added = Date.now();
    let rows = [];
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const now = await inPage(STORED_SESSIONS);
      rows = now.rows ?? [];
      if (rows.length === 1 && rows[0].syncState === 'synced') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const synced = Date.now() - added;
    console.log(`# Firefox: sign-up ${signedUp} ms after the press; the guest session synced ${synced} ms after 'Add 1 session to my account'`);
    assert.deepEqual(rows.map((r) => r.syncState), ['synced']);
    assert.ok(rows[0].userId, 'the synced session names its account');
  } finally {
    await browser.quit();
  }
});
