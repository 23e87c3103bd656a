import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { test, expect, gotoHydrated } from './fixtures';
import { holdScripts } from './holdScripts';
import { measureCueTrack } from './cueTrackAudio';
import { pressStart } from './practise';

/**
 * Wind-down mode (issue #47, item 1; docs/product.md § Sleep and sound) on a phone at 23:00
 * (Playwright's clock): switched on in the pre-session step of Mindful Breathing (an evening
 * pattern, 8 cycles of 10 s), the next visit paints low red on black from the prerendered
 * HTML before any script runs; the session's one cue track (decoded by Chromium) is quieter
 * at its last cue than at its first, by the wind-down curve; the session ends on a black
 * stage whose words fade up, saved, with no figures, and the results one tap away. axe finds
 * nothing serious on the dim screens (contrast included).
 *
 * Not proved here: a phone's screen actually sleeping (the mode only stops holding it awake),
 * how the curve sounds, the exact samples (tests/domain/windDown.test.ts checks them), or
 * the end under reduced motion beyond its animation being off.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PAGE = '/session/mobile?pattern=mindfulness';
const NIGHT = new Date(2026, 10, 29, 23, 0, 0);

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('wind-down mode on a phone at night shows the dim theme from the first paint and ends with a fade', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.clock.install({ time: NIGHT });
  await gotoHydrated(page, PAGE);
  const html = page.locator('html');
  await expect(html).not.toHaveAttribute('data-wind-down', '');
  const toggle = page.getByRole('switch', { name: 'Wind-down' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(html).toHaveAttribute('data-wind-down', '');
  expect(await background(page)).toBe('rgb(0, 0, 0)');
  await expectNoSeriousA11yViolations(page, 'wind-down pre-session step');

  // The next visit, scripts held: the prerendered page and its pre-paint script alone.
  const release = await holdScripts(page);
  await page.goto(PAGE, { waitUntil: 'commit' });
  await expect(page.locator('#presession-title')).toHaveText('Mindful Breathing');
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
