import type { Browser, BrowserContext } from '@playwright/test';

/**
 * A browser context for a benchmark run with tsx. tsx compiles with esbuild's keepNames, which
 * wraps named functions inside the callbacks given to page.evaluate in a `__name(...)` helper;
 * Playwright sends the callback's text to the page, where that helper does not exist
 * ("ReferenceError: __name is not defined"). The page gets a helper that returns the function
 * as it is. Playwright's own test runner compiles without it, so the e2e tests need none.
 */
export async function benchContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript('globalThis.__name = globalThis.__name || ((fn) => fn);');
  return context;
}
