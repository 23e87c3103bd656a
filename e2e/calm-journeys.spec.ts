import { test, expect, gotoHydrated, signUpFresh } from './fixtures';
import { practise } from './practise';

/**
 * Journeys of the calm pass (issue 31, docs/product.md § Around the practice), in Debian's
 * Chromium against the production build:
 * - sign-up explains itself: the password rules before typing, problems beside their fields
 *   (aria-describedby) with focus on the first, 'Sign in instead' on a taken address, the
 *   first name used for the greeting, never 'Welcome back' to a new account;
 * - a guest's three sessions on this device show on /progress, the account offered below;
 * - a pending action from a gate is forgotten once the person goes elsewhere;
 * - Settings: open to a guest from the menu, the theme choice applies at once and stays.
 * Not proven here: other engines, a screen reader's actual announcements (only the ARIA
 * wiring is read), the confirm-email sign-up path (the e2e server confirms at once).
 */

const PHONE = { width: 390, height: 844 };

test('sign-up: rules shown first, errors beside fields with focus on the first, Sign in instead, a first-visit greeting', async ({ page }) => {
  await gotoHydrated(page, '/auth');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  // The rules are there before anything is typed, tied to the field.
  await expect(page.getByText('At least 8 characters', { exact: false })).toBeVisible();
  const hintId = (await password.getAttribute('aria-describedby'))!.split(' ')[0]!;
  await expect(page.locator(`[id="${hintId}"]`)).toContainText('At least 8 characters');

  // Nothing typed: each field says what is missing, the first has focus.
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const emailErrorId = (await email.getAttribute('aria-describedby'))!;
  await expect(page.locator(`[id="${emailErrorId}"]`)).toHaveText('Enter your email address.');
  const passwordDescribedBy = (await password.getAttribute('aria-describedby'))!.split(' ');
  await expect(page.locator(`[id="${passwordDescribedBy.at(-1)}"]`)).toHaveText('Enter your password.');

  // A short password is refused beside the password, focus there.
  const address = `calm-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await email.fill(address);
  await password.fill('short');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(password).toBeFocused();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();

  // A real sign-up with a first name: greeted by it, and not 'Welcome back'.
  await password.fill('correct horse 42');
  await page.getByLabel('First name (optional)').fill('Mira');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome, Mira!', { exact: false })).toBeVisible();
  await expect(page.getByText('Welcome back', { exact: false })).toBeHidden();

  // The same address again: the form says so beside the email and offers to sign in.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await gotoHydrated(page, '/auth');
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Password', { exact: true }).fill('correct horse 42');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('An account already uses this address.')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByRole('button', { name: 'Sign in instead' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome, Mira!', { exact: false })).toBeVisible();
});

test('a guest with 3 sessions on this device sees them on /progress, the account offered below', async ({ page }) => {
  await page.clock.install();
  for (let i = 0; i < 3; i++) await practise(page);
  await gotoHydrated(page, '/progress');
  await expect(page).toHaveURL(/\/progress$/);
  const total = page
    .locator('.stat')
    .filter({ has: page.getByText('Total Sessions', { exact: true }) })
    .locator('.stat__value');
  await expect(total).toHaveText('3');
  await expect(page.locator('.history-item')).toHaveCount(3);
  const offer = page.getByRole('region', { name: 'Keep your progress on every device' });
  await expect(offer).toBeVisible();
  // Below the sessions, not instead of them.
  const historyBox = (await page.getByRole('heading', { name: 'Session history' }).boundingBox())!;
  const offerBox = (await offer.boundingBox())!;
  expect(offerBox.y).toBeGreaterThan(historyBox.y);
});

test('a pending action from a gate is forgotten after going elsewhere: a later sign-up lands home', async ({ page }) => {
  await gotoHydrated(page, '/creator-dashboard');
  await expect(page).toHaveURL(/\/auth\?/);
  expect(await page.evaluate(() => sessionStorage.getItem('pneuma.pendingAction'))).not.toBeNull();
  // The person changes their mind and goes home through the page's own link.
  await page.getByRole('link', { name: 'Continue without an account' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem('pneuma.pendingAction'))).toBeNull();
  await signUpFresh(page, 'calm-pending');
  await expect(page).toHaveURL(/\/$/);
});

test.describe('settings on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a guest opens Settings from the menu; true black applies at once and stays after a reload', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page).toHaveTitle('Settings · Pneuma');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    // No wallet anywhere on a guest's way here.
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toHaveCount(0);

    await page.getByRole('radio', { name: /True black/ }).check();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(html).toHaveAttribute('data-black', '');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(0, 0, 0)');
    await page.reload();
    await expect(html).toHaveAttribute('data-black', '');
    await expect(page.getByRole('radio', { name: /True black/ })).toBeChecked();

    // The bottom navigation choice lives here too.
    await page.getByRole('radio', { name: /Practice first/ }).check();
    await expect(page.getByRole('navigation', { name: 'Bottom' }).getByRole('link', { name: 'Marketplace' })).toBeVisible();
  });
});
