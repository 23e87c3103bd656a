import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, gotoHydrated, signUpFresh, test, linkPath } from './fixtures';

/**
 * Breathe together in Debian's Chromium against the production build and its server: a member
 * starts a shared session from a pattern link; a guest in another browser context and the host
 * open its link; both estimate their clock offset against GET /api/time and switch phase on
 * the same boundaries. Each page records when it switched (its own monotonic clock, converted
 * to the server's clock with its own estimate: window.__pneumaTogether); the same boundary must
 * be within 50 ms across the two pages (one boundary at which a page's own timer fired over 50 ms
 * late, a stall of this loaded machine and not a clock error, is left out once). The guest keeps breathing with the network off, and
 * the host sees the server's join count. A late joiner (a test of its own, since loading a
 * page on this 2-core machine stalls the other pages' timers) lands on the phase in progress.
 *
 * What it does not prove: devices on different machines or networks (both contexts share this
 * machine's clock, so the offsets are near 0 and the test measures the estimate's error and the
 * pages' switching delay, not a real clock skew; the unit tests feed skewed, asymmetric networks
 * to the estimator), a phone with its screen locked, or many participants.
 */

interface Change {
  boundary: number;
  phase: string;
  serverAt: number;
  scheduledServerAt: number;
}

const TIDE = { name: 'Tide together', inhale: 2, hold: 1, exhale: 2, hold_after_exhale: 1 };
const changes = (page: Page) =>
  page.evaluate(() => (window.__pneumaTogether?.changes ?? []) as unknown as Change[]);
const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)]!;

/** Signs a host up and starts a shared session of TIDE (cycles of 6 s, 10 s from now); returns its link. */
async function hostSession(page: Page, tag: string, cycles: number): Promise<string> {
  await signUpFresh(page, tag);
  await gotoHydrated(page, linkPath({ v: 1, kind: 'pattern', pattern: TIDE }));
  await page.getByLabel('Cycles').fill(String(cycles));
  await page.getByLabel('Starts').selectOption('10');
  await page.getByRole('button', { name: 'Start a shared session' }).click();
  await expect(page.getByRole('heading', { name: 'You are hosting' })).toBeVisible();
  const sessionLink = new URL(page.url()).pathname;
  expect(sessionLink).toMatch(/^\/p\//);
  return sessionLink;
}

/** |a - b| on the server clock for each boundary both pages showed (the first of each page left out: it may be an arrival mid-phase). */
function gapsBetween(
  a: Change[],
  b: Change[],
  leaveOut: ReadonlySet<number> = new Set(),
): number[] {
  const byBoundary = new Map(b.slice(1).map((x) => [x.boundary, x]));
  const gaps: number[] = [];
  for (const x of a.slice(1)) {
    const y = byBoundary.get(x.boundary);
    if (!y || leaveOut.has(x.boundary)) continue;
    expect(y.phase).toBe(x.phase);
    gaps.push(Math.abs(x.serverAt - y.serverAt));
  }
  return gaps;
}

/** Boundaries at which either page switched more than 50 ms after its own schedule. */
function stalledBoundaries(a: Change[], b: Change[]): Set<number> {
  const late = (x: Change) => x.serverAt - x.scheduledServerAt > 50;
  return new Set([...a.slice(1), ...b.slice(1)].filter(late).map((x) => x.boundary));
}

test('two contexts joining one shared session change phase within 50 ms of each other; the host sees the count', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const sessionLink = await hostSession(page, 'together-host', 4);

  // A guest in a browser context of its own (no account, no shared storage).
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const errors: string[] = [];
  guest.on('pageerror', (e) => errors.push(e.message));
  await guest.goto(sessionLink);
  await expect(guest.getByRole('heading', { level: 1, name: 'Tide together' })).toBeVisible();
  await expect(guest.getByText('In step with the others.')).toBeVisible();
  await expect(page.getByTestId('together-joins')).toHaveText(/^1 person has joined/, {
    timeout: 15_000,
  });
  // Joined and matched: the guest's network drops; it keeps breathing on the same boundaries.
  await guestContext.setOffline(true);

  for (const p of [page, guest]) {
    await expect(p.getByText('This shared session has ended.', { exact: false })).toBeVisible({
      timeout: 60_000,
    });
  }
  const [a, b] = await Promise.all([changes(page), changes(guest)]);
  const gaps = gapsBetween(a, b);
  const lateBy = (xs: Change[]) =>
    xs.slice(1).map((x) => Math.round(x.serverAt - x.scheduledServerAt));
  const estimates = await Promise.all(
    [page, guest].map((p) => p.evaluate(() => window.__pneumaTogether?.estimate)),
  );
  console.log(
    `together: ${gaps.length} shared boundaries, gap max ${Math.max(...gaps).toFixed(1)} ms, median ${median(gaps).toFixed(1)} ms; ` +
      `host late by ${JSON.stringify(lateBy(a))}; guest late by ${JSON.stringify(lateBy(b))}; estimates ${JSON.stringify(estimates)}`,
  );
  expect(gaps.length).toBeGreaterThanOrEqual(14);
  // A boundary where a page switched more than 50 ms after its own schedule is a stalled
  // timer on this shared 2-core machine (another test's browser loading a page), not a clock
  // that disagrees: at most one such stall is forgiven in a run, every other boundary is
  // within 50 ms across the two pages, and half of them within 15 ms.
  const stalls = stalledBoundaries(a, b);
  const synced = gapsBetween(a, b, stalls);
  expect(stalls.size).toBeLessThanOrEqual(1);
  expect(synced.length).toBeGreaterThanOrEqual(13);
  expect(Math.max(...synced)).toBeLessThanOrEqual(50);
  expect(median(synced)).toBeLessThanOrEqual(15);
  expect(errors).toEqual([]);
  // Accessibility once the timing is measured (axe's work would disturb it): the host's page.
  await expectNoSeriousA11yViolations(page, 'shared session (host)');
  await guestContext.close();
});

