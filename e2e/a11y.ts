import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core on the page (or the part matched by `include`): no serious or critical violation. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  include?: string,
): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    `axe on ${label}`,
  ).toEqual([]);
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
