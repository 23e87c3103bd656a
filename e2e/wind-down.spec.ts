import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { test, expect, gotoHydrated, linkPath } from './fixtures';
import { holdScripts } from './holdScripts';
import { measureCueTrack } from './cueTrackAudio';
import { pressStart } from './practise';

/**
 * Wind-down mode (issue #47, item 1; docs/product.md § Sleep and sound) on a phone at 23:00
 * (Playwright's clock). Mindful Breathing is an evening pattern, so a first visit at night has
 * it on by default, and the next visit paints low red on black from the prerendered HTML before
 * any script runs; switched off, the person's choice wins at night, from the next visit's
 * first paint too; switched on again, the
 * session's one cue track (decoded by Chromium) is quieter at its last cue than at its first,
 * by the wind-down curve; the session ends on a black stage whose words fade up, saved, with
 * no figures, and the results one tap away. By day the same pattern starts with it off. A
 * program (an evening one from a program link, a minute long) runs in wind-down the same way:
 * on by default at night, the dim theme, a still guide, its track winding down over the program's last minutes,
 * and the quiet end. axe finds nothing serious on the dim screens (contrast included).
 *
 * Not proved here: a phone's screen actually sleeping (the mode only stops holding it awake),
 * how the curve sounds, the exact samples (tests/domain/windDown.test.ts checks them), the
 * end under reduced motion beyond its animation being off, the very first visit's first paint
 * (no hint yet: the app sets the theme once it has read the choice), a program page's first
 * paint (the app shell: the intro waits for the choice instead), or a band's edge in a
 * browser (the rule's unit tests cover the hours, zones and daylight saving).
 */
// No service worker: requests it answered would pass the held scripts by (page.route does not
// see them), and the held visits must show the HTML and its pre-paint script alone.
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'block',
});

const PAGE = '/session/mobile?pattern=mindfulness';
const NIGHT = new Date(2026, 10, 29, 23, 0, 0);

/**
 * The held visit shows the prerendered page only: its card is there (the built pattern's,
 * hidden while the pattern is held) and React has not taken it over.
 */
async function expectPrerenderedOnly(page: Page) {
  await expect(page.locator('#presession-title')).toBeAttached();
  await expect(page.locator('html')).toHaveAttribute('data-pattern-hold', '');
  const hydrated = await page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((k) =>
      k.startsWith('__reactContainer'),
    ),
  );
  expect(hydrated).toBe(false);
}

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('wind-down mode on a phone at night shows the dim theme from the first paint and ends with a fade', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.clock.install({ time: NIGHT });
  const html = page.locator('html');
  const toggle = page.getByRole('switch', { name: 'Wind-down' });
  // A first visit at night: on by default for an evening pattern.
  await gotoHydrated(page, PAGE);
  await expect(toggle).toBeEnabled();
  await expect(toggle).toBeChecked();
  await expect(html).toHaveAttribute('data-wind-down', '');
  // The next visit, scripts held: the default paints from the HTML and its pre-paint script.
  const defaultVisit = await holdScripts(page);
  await page.goto(PAGE, { waitUntil: 'commit' });
  await expectPrerenderedOnly(page);
  await expect(html).toHaveAttribute('data-wind-down', '');
  expect(await background(page)).toBe('rgb(0, 0, 0)');
  await defaultVisit();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).toBeChecked();

  // Switched off: the person's choice wins over the evening default, at the next first paint too.
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(html).not.toHaveAttribute('data-wind-down', '');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('pneuma.windDown')))
    .not.toContain('"mindfulness"');
  const offVisit = await holdScripts(page);
  await page.goto(PAGE, { waitUntil: 'commit' });
  await expectPrerenderedOnly(page);
  await expect(html).not.toHaveAttribute('data-wind-down', '');
  await offVisit();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();

  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(html).toHaveAttribute('data-wind-down', '');
  expect(await background(page)).toBe('rgb(0, 0, 0)');
  await expectNoSeriousA11yViolations(page, 'wind-down pre-session step');

  // The next visit, scripts held: the prerendered page and its pre-paint script alone.
  const release = await holdScripts(page);
  await page.goto(PAGE, { waitUntil: 'commit' });
  await expectPrerenderedOnly(page);
  await expect(html).toHaveAttribute('data-wind-down', '');
  expect(await background(page)).toBe('rgb(0, 0, 0)');
  await release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(toggle).toBeChecked();

  await pressStart(page);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  await expect(html).toHaveAttribute('data-wind-down', '');
  // The guide is the calm fill in wind-down (the slow glow reduced motion shows).
  await expect(page.getByTestId('breath-visual')).toHaveAttribute('data-guide', 'calm');
  // 80 s: a 40 s ramp. The first exhale's cue (5 s) at full volume; the last exhale's (75 s,
  // 5 s before the end: the same tone and spoken word) at windDownGain(5 s) =
  // 0.25 + 0.75 * (1 - cos(pi / 8)) / 2 = 0.279.
  await expect
    .poll(async () => (await measureCueTrack(page, 5, 5.9))?.windowPeak ?? 0, { timeout: 10_000 })
    .toBeGreaterThan(0.05);
  const first = (await measureCueTrack(page, 5, 5.9))!.windowPeak;
  const last = (await measureCueTrack(page, 75, 75.9))!.windowPeak;
  console.log(
    'wind-down track: first and last exhale cue peaks',
    first.toFixed(3),
    last.toFixed(3),
  );
  expect(last / first).toBeGreaterThan(0.279 - 0.05);
  expect(last / first).toBeLessThan(0.279 + 0.05);

  await page.clock.runFor(80_500);
  const end = page.getByTestId('wind-down-end');
  await expect(end).toBeVisible();
  await expect(end.getByRole('heading', { name: 'Sleep well' })).toBeVisible();
  await expect(end.getByText('Saved on this device.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Session complete' })).toHaveCount(0);
  // The fade: the words come up out of black over 4 s.
  const arrival = end.locator('.immersive__arrival');
  const animation = () =>
    arrival.evaluate((el) => {
      const s = getComputedStyle(el);
      return `${s.animationName} ${s.animationDuration}`;
    });
  expect(await animation()).toBe('wind-down-fade 4s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animation()).toMatch(/^none /);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
  await expectNoSeriousA11yViolations(page, 'wind-down end');

  await end.getByRole('button', { name: 'See the results' }).click();
  await expect(page).toHaveURL(/\/results\?id=/);
});

