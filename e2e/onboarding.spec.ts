import { devices } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures';
import { getLocalRow, waitForAppDb } from './localDb';

/**
 * First-time onboarding on phones (issue #34 item 1; spec § 4 First-time state): shown on a
 * phone to someone who never finished a session and is not signed in, three steps, Skip
 * on each but the last; finishing or skipping stores `onboardingCompleted` and it never
 * comes back. On a computer it never shows.
 *
 * Does not prove: that a signed-in person or one with a finished session never sees it
 * (the rule is unit-tested in tests/domain/authLevel.test.ts), or WebKit's phones.
 */
test.use({ ...devices['Pixel 7'] });

test.describe('on a phone', () => {
  test('three steps, then it is gone for good', async ({ page }) => {
    await gotoHydrated(page, '/');
    const welcome = page.getByRole('region', { name: 'Welcome to Pneuma' });
    await expect(welcome.getByTestId('onboarding-title')).toHaveText('Breathe with a guide');
    await expect(welcome.getByText('1 of 3')).toBeVisible();
    await welcome.getByRole('button', { name: 'Next' }).click();
    await expect(welcome.getByTestId('onboarding-title')).toHaveText('Kept on this phone');
    await welcome.getByRole('button', { name: 'Next' }).click();
    await expect(welcome.getByTestId('onboarding-title')).toHaveText('The camera is optional');
    await expect(welcome.getByRole('button', { name: 'Skip' })).toHaveCount(0);
    await welcome.getByRole('button', { name: 'Got it' }).click();
    await expect(welcome).toHaveCount(0);
    await waitForAppDb(page);
    await expect
      .poll(() => getLocalRow(page, 'flags', 'onboardingCompleted'))
      .toMatchObject({ value: true });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Transform your breathing' })).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(welcome).toHaveCount(0);
  });

  test('Skip closes it at once and stores the choice', async ({ page }) => {
    await gotoHydrated(page, '/');
    const welcome = page.getByRole('region', { name: 'Welcome to Pneuma' });
    await welcome.getByRole('button', { name: 'Skip' }).click();
    await expect(welcome).toHaveCount(0);
    await waitForAppDb(page);
    await expect
      .poll(() => getLocalRow(page, 'flags', 'onboardingCompleted'))
      .toMatchObject({ value: true });
  });
});

test.describe('on a computer', () => {
  // Narrow, but a mouse: not a phone.
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: false, isMobile: false });
  test('never shown', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.getByRole('heading', { name: 'Transform your breathing' })).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(page.getByRole('region', { name: 'Welcome to Pneuma' })).toHaveCount(0);
  });
});
