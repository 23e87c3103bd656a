import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, gotoHydrated, pauseClock } from './fixtures';
import { confirmEnd } from './practise';

/**
 * The first minute (docs/product.md § Sessions, § Results and scores): from home to the
 * breath in two taps, the bottom bar's play button starting the pattern shown and never
 * over the page, the guide as the largest thing on the breathing screen, one score.
 * Real Chromium, the production build, real time (the countdown is the default 3 s).
 * Not proven here: other engines (WebKit, Firefox), real phones' safe areas and
 * on-screen keyboards, every pattern's guide (box's square and 4-7-8's bloom are measured).
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box, slack = 0.5) =>
  inner.x >= outer.x - slack &&
  inner.y >= outer.y - slack &&
  inner.x + inner.width <= outer.x + outer.width + slack &&
  inner.y + inner.height <= outer.y + outer.height + slack;

/** The route table's pages (the generated route tree; a `$mode` route as classic). */
function routePages(): string[] {
  const source = readFileSync('src/routeTree.gen.ts', 'utf8');
  const block = source.slice(source.indexOf('fullPaths:'), source.indexOf('fileRoutesByTo:'));
  const all = [...block.matchAll(/'([^']+)'/g)].map((m) => m[1]!.replace(/(.)\/$/, '$1'));
  return [...new Set(all)].flatMap((p) =>
    p === '/session/$mode' ? ['/session/classic'] : p.includes('$') ? [] : [p],
  );
}

/** The guide's box and the phase words' box, once the breath runs. */
async function guideBoxes(page: Page): Promise<{ guide: Box; words: Box }> {
  const guide = await page.getByTestId('guide').boundingBox();
  const words = await page.getByTestId('phase-words').boundingBox();
  expect(guide).not.toBeNull();
  expect(words).not.toBeNull();
  return { guide: guide!, words: words! };
}