test('by day an evening pattern starts with wind-down off', async ({ page }) => {
  await page.clock.install({ time: new Date(2026, 10, 29, 12, 0, 0) });
  await gotoHydrated(page, PAGE);
  const toggle = page.getByRole('switch', { name: 'Wind-down' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await expect(page.locator('html')).not.toHaveAttribute('data-wind-down', '');
});

test('a program in wind-down at night: on by default, a still guide, its track winding down over its last minutes, a quiet end', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // An evening program from a program link (in 2, out 4 for 60 s: ten breaths), played in
  // real time from 23:00 (the guide follows the track's audio clock, which a fake clock cannot
  // hurry).
  const program = {
    version: 1,
    name: 'Evening two-four',
    description: 'In 2, out 4, for a minute.',
    category: 'calm',
    segments: [
      {
        kind: 'breathe',
        phases: [
          { phase: 'inhale', seconds: 2 },
          { phase: 'exhale', seconds: 4 },
        ],
        seconds: 60,
      },
    ],
  };
  await page.clock.install({ time: NIGHT });
  await gotoHydrated(page, linkPath({ v: 1, kind: 'program', program }));
  const html = page.locator('html');
  const toggle = page.getByRole('switch', { name: 'Wind-down' });
  await expect(toggle).toBeChecked();
  await expect(html).toHaveAttribute('data-wind-down', '');
  expect(await background(page)).toBe('rgb(0, 0, 0)');
  await expectNoSeriousA11yViolations(page, 'a program in wind-down, its intro');

  await page.getByTestId('program-start').click();
  await expect(page.getByTestId('program-step')).toHaveText('Inhale');
  await expect(html).toHaveAttribute('data-wind-down', '');
  // The guide is still (as under reduced motion): no size drawn on the orb each frame.
  await expect(page.getByTestId('program-step')).toHaveText('Exhale');
  expect(await page.locator('.program-guide__orb').evaluate((el) => el.style.transform)).toBe('');
  // 60 s: a 30 s ramp. The first exhale's cue (2 s) at full volume; the last one's (56 s, 4 s
  // before the end: the same tone and word) at windDownGain(4 s, 60 s) =
  // 0.25 + 0.75 * (1 - cos(pi * 4 / 30)) / 2 = 0.282.
  await expect
    .poll(async () => (await measureCueTrack(page, 2, 2.9))?.windowPeak ?? 0, { timeout: 10_000 })
    .toBeGreaterThan(0.05);
  const first = (await measureCueTrack(page, 2, 2.9))!.windowPeak;
  const last = (await measureCueTrack(page, 56, 56.9))!.windowPeak;
  console.log(
    'program wind-down track: first and last exhale cue peaks',
    first.toFixed(3),
    last.toFixed(3),
  );
  expect(last / first).toBeGreaterThan(0.282 - 0.05);
  expect(last / first).toBeLessThan(0.282 + 0.05);

  const end = page.getByTestId('wind-down-end');
  await expect(end).toBeVisible({ timeout: 120_000 });
  const heading = end.getByRole('heading', { name: 'Sleep well' });
  await expect(heading).toBeVisible();
  await expect(end.getByText('Saved on this device.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/results/);
  // The fade: the words come up out of black over 4 s (none under reduced motion).
  const animation = () =>
    heading.evaluate((el) => {
      const st = getComputedStyle(el);
      return `${st.animationName} ${st.animationDuration}`;
    });
  expect(await animation()).toBe('wind-down-stage-fade 4s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animation()).toMatch(/^none /);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
  await expectNoSeriousA11yViolations(page, 'a program in wind-down, its end');
  await end.getByRole('button', { name: 'See the results' }).click();
  await expect(page).toHaveURL(/\/results\?id=/);
});
