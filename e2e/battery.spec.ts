import { expect, test } from './fixtures';

/**
 * Battery (issue #34 item 4, spec § 4 and § 7): below 20 % and not charging, the camera is
 * analysed at the minimal rate (one frame every 2 seconds) and the live panel says why.
 * The Battery Status API is replaced before the app loads (a laptop on 12 %, unplugged).
 *
 * Does not prove: a real battery's events (the page's stand-in never changes), or the
 * browsers without the API (there nothing changes; the rule is unit-tested in
 * tests/domain/vision/postureAndMode.test.ts).
 */
test('a battery at 12 % and unplugged: minimal rate, and the panel says why', async ({ page }) => {
  await page.addInitScript(() => {
    const battery = Object.assign(new EventTarget(), { level: 0.12, charging: false });
    Object.defineProperty(navigator, 'getBattery', { value: () => Promise.resolve(battery) });
  });
  await page.goto('/session/enhanced?pattern=box');
  // The camera is asked for in the pre-session step, before its one 'Start'.
  await page.getByRole('button', { name: 'Enable Camera' }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByTestId('camera-chip')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('camera-chip').click();
  await expect(page.getByTestId('battery-note')).toHaveText(
    /Battery below 20 % and not charging: the camera is analyzed once every 2 seconds/,
    { timeout: 30_000 },
  );
});
