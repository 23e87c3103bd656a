import { devices } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures';
import { getLocalRow, waitForAppDb } from './localDb';

/**
 * First-time welcome on phones (issue #34 item 1, one short card since issue #44 item 1;
 * spec § 4 First-time state): shown on a phone to someone who never finished a session and
 * is not signed in, in home's layout under the hero (painted from the prerendered page, not
 * inserted above it). 'Got it' stores `onboardingCompleted` and it never comes back: not
 * even for the first paint of the next visit (the pre-paint hint). On a computer it never
 * shows, before or after the app starts.
 *
 * Does not prove: that a signed-in person or one with a finished session never sees it
 * (the rule is unit-tested in tests/domain/authLevel.test.ts), or WebKit's phones.
 */
test.use({ ...devices['Pixel 7'] });

test.describe('on a phone', () => {
  test('one short card; Got it, and it is gone for good, from the first paint on', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const welcome = page.getByRole('region', { name: 'Welcome to Pneuma' });
    await expect(welcome.getByTestId('onboarding-title')).toHaveText('Breathe with a guide');
    await expect(welcome).toContainText('no account needed');
    // One step: no counter, no Next.
    await expect(welcome.getByRole('button', { name: 'Next' })).toHaveCount(0);
    // Under the hero: the headline and the start button come first.
    const h1 = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    const card = (await welcome.boundingBox())!;
    expect(card.y).toBeGreaterThan(h1.y + h1.height);
    await welcome.getByRole('button', { name: 'Got it' }).click();
    await expect(welcome).toHaveCount(0);
    await waitForAppDb(page);
    await expect
      .poll(() => getLocalRow(page, 'flags', 'onboardingCompleted'))
      .toMatchObject({ value: true });
    // The next visit's first paint, every script held: the card is not painted.
    await page.route(/\/assets\/.*\.js$/, () => undefined);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Transform your breathing' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Welcome to Pneuma' })).toBeHidden();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await gotoHydrated(page, '/');
    await page.waitForTimeout(1500);
    await expect(welcome).toHaveCount(0);
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
