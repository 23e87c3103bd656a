import type { Page } from '@playwright/test';

/**
 * Holds the page's scripts (the after-paint loader and everything it loads) until the
 * returned release is called, so a test sees what the HTML, CSS and inline pre-paint script
 * alone paint. Used by the prerender, first-paint layout and wind-down specs.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (!holding) return route.continue();
    held.push(() => route.continue());
  });
  return async () => {
    holding = false;
    await Promise.all(held.splice(0).map((go) => go()));
  };
}