async function expectGuideIsTheHero(
  page: Page,
  viewport: { width: number; height: number },
  what: string,
) {
  const short = Math.min(viewport.width, viewport.height);
  const { guide, words } = await guideBoxes(page);
  expect(
    Math.min(guide.width, guide.height),
    `${what}: the guide's side against 60% of ${short}`,
  ).toBeGreaterThanOrEqual(0.6 * short);
  expect(inside(words, guide), `${what}: the phase words inside the guide`).toBe(true);
  expect(inside(guide, { x: 0, y: 0, ...viewport }), `${what}: the guide on screen`).toBe(true);
}

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('from /, Better Sleep and Start: 4-7-8 runs, two taps from the chosen pattern', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: /Better Sleep/ }).click();
    // The goal preselects 4-7-8: the pattern is chosen. From here, two taps.
    await expect(page.getByRole('button', { name: /4-7-8 Relaxation/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const t0 = Date.now();
    await page.getByRole('link', { name: 'Start Classic Session' }).click(); // tap 1
    await expect(page).toHaveURL(/\/session\/classic\?pattern=relaxation$/);
    await page.getByRole('button', { name: 'Start', exact: true }).click(); // tap 2
    await expect(page.getByTestId('countdown')).toHaveText('3');
    await expect(page.getByTestId('phase-label')).toHaveText('Inhale', { timeout: 10_000 });
    const seconds = (Date.now() - t0) / 1000;
    await expect(page.getByRole('heading', { level: 1 })).toContainText('4-7-8 Relaxation');
    // 4-7-8: the inhale lasts 4 s, then the hold 7 s.
    await expect(page.getByTestId('phase-label')).toHaveText('Hold', { timeout: 6_000 });
    await expect(page.getByTestId('phase-announcer')).toHaveText(/Hold, 7 seconds/);
    expect(seconds).toBeLessThan(6);
  });

  test("the play button starts the pattern chosen on home, and 'Practice again' repeats the last in one tap", async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: /Better Sleep/ }).click();
    const play = page.getByRole('link', { name: 'Practice now: 4-7-8 Relaxation' });
    await expect(play).toBeVisible();
    await play.click();
    await expect(page).toHaveURL(/\/session\/classic\?pattern=relaxation&start=now$/);
    await expect(page.getByTestId('phase-label')).toHaveText('Inhale', { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('4-7-8 Relaxation');

    // Stop asks first; under one cycle the session is kept only when the person says so.
    await page.getByRole('button', { name: 'Stop' }).click();
    await confirmEnd(page);
    await expect(page.getByRole('heading', { name: 'Session ended' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    // A first-time guest on classic sees the unlock step first.
    const unlock = page.getByRole('heading', { name: 'Your first session is done' });
    if (await unlock.isVisible().catch(() => false))
      await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'View Results' }).click();
    await expect(page.getByTestId('results')).toContainText('Ended early');
    await expect(page.getByTestId('result-duration')).toHaveText(/^\d+:\d\d$/);

    await gotoHydrated(page, '/');
    const again = page.getByRole('link', { name: 'Practice again: 4-7-8 Relaxation' });
    await expect(again).toBeVisible();
    await again.click(); // one tap
    await expect(page.getByTestId('phase-label')).toHaveText('Inhale', { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('4-7-8 Relaxation');
  });

  test('the play button never covers an interactive element, on every route of the route table', async ({
    page,
  }) => {
    for (const path of routePages()) {
      await gotoHydrated(page, path);
      await page.waitForLoadState('networkidle');
      const nav = page.getByRole('navigation', { name: 'Bottom' });
      const fab = page.locator('.bottom-nav__fab');
      if ((await fab.count()) === 0) continue; // no bar here (session, sign-in)
      const navBox = (await nav.boundingBox())!;
      const fabBox = (await fab.boundingBox())!;
      expect(inside(fabBox, navBox), `${path}: the play button sits in the bar`).toBe(true);
      for (const where of ['top', 'bottom'] as const) {
        await page.evaluate(
          (w) => window.scrollTo(0, w === 'top' ? 0 : document.documentElement.scrollHeight),
          where,
        );
        await page.waitForTimeout(50);
        const boxes = await page.evaluate(() => {
          const sel =
            'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="tab"], [tabindex]:not([tabindex="-1"])';
          return [...document.querySelectorAll<HTMLElement>(sel)]
            .filter((el) => !el.closest('.bottom-nav') && el.getClientRects().length > 0)
            .filter((el) => getComputedStyle(el).visibility !== 'hidden')
            .map((el) => {
              const r = el.getBoundingClientRect();
              return {
                name: `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 30)}`,
                x: r.x,
                y: r.y,
                width: r.width,
                height: r.height,
              };
            })
            .filter((b) => b.width > 0 && b.height > 0);
        });
        const fabNow = (await fab.boundingBox())!;
        const navNow = (await nav.boundingBox())!;
        // An element under the bar is covered by the bar (whose space the page keeps free
        // at its end), not by the button: only elements shown above the bar count.
        const covered = boxes.filter(
          (b) => intersects(b, fabNow) && b.y + b.height <= navNow.y + 1,
        );
        expect(covered, `${path} (${where})`).toEqual([]);
        // At the end of the page, nothing interactive is left under the bar.
        if (where === 'bottom') {
          const under = boxes.filter((b) => intersects(b, fabNow));
          expect(
            under,
            `${path}: at the end of the page nothing lies under the play button`,
          ).toEqual([]);
        }
      }
    }
  });
});

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`the guide is the hero (${name})`, () => {
    test.use({ viewport });

    test('classic: at least 60% of the short side, the words inside it, no jump on pause', async ({
      page,
    }) => {
      await gotoHydrated(page, '/session/classic?pattern=relaxation');
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await expect(page.getByTestId('phase-label')).toHaveText('Inhale', { timeout: 10_000 });
      await page.mouse.move(5, 5); // the controls shown: the tightest layout
      await expectGuideIsTheHero(page, viewport, `${name} classic`);
      const before = (await guideBoxes(page)).guide;
      await page.getByTestId('pause-toggle').click();
      await expect(page.getByTestId('pause-toggle')).toHaveText('Resume');
      expect((await guideBoxes(page)).guide, 'pause does not move the guide').toEqual(before);
      await page.getByTestId('pause-toggle').click();
      await expect(page.getByTestId('pause-toggle')).toHaveText('Pause');
      expect((await guideBoxes(page)).guide).toEqual(before);
      // The hold's words (4-7-8: 7 s) fit too.
      await expect(page.getByTestId('phase-label')).toHaveText('Hold', { timeout: 6_000 });
      await expectGuideIsTheHero(page, viewport, `${name} classic, hold`);
    });

    test('camera mode: the figures fold into one chip, the guide keeps 60% of the short side', async ({
      page,
    }) => {
      await gotoHydrated(page, '/session/enhanced?pattern=box');
      await page.getByRole('button', { name: 'Enable Camera' }).click({ timeout: 10_000 });
      await expect(page.getByText('Vision Active')).toBeVisible({ timeout: 45_000 });
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await expect(page.getByTestId('phase-label')).toHaveText('Inhale', { timeout: 10_000 });
      await page.mouse.move(5, 5);
      const chip = page.getByTestId('camera-chip');
      await expect(chip).toBeVisible();
      await expect(page.getByTestId('live-stillness')).toBeHidden();
      await expectGuideIsTheHero(page, viewport, `${name} camera`);
      const before = (await guideBoxes(page)).guide;
      // Expanded, the figures lie over the stage: the guide does not move.
      await chip.click();
      await expect(page.getByTestId('live-stillness')).toBeVisible();
      expect((await guideBoxes(page)).guide).toEqual(before);
      await chip.click();
      await expect(page.getByTestId('live-stillness')).toBeHidden();
    });
  });
}

