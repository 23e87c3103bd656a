import { expect, gotoHydrated, test } from './fixtures';
import { pressStart } from './practise';

/**
 * The desktop panel's keyboard shortcuts (issue #34): turned on in the panel, they stay on
 * while the person moves through the app. With no session running Space scrolls the page
 * as usual; in a running session R starts it again from the first breath, Space pauses it
 * and M turns its sound off.
 *
 * Does not prove: the shortcuts on a real keyboard layout other than US (Playwright sends
 * key values), or F and P (full screen and picture-in-picture need a headed browser).
 */
test.use({ viewport: { width: 1280, height: 600 }, hasTouch: false, isMobile: false });

test('with shortcuts on: Space scrolls a page, then R restarts, Space pauses and M mutes a running session', async ({
  page,
}) => {
  await page.clock.install();
  // The desktop panel lives in Settings > Advanced; a client-side link back home keeps the
  // shortcuts (they live until a reload).
  await gotoHydrated(page, '/settings');
  await page.getByRole('button', { name: 'Desktop options' }).click();
  const panel = page.getByRole('region', { name: 'Desktop optimization' });
  await panel.getByRole('tab', { name: 'Controls' }).click();
  await panel.getByRole('switch', { name: 'Enable Shortcuts' }).click();
  await expect(panel.getByRole('switch', { name: 'Enable Shortcuts' })).toBeChecked();
  await expect(panel.getByText(/R\s+starts it again from the first breath/)).toBeVisible();
  await page.getByRole('link', { name: 'Pneuma home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // No session: Space scrolls the (long) home page, focus on the page itself.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 200),
  ).toBe(true);
  await page.keyboard.press(' ');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

  // Into a session through the app's own links (the shortcuts live until a reload).
  await page.getByRole('tab', { name: 'Choose Goal' }).click();
  await page.getByRole('button', { name: /Reduce Stress/ }).click();
  await page.getByRole('link', { name: 'Start Classic Session' }).click();
  await expect(page).toHaveURL(/\/session\/classic/);
  await pressStart(page);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  const cycles = page.getByTestId('session-cycles');
  await page.clock.runFor(34_000); // two box cycles and a bit
  await expect(cycles).toHaveText(/^2 \/ /);

  // R: back to the first breath, the run's time counted from zero again. The timer is read
  // as 'under 30 s' (it stood past 32 s), not '0:00': the page's installed clock still flows
  // in real time and the cue track's <audio> plays in real time, so on a loaded machine a
  // few real seconds pass before the first look.
  await page.keyboard.press('r');
  await expect(cycles).toHaveText(/^0 \/ /);
  await expect
    .poll(async () => {
      const [m, s] = ((await page.getByTestId('session-timer').textContent()) ?? '').split(':');
      return Number(m) * 60 + Number(s);
    })
    .toBeLessThan(30);
  await expect(page.getByTestId('phase-label')).not.toHaveText('');
  await page.clock.runFor(17_000);
  await expect(cycles).toHaveText(/^1 \/ /);

  await page.keyboard.press(' ');
  await expect(page.getByTestId('pause-toggle')).toHaveText('Resume');
  await page.clock.runFor(20_000);
  await expect(cycles).toHaveText(/^1 \/ /); // paused time is not session time
  await page.keyboard.press(' ');
  await expect(page.getByTestId('pause-toggle')).toHaveText('Pause');

  await expect(page.getByRole('button', { name: 'Sound on' })).toBeVisible();
  await page.keyboard.press('m');
  await expect(page.getByRole('button', { name: 'Sound off' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});
