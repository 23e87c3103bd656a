import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';
import { pressStart } from './practise';
import { getLocalRows } from './localDb';

/**
 * Two-way sync in Chromium against `npm start`: two browser contexts are two devices of
 * one user. What A makes (a custom pattern, a favourite, a preference) appears on B; what
 * B deletes disappears on A; a session practised offline on B reaches A's progress once B
 * is back online; signing out asks before losing what could not be uploaded, and leaves
 * nothing of the user on the device.
 */

const PASSWORD = 'correct horse 42';
const uniqueEmail = (tag: string) =>
  `twoway-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function signUp(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, '/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Your account is ready. You are signed in.')).toBeVisible();
}

async function signIn(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, '/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Successfully logged in!')).toBeVisible();
}

/** A second device: its own context (own IndexedDB, own service worker), nothing leaves this machine. */
async function secondDevice(
  browser: Browser,
  baseURL: string | undefined,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  context.on('request', (req) => {
    const host = new URL(req.url()).hostname;
    if (req.url().startsWith('http') && !['127.0.0.1', 'localhost'].includes(host)) {
      throw new Error(`request left localhost: ${req.url()}`);
    }
  });
  return context;
}

/**
 * Opens `path`, then asks for 'Sync now' (upload, then pull) until `check` passes: the
 * screen reads the local database, so what the pull brings shows at once.
 */
async function syncUntil(page: Page, path: string, check: () => Promise<void>): Promise<void> {
  await gotoHydrated(page, path);
  const dialog = page.getByRole('dialog', { name: 'Sync status' });
  await expect(async () => {
    await page.getByTestId('sync-badge').click();
    await dialog.getByRole('button', { name: 'Sync now' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await check();
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1000] });
}

/** Every row of the given tables of this device's IndexedDB. */
async function deviceTables(
  page: Page,
  tables: string[],
): Promise<Record<string, Record<string, unknown>[]>> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const t of tables) out[t] = await getLocalRows(page, t);
  return out;
}

/** The user's rows left on this device, per table. */
async function userRowsOnDevice(page: Page, userId: string): Promise<Record<string, number>> {
  const tables = [
    'sessions',
    'patterns',
    'userFavorites',
    'userRatings',
    'userPreferences',
    'syncCursors',
  ];
  const rows = await deviceTables(page, tables);
  return Object.fromEntries(
    tables.map((t) => [
      t,
      rows[t]!.filter((r) => r.userId === userId || r.owner === userId).length,
    ]),
  );
}

async function signedInUserId(page: Page): Promise<string> {
  const { authSession } = await deviceTables(page, ['authSession']);
  return String(authSession![0]!.userId);
}

/** A pattern's favourite button in the library's list of all patterns. */
const heart = (page: Page, name: string) =>
  page
    .getByRole('list', { name: /^All Patterns/ })
    .getByRole('button', { name: `Favorite ${name}` });

test('a pattern, a favourite and a preference made on A appear on B; a deletion on B disappears on A', async ({
  page: a,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('devices');
  const deviceB = await secondDevice(browser, baseURL);
  const b = await deviceB.newPage();
  try {
    await signUp(a, email);
    await signIn(b, email);

    // On A: a custom pattern, a favourite and a preference (the selected pattern).
    await gotoHydrated(a, '/create');
    await a.getByLabel('Name', { exact: true }).fill('Twoway Calm');
    await a.getByLabel('Inhale', { exact: true }).fill('4');
    await a.getByLabel('Exhale', { exact: true }).fill('6');
    await a.getByRole('button', { name: 'Save pattern' }).click();
    await expect(a.getByText('Synced', { exact: true })).toBeVisible();
    await gotoHydrated(a, '/patterns');
    await heart(a, 'Box Breathing').click();
    await expect(heart(a, 'Box Breathing')).toHaveAttribute('aria-pressed', 'true');
    await a
      .getByRole('list', { name: /^All Patterns/ })
      .getByRole('button', { name: 'Use pattern: Sleep Preparation' })
      .click();
    await expect(a).toHaveURL(/pattern=sleep/);

    // On B, each arrives (B pulls at start).
    await syncUntil(b, '/patterns', async () => {
      await expect(heart(b, 'Box Breathing')).toHaveAttribute('aria-pressed', 'true', {
        timeout: 1500,
      });
      await expect(heart(b, 'Twoway Calm')).toBeVisible({ timeout: 1500 });
    });
    await expect(heart(b, 'Sleep Preparation')).toHaveAttribute('aria-pressed', 'false');
    // The session opened without a pattern in its address uses the selected pattern.
    await gotoHydrated(b, '/session/classic');
    await expect(b.getByRole('heading', { name: 'Sleep Preparation' }).first()).toBeVisible();

    // On B: delete the custom pattern and take back the favourite.
    await gotoHydrated(b, '/create');
    await b.getByRole('button', { name: 'Delete Twoway Calm' }).click();
    await b.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(b.getByText('No custom patterns yet.', { exact: false })).toBeVisible();
    await gotoHydrated(b, '/patterns'); // a click on the prerendered page would be lost
    await heart(b, 'Box Breathing').click();
    await expect(heart(b, 'Box Breathing')).toHaveAttribute('aria-pressed', 'false');

    // On A, both disappear.
    await syncUntil(a, '/patterns', async () => {
      await expect(heart(a, 'Box Breathing')).toHaveAttribute('aria-pressed', 'false', {
        timeout: 1500,
      });
      await expect(heart(a, 'Twoway Calm')).toHaveCount(0, { timeout: 1500 });
    });
    await gotoHydrated(a, '/create');
    await expect(a.getByText('No custom patterns yet.', { exact: false })).toBeVisible();
  } finally {
    await deviceB.close();
  }
});

test("a session practised offline on B reaches A's progress once B is back online; sign-out leaves nothing", async ({
  page: a,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('offline');
  const deviceB = await secondDevice(browser, baseURL);
  const b = await deviceB.newPage();
  try {
    await signUp(a, email);
    await gotoHydrated(a, '/progress');
    await expect(a.getByRole('heading', { name: 'Your Progress', exact: true })).toBeVisible();
    await expect(a.locator('.history-item')).toHaveCount(0);

    // B: installed (service worker in control), signed in, then offline.
    await b.clock.install();
    await gotoHydrated(b, '/');
    await expect
      .poll(
        async () =>
          b.evaluate(() => Boolean(navigator.serviceWorker.controller)).catch(() => false),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    await b.waitForTimeout(500);
    await signIn(b, email);
    const userId = await signedInUserId(b);
    await deviceB.setOffline(true);

    // A whole classic box session, practised offline (the clock fast-forwarded).
    await gotoHydrated(b, '/session/classic?pattern=box');
    await pressStart(b);
    await expect(b.getByTestId('phase-label')).toHaveText('Inhale');
    await b.clock.runFor(160_500);
    await expect(b.getByRole('heading', { name: 'Session complete' })).toBeVisible();
    await expect(b.getByText('Saved on this device.')).toBeVisible();

    // Signing out now would lose it: B asks, and staying signed in keeps it.
    await gotoHydrated(b, '/');
    await b.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    const ask = b.getByRole('dialog', { name: 'Sign out and lose changes?' });
    await expect(ask).toContainText(
      '1 session made on this device has not reached your account yet because this device is offline.',
    );
    await expect(ask.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await ask.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(ask).toHaveCount(0);
    expect((await userRowsOnDevice(b, userId)).sessions).toBe(1);

    // Back online: the session uploads; A pulls it into its progress.
    await deviceB.setOffline(false);
    await expect(b.getByTestId('sync-pending')).toHaveCount(0, { timeout: 15_000 });
    await syncUntil(a, '/progress', async () => {
      await expect(a.locator('.history-item')).toHaveCount(1, { timeout: 1500 });
    });
    await expect(a.locator('.history-item').first()).toContainText('Box Breathing');

    // Everything is uploaded: B signs out at once, and keeps nothing of the user.
    await b.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(b.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(b.getByRole('dialog')).toHaveCount(0);
    await expect
      .poll(() => userRowsOnDevice(b, userId))
      .toEqual({
        sessions: 0,
        patterns: 0,
        userFavorites: 0,
        userRatings: 0,
        userPreferences: 0,
        syncCursors: 0,
      });
  } finally {
    await deviceB.close();
  }
});