test('results open short with exactly one score; a stop after 1 of 10 cycles is never Outstanding', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.clock.install();
  await gotoHydrated(page, '/session/classic?pattern=box');
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  await pauseClock(page); // time moves only by runFor from here
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(3_600);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  await page.clock.runFor(16_500); // one box cycle
  await expect(page.getByTestId('session-cycles')).toHaveText('1 / 10');
  await page.keyboard.press('Escape');
  await confirmEnd(page);
  await page.clock.resume(); // the session's time is fixed: the results may load at their pace
  await page.getByRole('button', { name: 'Continue' }).click();
  const unlock = page.getByRole('heading', { name: 'Your first session is done' });
  if (await unlock.isVisible().catch(() => false))
    await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'View Results' }).click();
  const results = page.getByTestId('results');
  await expect(results).toContainText('Ended early');
  await expect(page.getByTestId('result-duration')).toHaveText('0:17'); // 16.5 s of breathing (and the 0.1 s after the start), rounded
  await expect(page.getByTestId('result-cycles')).toHaveText('1 / 10');
  await expect(page.getByTestId('result-sentence')).toHaveText(
    'You breathed 1 of 10 cycles. Every calm breath counts.',
  );
  // Not graded at the top (issue 44): the score waits under 'More'.
  await expect(page.getByTestId('session-score')).toBeHidden();
  // One score: completion 10 (0.4) and steadiness 100 (0.35), rescaled: 52 (the cap is 59).
  await expect(page.getByTestId('session-score')).toHaveCount(1);
  await expect(page.getByTestId('session-score')).toContainText('52/100');
  await expect(page.getByTestId('quality-label')).toHaveText('Fair');
  // The analysis waits below 'More'.
  const more = page.getByTestId('results-more');
  await expect(more).not.toHaveAttribute('open', '');
  await expect(page.getByTestId('coach-device')).toBeHidden();
  await more.locator('summary').click();
  await expect(page.getByTestId('coach-device')).toBeVisible();
  const text = (await results.innerText()).replace(/\s+/g, ' ');
  expect(text).not.toMatch(/Outstanding|Quality|Overall/);
  // The one figure out of 100 that is a score of the whole session.
  expect((text.match(/\d+ ?\/ ?100/g) ?? []).map((m) => m.replace(/ /g, ''))).toEqual(['52/100']);
  await expect(page.getByTestId('session-score')).toHaveText(/^52\/100\s*Fair$/);
  expect(text).not.toMatch(/\d %/);
});
