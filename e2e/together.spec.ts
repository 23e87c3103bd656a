import type { Page } from '@playwright/test';
import { expect, gotoHydrated, signUpFresh, test } from './fixtures';

/**
 * Breathe together in Debian's Chromium against the production build and its server: a member
 * starts a shared session from a pattern link; a guest in another browser context and the host
 * open its link; both estimate their clock offset against GET /api/time and switch phase on
 * the same boundaries. Each page records when it switched (its own monotonic clock, converted
 * to the server's clock with its own estimate: window.__pneumaTogether); the same boundary must
 * be within 50 ms across the two pages. A late joiner lands on the phase in progress, the host
 * sees the server's join count, and the guest keeps breathing with the network off.
 *
 * What it does not prove: devices on different machines or networks (both contexts share this
 * machine's clock, so the offsets are near 0 and the test measures the estimate's error and the
 * pages' switching delay, not a real clock skew; the unit tests feed skewed, asymmetric networks
 * to the estimator), a phone with its screen locked, or more than three participants.
 */

interface Change {
  boundary: number;
  phase: string;
  serverAt: number;
  scheduledServerAt: number;
}

const TIDE = { name: 'Tide together', inhale: 2, hold: 1, exhale: 2, hold_after_exhale: 1 };
const link = (json: unknown) => `/p/${Buffer.from(JSON.stringify(json), 'utf8').toString('base64url')}`;
const changes = (page: Page) =>
  page.evaluate(() => (window.__pneumaTogether?.changes ?? []) as unknown as Change[]);

test('two contexts joining one shared session change phase within 50 ms of each other; the host sees the count', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUpFresh(page, 'together-host');
  await gotoHydrated(page, link({ v: 1, kind: 'pattern', pattern: TIDE }));
  await page.getByLabel('Cycles').fill('4');
  await page.getByLabel('Starts').selectOption('10');
  await page.getByRole('button', { name: 'Start a shared session' }).click();
  await expect(page.getByRole('heading', { name: 'You are hosting' })).toBeVisible();
  const sessionLink = new URL(page.url()).pathname;
  expect(sessionLink).toMatch(/^\/p\//);

  // A guest in a browser context of its own (no account, no shared storage).
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const errors: string[] = [];
  guest.on('pageerror', (e) => errors.push(e.message));
  await guest.goto(sessionLink);
  await expect(guest.getByRole('heading', { level: 1, name: 'Tide together' })).toBeVisible();
  await expect(guest.getByText(/Clock matched with the server to within \d+ ms/)).toBeVisible();
  await expect(page.getByTestId('together-joins')).toHaveText(/^1 person has joined/, { timeout: 15_000 });

  // Four cycles of 6 s after a 10 s lead: wait for the end on both.
  await expect(page.getByTestId('together-phase')).toBeVisible({ timeout: 20_000 });
  // A late joiner (a third context) opens the link mid-session and lands on the phase in progress.
  const lateContext = await browser.newContext();
  const late = await lateContext.newPage();
  await guest.waitForTimeout(4_000);
  await late.goto(sessionLink);
  await expect(late.getByTestId('together-phase')).toBeVisible();
  // The guest's network drops: it keeps breathing on the same boundaries.
  await guestContext.setOffline(true);
  for (const p of [page, guest, late]) {
    await expect(p.getByText('This shared session has ended.', { exact: false })).toBeVisible({ timeout: 40_000 });
  }

  const [a, b, c] = await Promise.all([changes(page), changes(guest), changes(late)]);
  const byBoundary = new Map(b.map((x) => [x.boundary, x]));
  const gaps: number[] = [];
  for (const x of a) {
    const y = byBoundary.get(x.boundary);
    if (!y || x.boundary === a[0]!.boundary) continue; // the first may be the page arriving mid-phase
    expect(y.phase).toBe(x.phase);
    gaps.push(Math.abs(x.serverAt - y.serverAt));
  }
  console.log(`together: ${gaps.length} shared boundaries, max gap ${Math.max(...gaps).toFixed(1)} ms, median ${gaps.sort((p, q) => p - q)[Math.floor(gaps.length / 2)]!.toFixed(1)} ms`);
  expect(gaps.length).toBeGreaterThanOrEqual(12);
  expect(Math.max(...gaps)).toBeLessThanOrEqual(50);
  // Each page switched within 50 ms of the boundary's time on the server clock.
  for (const x of [...a.slice(1), ...b.slice(1)]) expect(x.serverAt - x.scheduledServerAt).toBeLessThan(50);
  // The late joiner's first phase was the one in progress, and its later ones match the others'.
  expect(c[0]!.boundary).toBeGreaterThan(0);
  for (const x of c.slice(1)) {
    const y = byBoundary.get(x.boundary);
    if (y) expect(Math.abs(x.serverAt - y.serverAt)).toBeLessThanOrEqual(50);
  }
  expect(errors).toEqual([]);
  await guestContext.close();
  await lateContext.close();
});
