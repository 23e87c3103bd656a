import { devices, type Browser, type Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';
import { holdScripts } from './holdScripts';
import { practise } from './practise';

/**
 * The first visit paints once (issue #48 item 1): the prerendered HTML of home and the
 * hydrated page are one layout. The main landmarks (the header, main, the h1, the
 * navigation and the primary start button) are measured as HTML and CSS alone paint them
 * (every script held back except the inline pre-paint one, which runs before the first
 * paint in a real visit too) and again once the app has hydrated and read this device's
 * data; none may move by more than a pixel. On a 390x844 phone and a 1440x900 desktop,
 * first visit and returning (a session practised on this device).
 *
 * Before this change the phone's welcome card was inserted above home after hydration and
 * moved the h1 down by 367 px; this test failed there.
 *
 * Does not prove: that nothing else on the page moves (the layout-shift journey,
 * e2e/first-visit.spec.ts, measures every shift on a phone), other engines, real phones'
 * fonts; of a visit whose hints disagree with its database, only the lost practised hint
 * on a phone (its own test).
 */

const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } };
const DESKTOP = { viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false };

type Box = { x: number; y: number; width: number; height: number } | null;

/** The landmarks, by role where they have one; the primary start button by its test id. */
async function landmarks(page: Page, phone: boolean): Promise<Record<string, Box>> {
  const nav = page.getByRole('navigation', { name: phone ? 'Bottom' : 'Main' });
  const entries = {
    header: page.getByRole('banner'),
    main: page.getByRole('main'),
    h1: page.locator('main h1').first(),
    nav,
    // Both halves of home's hero are built; the pre-paint hint shows one (the other is display: none).
    start: page.getByTestId('home-start').filter({ visible: true }),
  };
  const out: Record<string, Box> = {};
  for (const [name, loc] of Object.entries(entries)) {
    out[name] = (await loc.count()) ? await loc.first().boundingBox() : null;
  }
  return out;
}

async function compare(
  browser: Browser,
  baseURL: string,
  phone: boolean,
  returning: boolean,
  hintLost = false,
) {
  const context = await browser.newContext({
    ...(phone ? PHONE : DESKTOP),
    serviceWorkers: 'block',
    baseURL,
  });
  const page = await context.newPage();
  if (returning) {
    await page.clock.install();
    await practise(page);
    await gotoHydrated(page, '/');
    await page.waitForLoadState('networkidle');
    // The pre-paint hint lost (storage half cleared, or home not opened since the session):
    // the first paint guesses a first visit, and the app then shows the returning half.
    if (hintLost) await page.evaluate(() => localStorage.removeItem('pneuma.practised'));
  }
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('main h1').first()).toBeVisible();
  const before = await landmarks(page, phone);
  await release();
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((k) =>
      k.startsWith('__reactContainer'),
    ),
  );
  await page.waitForLoadState('networkidle');
  // The device's data (flags, sessions) is read from IndexedDB after hydration.
  await page.waitForTimeout(1500);
  const after = await landmarks(page, phone);
  await context.close();
  const moved: string[] = [];
  for (const name of Object.keys(before)) {
    const a = before[name]!;
    const b = after[name]!;
    if (!a || !b) {
      moved.push(`${name}: ${a ? 'shown' : 'missing'} before, ${b ? 'shown' : 'missing'} after`);
      continue;
    }
    const dy = b.y - a.y;
    const dx = b.x - a.x;
    const dh = b.height - a.height;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (name !== 'main' && Math.abs(dh) > 1))
      moved.push(
        `${name}: moved ${dx.toFixed(0)},${dy.toFixed(0)} px, height ${a.height.toFixed(0)} -> ${b.height.toFixed(0)}`,
      );
  }
  return moved;
}

/**
 * A wrong hint changes words, never the layout: the two headlines ('Transform your
 * breathing', two lines on a phone; 'Welcome back', one) share the h1's height. With the
 * returning headline shown alone this moved the start button by 39 px on a 390 px phone.
 */
test('home: a returning phone whose pre-paint hint was lost keeps its landmarks too', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  expect(await compare(browser, baseURL!, true, true, true)).toEqual([]);
});

for (const phone of [true, false]) {
  for (const returning of [false, true]) {
    test(`home: the prerendered landmarks stay put after hydration (${phone ? '390x844 phone' : '1440x900 desktop'}, ${returning ? 'returning' : 'first visit'})`, async ({
      browser,
      baseURL,
    }) => {
      // A returning visit first practises a whole session (its 80 s on Playwright's clock),
      // which can take over a minute of real time on a loaded 2-core machine.
      if (returning) test.setTimeout(240_000);
      expect(await compare(browser, baseURL!, phone, returning)).toEqual([]);
    });
  }
}
