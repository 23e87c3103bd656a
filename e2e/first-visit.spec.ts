import { devices, type Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';

/**
 * A first visit on a phone, as a newcomer meets it (issue #44 item 1, issue #48 item 1):
 * one headline, at most one thing floating over the page, the layout still (the page's own
 * layout-shift entries, PerformanceObserver 'layout-shift', summed as CLS counts them: not
 * after the person's input), and the first inhale within two taps. And the theme decided
 * before the first paint: a light-mode phone in the evening paints dark from the start.
 *
 * Does not prove: other engines' layout or paint order, a real phone's fonts, that a lab
 * visit's shifts equal a field visit's (Lighthouse is run separately), nor the session's
 * timing itself (e2e/first-minute.spec.ts and the engine suites).
 */

test.use({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });

/** Sums layout shifts not caused by input, from the first paint on (before any script of the page). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __shifts: string[] };
    w.__shift = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      }[]) {
        if (e.hadRecentInput) continue;
        w.__shift += e.value;
        w.__shifts.push(
          `${e.value.toFixed(4)} ${(e.sources ?? []).map((s) => (s.node as Element | undefined)?.className ?? '?').join(', ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Visible elements fixed over the page, other than the header and the bottom bar. */
function overlays(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.position !== 'fixed' || style.visibility === 'hidden' || style.display === 'none')
          return false;
        if (el.closest('header, nav[aria-label="Bottom"], .skip-link')) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight;
      })
      .map((el) => el.className || el.tagName),
  );
}

test('a first visit on a phone: one headline, one welcome, nothing moves, the breath in two taps', async ({
  page,
}) => {
  await watchShifts(page);
  await gotoHydrated(page, '/');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500); // the device's data read, every late part in place

  // One headline; the tagline and the greeting are not shown as headlines beside it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(
    'Transform your breathing',
  );
  await expect(page.getByText('Peace through patterns', { exact: false })).toHaveCount(0);
  await expect(page.getByText("Let's wind down together", { exact: false })).toHaveCount(0);
  // One short welcome, in the page; nothing else on top of it.
  await expect(page.getByRole('region', { name: 'Welcome to Pneuma' })).toBeVisible();
  await expect(page.getByTestId('ios-install-hint')).toHaveCount(0);
  await expect(page.getByTestId('install-hint')).toHaveCount(0);
  expect((await overlays(page)).length, (await overlays(page)).join('; ')).toBeLessThanOrEqual(1);

  const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
  const cls = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  expect(cls, shifts.join('\n')).toBeLessThan(0.02);

  // Two taps: Start Breathing, then the session's Start; the countdown, then the inhale.
  await page.getByTestId('home-start').filter({ visible: true }).getByRole('link').click(); // tap 1
  await expect(page).toHaveURL(/\/session\/classic\?pattern=box$/);
  await page.getByRole('button', { name: 'Start', exact: true }).click(); // tap 2
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale', { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Box Breathing');
});

test('an evening phone in light mode paints dark before any script runs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    colorScheme: 'light',
    serviceWorkers: 'block',
    baseURL,
  });
  const page = await context.newPage();
  // 20:30 local time: the evening band (docs/product.md § Sessions, night practice).
  const evening = new Date();
  evening.setHours(20, 30, 0, 0);
  await page.clock.install({ time: evening });
  // Every script file held: what paints is the HTML, the CSS and the inline pre-paint script.
  await page.route(/\/assets\/.*\.js$/, () => undefined);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    'rgb(21, 17, 13)',
  );
  // The same visit in the morning paints light.
  const morning = new Date();
  morning.setHours(9, 0, 0, 0);
  const day = await context.newPage();
  await day.clock.install({ time: morning });
  await day.route(/\/assets\/.*\.js$/, () => undefined);
  await day.goto('/', { waitUntil: 'commit' });
  await expect(day.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(day.locator('html')).toHaveAttribute('data-theme', 'light');
  await context.close();
});
