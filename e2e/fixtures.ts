import { test as base, expect, type Page } from '@playwright/test';

/**
 * The project's Playwright `test`: every page records the requests it makes, and a test
 * fails if any leaves this machine (spec: nothing may download from anywhere else).
 */
export const test = base.extend<{ externalRequests: string[] }>({
  externalRequests: [
    async ({ context }, use) => {
      const external: string[] = [];
      context.on('request', (req) => {
        const url = new URL(req.url());
        if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return;
        if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) external.push(req.url());
      });
      await use(external);
      expect(external, 'requests that left localhost').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until the service worker controls the page (after the first visit). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return Boolean(reg.active);
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}

/**
 * Opens `path` and waits until React has taken over the prerendered page (it marks the root
 * when hydration starts), so a click or a typed value is not lost to the static HTML.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((k) =>
      k.startsWith('__reactContainer'),
    ),
  );
}

/**
 * Opens `path` once the service worker controls the origin (its first take-over reloads the
 * page, which must not happen in the middle of a test), then waits for hydration: a test that
 * pauses Playwright's clock next must not freeze the prerendered page before React owns it.
 */
export async function openControlled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForServiceWorkerControl(page);
  await gotoHydrated(page, path);
}

/** Signs a fresh email account up on /auth (address `<prefix>-<time>-<random>@example.test`) and waits for home. */
export async function signUpFresh(page: Page, prefix: string): Promise<void> {
  await gotoHydrated(page, '/auth');
  await page
    .getByLabel('Email')
    .fill(`${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('correct horse 42');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Your account is ready. You are signed in.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Stops Playwright's installed clock a little ahead of the page's now: from there time moves
 * only by runFor. The page's now is read first, so on a loaded machine the clock may pass
 * that moment before pauseAt arrives ("Cannot fast-forward to the past"): then it is asked
 * again, further ahead.
 */
export async function pauseClock(page: Page, aheadMs = 100): Promise<void> {
  for (let ahead = aheadMs; ; ahead *= 4) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (ahead > aheadMs * 100 || !/to the past/i.test(String(error))) throw error;
    }
  }
}

/**
 * The path of a pattern, program or together link to `json` (`/p/` + base64url of its JSON),
 * written here by hand rather than by the app's codec (src/domain/links/patternLink.ts), so
 * the specs read links the way a pasted one arrives.
 */
export const linkPath = (json: unknown): string =>
  `/p/${Buffer.from(JSON.stringify(json), 'utf8').toString('base64url')}`;
