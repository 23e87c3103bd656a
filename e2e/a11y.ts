import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on the page (or the part matched by `include`) in the light and the dark theme
 * (the app picks one by the hour, so a run must not pass only because of when it ran): no
 * serious or critical violation in either. Transitions are off while the theme is switched,
 * so axe reads the theme's colours, not colours half-way; the page's theme is put back.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  include?: string,
): Promise<void> {
  const shown = await page.evaluate(() => {
    const style = document.createElement('style');
    style.id = 'axe-no-transitions';
    style.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.appendChild(style);
    return document.documentElement.dataset.theme ?? null;
  });
  const found: string[] = [];
  try {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      const builder = new AxeBuilder({ page });
      if (include) builder.include(include);
      const results = await builder.analyze();
      for (const v of results.violations) {
        if (v.impact !== 'serious' && v.impact !== 'critical') continue;
        found.push(`${theme}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
  } finally {
    await page.evaluate((t) => {
      if (t === null) delete document.documentElement.dataset.theme;
      else document.documentElement.dataset.theme = t;
      document.getElementById('axe-no-transitions')?.remove();
    }, shown);
  }
  expect(found, `axe on ${label}`).toEqual([]);
}

/**
 * Waits until no CSS animation or transition runs: a fade changes contrast while it runs,
 * and axe would read the half-way colours. Web Animations (the session's breathing guide,
 * running all session long) are left out.
 */
export async function waitForStillStyles(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (a) =>
                (a instanceof CSSAnimation || a instanceof CSSTransition) &&
                a.playState === 'running',
            ).length,
      ),
    )
    .toBe(0);
}