test('a late joiner lands on the phase in progress and then keeps the host’s boundaries', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const sessionLink = await hostSession(page, 'together-late', 10);
  await expect(page.getByTestId('together-phase')).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(7_000);
  const lateContext = await browser.newContext();
  const late = await lateContext.newPage();
  await late.goto(sessionLink);
  await expect(late.getByTestId('together-phase')).toBeVisible();
  for (const p of [page, late]) {
    await expect(p.getByText('This shared session has ended.', { exact: false })).toBeVisible({
      timeout: 90_000,
    });
  }
  const [a, c] = await Promise.all([changes(page), changes(late)]);
  // Its first phase is the one in progress when it arrived (7 s in: past the first cycle).
  expect(c[0]!.boundary).toBeGreaterThanOrEqual(4);
  const hostsPhase = new Map(a.map((x) => [x.boundary, x.phase]));
  expect(c[0]!.phase).toBe(hostsPhase.get(c[0]!.boundary));
  // After the page has settled (its own load stalls both pages for a moment), the same boundaries.
  const gaps = gapsBetween(a, c.slice(2));
  const estimates = await Promise.all(
    [page, late].map((p) => p.evaluate(() => window.__pneumaTogether?.estimate?.offsetMs)),
  );
  console.log(
    `together (late joiner): first boundary ${c[0]!.boundary}, ${gaps.length} shared after settling, gap median ${median(gaps).toFixed(1)} ms, ` +
      `max ${Math.max(...gaps).toFixed(1)} ms; offsets ${JSON.stringify(estimates)}`,
  );
  expect(gaps.length).toBeGreaterThanOrEqual(12);
  // The two estimates agree (the clock part of any gap), and the boundaries do at the median.
  // A single boundary can be late on one page when this shared 2-core machine stalls that
  // page's timer (seen up to 300 ms here under other jobs' load); the 50 ms promise for every
  // boundary is the test above, with no page loading during the measurement.
  expect(Math.abs(estimates[0]! - estimates[1]!)).toBeLessThanOrEqual(25);
  expect(median(gaps)).toBeLessThanOrEqual(50);
  await lateContext.close();
});
