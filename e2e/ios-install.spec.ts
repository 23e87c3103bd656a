import { test, expect, gotoHydrated } from './fixtures';

/**
 * 'Add to Home Screen' for Safari on iOS (issue #37), in Chromium dressed as an iPhone's
 * Safari (its user agent and touch): shown on home once, dismissible, with what installing
 * gains; not shown to Chrome on Android, nor when opened from the Home Screen.
 * Does not prove: Safari's own behaviour (e2e-engines/ shows the hint in WebKitGTK and
 * saves its screenshot), nor that the steps match every iOS version's Share sheet.
 */

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1';

test.describe('Safari on an iPhone', () => {
  test.use({ userAgent: IPHONE_SAFARI, hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('the hint shows once on home, says how and what it gains, and goes when dismissed', async ({ page }) => {
    await gotoHydrated(page, '/');
    const hint = page.getByTestId('ios-install-hint');
    await expect(hint.getByRole('heading', { name: 'Add Pneuma to your Home Screen' })).toBeVisible();
    await expect(hint).toContainText('tap Share');
    await expect(hint).toContainText('Add to Home Screen');
    await expect(hint).toContainText('Works offline');
    await expect(hint).toContainText('full screen');
    await expect(hint).toContainText('iOS 18.4');
    const dismiss = hint.getByRole('button', { name: 'Not now' });
    const box = await dismiss.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await dismiss.click();
    await expect(hint).toHaveCount(0);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('ios-install-hint')).toHaveCount(0);
  });

  test('not when opened from the Home Screen', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
    await gotoHydrated(page, '/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('ios-install-hint')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('pneuma.iosInstallHint.shown'))).toBeNull();
  });
});

test('Chromium as it is (not iOS): no hint', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('ios-install-hint')).toHaveCount(0);
});
