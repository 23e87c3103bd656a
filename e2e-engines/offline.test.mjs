/**
 * The service worker serves `/`, `/patterns` and `/session/classic` with the server
 * unreachable, in WebKitGTK (WebKitWebDriver) and Firefox ESR (puppeteer-core, BiDi),
 * against the production build. The pages are opened through a local relay (./relay.mjs)
 * that is then closed: WebDriver classic has no offline switch.
 *
 * What it does not prove: Safari on iOS (its storage eviction after 7 days without use,
 * an installed app's own storage), a phone's flaky network (the server here is gone, not
 * slow), that every route works offline (three are checked).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { leaving, waitHydrated } from './journeys.mjs';
import { firefoxAvailable, startFirefox } from './firefox.mjs';
import { startRelay } from './relay.mjs';
import { startServer } from './server.mjs';
import { startWebKit, webkitAvailable } from './webkit.mjs';
import { skipWhenMissing } from './required.mjs';

const ROUTES = ['/', '/patterns', '/session/classic'];

/** In the page: resolves once a service worker controls it. */
const CONTROLLED = `
  const done = arguments[arguments.length - 1];
  navigator.serviceWorker.ready.then(() => done(Boolean(navigator.serviceWorker.controller)), () => done(false));
`;

/** In the page: the server's health answer, or 'unreachable'. */
const HEALTH = `
  const done = arguments[arguments.length - 1];
  fetch('/api/health', { cache: 'no-store' }).then((r) => done(r.status), () => done('unreachable'));
`;

let server;
before(async () => {
  if (webkitAvailable() || firefoxAvailable()) server = await startServer();
});
after(async () => server?.stop());

test('WebKitGTK: the service worker serves three routes with the server unreachable', {
  skip: skipWhenMissing(webkitAvailable() ? null : 'WebKitGTK is not installed'),
  timeout: 120_000,
}, async () => {
  const relay = await startRelay(server.port);
  const browser = await startWebKit();
  try {
    const { driver } = browser;
    const open = async (path) => {
      await leaving(driver);
      await driver.get(`${relay.baseURL}${path}`);
      await waitHydrated(driver, `${relay.baseURL}${path}`);
    };
    await open('/');
    for (let i = 0; i < 3 && !(await driver.executeAsyncScript(CONTROLLED)); i += 1) await open('/');
    assert.equal(await driver.executeAsyncScript(CONTROLLED), true, 'no service worker controls the page');
    await relay.close();
    const served = [];
    for (const path of ROUTES) {
      await open(path);
      served.push(path);
    }
    assert.equal(await driver.executeAsyncScript(HEALTH), 'unreachable');
    console.log(`# WebKit: served offline by the service worker: ${served.join(', ')}`);
  } finally {
    await browser.quit();
    await relay.close();
  }
});

test('Firefox ESR: the service worker serves three routes with the server unreachable', {
  skip: skipWhenMissing(firefoxAvailable() ? null : 'Firefox ESR is not installed'),
  timeout: 120_000,
}, async () => {
  const relay = await startRelay(server.port);
  const browser = await startFirefox();
  try {
    const { page } = browser;
    const hydrated =
      "Object.keys(document.getElementById('root') || {}).some((k) => k.startsWith('__reactContainer'))";
    const open = async (path) => {
      await page.goto(`${relay.baseURL}${path}`);
      await page.waitForFunction(hydrated, { timeout: 20_000 });
    };
    const controlled = () =>
      page.evaluate((body) => new Promise((resolve) => new Function(body)(resolve)), CONTROLLED);
    await open('/');
    for (let i = 0; i < 3 && !(await controlled()); i += 1) await open('/');
    assert.equal(await controlled(), true, 'no service worker controls the page');
    await relay.close();
    const served = [];
    for (const path of ROUTES) {
      await open(path);
      served.push(path);
    }
    assert.equal(
      await page.evaluate((body) => new Promise((resolve) => new Function(body)(resolve)), HEALTH),
      'unreachable',
    );
    console.log(`# Firefox: served offline by the service worker: ${served.join(', ')}`);
  } finally {
    await browser.quit();
    await relay.close();
  }
});
