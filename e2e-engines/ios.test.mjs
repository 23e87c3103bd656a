/**
 * Installing on an iPhone (issue #37), in WebKitGTK dressed as Safari on an iPhone (its
 * user agent, a 390 x 844 viewport): the 'Add to Home Screen' hint on home, once and
 * dismissible; the head carries what iOS reads when the app is added (apple-touch-icon,
 * apple-mobile-web-app-* meta, the manifest's colours); WebKit parses the app's
 * `display-mode: standalone` rules. Screenshots, under test-results/engines/:
 * webkit-iphone-install-hint.png and webkit-iphone-home.png.
 *
 * What it does not prove: Safari on iOS itself (WebKitGTK has the same WebCore, not iOS's
 * Share sheet, Home Screen or standalone window: display-mode: standalone never matches
 * here, so the rules are checked as parsed, not as applied), nor a phone's touch input.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { By, until } from 'selenium-webdriver';
import { openHydrated } from './journeys.mjs';
import { startServer } from './server.mjs';
import { startWebKit, webkitAvailable } from './webkit.mjs';
import { skipWhenMissing } from './required.mjs';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1';
const PHONE = { width: 390, height: 844 };
const OUT = 'test-results/engines';

let server;
let browser;

before(async () => {
  if (!webkitAvailable()) return;
  server = await startServer();
  browser = await startWebKit({ browserArgs: [`--user-agent=${IPHONE_SAFARI}`, '--full-screen'], screen: `${PHONE.width}x${PHONE.height}` });
});

after(async () => {
  await browser?.quit();
  await server?.stop();
});

/**
 * A phone's viewport. MiniBrowser's window (with its toolbar) cannot be narrower than about
 * 450 px, so the display itself is the phone's size (Xvfb 390 x 844) and MiniBrowser runs
 * full screen on it, without its toolbar.
 */
async function phoneViewport(driver) {
  const size = () => driver.executeScript('return [innerWidth, innerHeight, navigator.userAgent.includes("iPhone")]');
  await driver.manage().window().setRect({ width: PHONE.width, height: PHONE.height });
  await driver.wait(async () => (await size())[0] === PHONE.width, 5_000).catch(() => undefined);
  return size();
}

async function screenshot(driver, name) {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(`${OUT}/${name}`, await driver.takeScreenshot(), 'base64');
  console.log(`# WebKit: screenshot ${OUT}/${name}`);
}

test('WebKitGTK as Safari on an iPhone: the install hint once, the head iOS reads, standalone CSS parsed', {
  skip: skipWhenMissing(webkitAvailable() ? null : 'WebKitGTK is not installed (apt-get install webkit2gtk-driver xvfb xauth)'),
  timeout: 180_000,
}, async () => {
  const { driver } = browser;
  const { baseURL } = server;
  const viewport = await phoneViewport(driver);
  await openHydrated(driver, `${baseURL}/`);
  console.log(`# WebKit: phone viewport ${viewport[0]} x ${viewport[1]}`);
  assert.deepEqual(viewport, [PHONE.width, PHONE.height, true]);

  const hint = await driver.wait(until.elementLocated(By.css('[data-testid="ios-install-hint"]')), 15_000, 'no install hint');
  const text = await hint.getText();
  for (const words of ['Add Pneuma to your Home Screen', 'Share', 'Add to Home Screen', 'offline', 'full screen', 'iOS 18.4']) {
    assert.ok(text.includes(words), `the hint lacks "${words}": ${text}`);
  }
  await driver.sleep(400); // fonts and the first paint settle
  await screenshot(driver, 'webkit-iphone-install-hint.png');

  await (await hint.findElement(By.xpath(".//button[normalize-space(.)='Not now']"))).click();
  await driver.wait(async () => (await driver.findElements(By.css('[data-testid="ios-install-hint"]'))).length === 0, 5_000);
  await screenshot(driver, 'webkit-iphone-home.png');
  await openHydrated(driver, `${baseURL}/`);
  await driver.sleep(500);
  assert.equal((await driver.findElements(By.css('[data-testid="ios-install-hint"]'))).length, 0, 'the hint came back');

  const head = await driver.executeScript(`
    const meta = (n) => document.querySelector('meta[name="' + n + '"]')?.content ?? null;
    const icon = document.querySelector('link[rel="apple-touch-icon"]');
    const standalone = [];
    for (const sheet of document.styleSheets) {
      let rules = [];
      try { rules = [...sheet.cssRules]; } catch { continue; }
      for (const r of rules) if (r instanceof CSSMediaRule && /display-mode/.test(r.conditionText ?? r.media.mediaText)) standalone.push(r.media.mediaText);
    }
    return {
      capable: meta('apple-mobile-web-app-capable'),
      title: meta('apple-mobile-web-app-title'),
      statusBar: meta('apple-mobile-web-app-status-bar-style'),
      icon: icon && icon.href,
      manifest: document.querySelector('link[rel="manifest"]')?.href ?? null,
      standaloneQuery: matchMedia('(display-mode: standalone)').media,
      standaloneMatches: matchMedia('(display-mode: standalone)').matches,
      standalone,
    };`);
  console.log(`# WebKit: head ${JSON.stringify(head)}`);
  assert.equal(head.capable, 'yes');
  assert.equal(head.title, 'Pneuma');
  assert.equal(head.statusBar, 'default');
  assert.ok((await fetch(head.icon)).ok, 'apple-touch-icon not served');
  const manifest = await (await fetch(head.manifest)).json();
  assert.equal(manifest.display, 'standalone');
  assert.match(manifest.background_color, /^#[0-9a-f]{6}$/i);
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
  // WebKit knows the media feature (an unknown one would read 'not all') and kept the rules.
  assert.equal(head.standaloneQuery, '(display-mode: standalone)');
  assert.equal(head.standaloneMatches, false);
  assert.ok(head.standalone.length > 0, 'no display-mode: standalone rules in the parsed style sheets');
});
