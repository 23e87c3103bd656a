import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, gotoHydrated, signUpFresh } from './fixtures';
import { waitForStillStyles } from './a11y';
import { openResults, practise } from './practise';

/**
 * Screenshots for review (docs/product.md § Around the practice): home (first visit and
 * returning), session intro, results, profile and settings at phone (320 and 390) and
 * desktop (1440) width, light and dark, to
 * test-results/screens/ (stable names). The checks of every route (sideways scroll, targets,
 * axe, titles, developer text) are e2e/every-route.spec.ts.
 * Not proven here: anything about the pictures themselves; a person looks at them.
 */

/** Bounded: a page that keeps polling never reaches network idle, and must not stall the run. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, theme);
}

/**
 * Screens of the calm pass, saved for review: test-results/screens/<screen>-<phone320|phone|desktop>-<light|dark>.png
 * (results after a real session, practised on Playwright's clock).
 */
test('screenshots: home, session intro, results, profile, settings and home again, phones and desktop, light and dark', async ({
  browser,
}) => {
  test.setTimeout(9 * 60_000);
  mkdirSync('test-results/screens', { recursive: true });
  for (const [name, size] of [
    ['phone320', { width: 320, height: 640, touch: true }],
    ['phone', { width: 390, height: 844, touch: true }],
    ['desktop', { width: 1440, height: 900, touch: false }],
  ] as const) {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      hasTouch: size.touch,
      isMobile: size.touch,
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    await signUpFresh(page, `screens-${name}`);
    const shoot = async (screen: string) => {
      await settle(page);
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        // Not mid-way through the theme's color transitions (a button half teal, half amber).
        await waitForStillStyles(page).catch(() => undefined);
        await page.screenshot({
          path: `test-results/screens/${screen}-${name}-${theme}.png`,
          fullPage: true,
        });
      }
    };
    for (const [screen, path] of [
      ['home', '/'],
      ['session-intro', '/session/classic'],
      ['profile', '/profile'],
      ['settings', '/settings'],
    ] as const) {
      await gotoHydrated(page, path);
      await shoot(screen);
    }
    // Results: a whole mobile session, then through the completion steps to its results.
    await page.clock.install();
    await practise(page);
    await openResults(page);
    // The results themselves, not the loading dots before them.
    await expect(page.getByTestId('result-sentence')).toBeVisible();
    await shoot('results');
    // Home again, now for a returning member (a session on record here).
    await gotoHydrated(page, '/');
    await expect(page.getByTestId('breathe-again')).toBeVisible();
    await shoot('home-returning');
    await context.close();
  }
});
