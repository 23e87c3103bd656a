import { expectNoSeriousA11yViolations } from './a11y';
import { expect, gotoHydrated, signUpFresh, test } from './fixtures';

/**
 * The marketplace and the creator hub against `npm start` in Chromium, with two members in
 * two browser contexts: A names themselves, makes a pattern on /create and publishes it
 * (which makes A a creator: the header gains Creator Hub); B finds it on /marketplace by
 * search with A's name, tries it (a session with its timings), adds it to the library and
 * rates it, and offline still sees the page last loaded, labelled; A's creator hub then
 * shows B's use and rating.
 */

test('A publishes a pattern; B finds it with A’s name, tries it and adds it; A’s hub shows B’s use', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const pattern = `Harbour Tide ${Math.floor(Math.random() * 1e6)}`;

  // A: a display name, then a pattern of their own, published from /create.
  await signUpFresh(page, 'market-a');
  await gotoHydrated(page, '/profile');
  await page.getByLabel('Display name').fill('Ada Tide');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Welcome, Ada Tide')).toBeVisible();
  await gotoHydrated(page, '/creator-dashboard');
  await expect(page.getByText(/Publishing also makes you a creator\./)).toBeVisible();
  await page.getByRole('link', { name: 'Publish your first pattern' }).click();
  await expect(page).toHaveURL(/\/create$/);
  await page.getByLabel('Name', { exact: true }).fill(pattern);
  await page.getByRole('region', { name: 'New pattern' }).getByLabel('Description').fill('A slow tide in and out');
  await page.getByLabel('Inhale').fill('5');
  await page.getByLabel('Exhale', { exact: true }).fill('7');
  await page.getByLabel('Category').selectOption('sleep');
  await page.getByRole('button', { name: 'Save pattern' }).click();
  await page.getByRole('button', { name: `Publish to marketplace: ${pattern}` }).click();
  const confirm = page.getByRole('dialog', { name: `Publish ${pattern}?` });
  await expect(confirm).toContainText('with your display name as its creator');
  await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`${pattern} is published in the marketplace`)).toBeVisible();
  // The server made A a creator: the header's Creator Hub link appears.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Creator Hub' })).toBeVisible();
  // /create now says it is live, and its action updates the listing.
  await expect(page.getByRole('button', { name: `Update marketplace listing: ${pattern}` })).toBeVisible();

  // B: finds it by search, with A's name and no use yet.
  const contextB = await browser.newContext();
  const b = await contextB.newPage();
  try {
    await signUpFresh(b, 'market-b');
    await b.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).click();
    await expect(b.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    await b.getByLabel('Search patterns').fill(pattern);
    await expect(b.getByRole('status').filter({ hasText: '1 pattern found' })).toBeVisible();
    const card = b.getByRole('article', { name: pattern });
    await expect(card).toContainText('by Ada Tide');
    await expect(card).toContainText('Sleep');
    await expect(card).toContainText('5-0-7-0');
    await expect(card).toContainText('No ratings yet');
    await expect(card).toContainText('0 people · 0 sessions');
    await expectNoSeriousA11yViolations(b, '/marketplace');

    // Try: a classic session with the pattern's timings.
    await card.getByRole('button', { name: `Try ${pattern}` }).click();
    await expect(b).toHaveURL(/\/session\/classic/);
    await expect(b.getByText(pattern).first()).toBeVisible();

    // Add to library: a copy in B's own patterns; B rates it 4.
    await b.goBack();
    const again = b.getByRole('article', { name: pattern });
    await again.getByRole('button', { name: `Add to library: ${pattern}` }).click();
    await expect(b.getByText(`${pattern} added to your library`)).toBeVisible();
    await expect(again.getByRole('button', { name: `In your library: ${pattern}` })).toBeDisabled();
    await again.getByRole('radio', { name: '4 stars' }).click();
    await expect(again).toContainText('4.0 of 5 (1 rating)');
    await expect(again).toContainText('1 person · 0 sessions');
    // Offline: the page last seen, labelled as such, without rating.
    await contextB.setOffline(true);
    await b.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await b.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).click();
    await expect(b.getByRole('note')).toContainText("You're offline. This is the page as it was when last loaded");
    const saved = b.getByRole('article', { name: pattern });
    await expect(saved).toContainText('by Ada Tide');
    await expect(saved.getByRole('radiogroup')).toHaveCount(0);
    await contextB.setOffline(false);
    await gotoHydrated(b, '/create');
    await expect(b.getByRole('link', { name: `Practice ${pattern}` })).toBeVisible();
  } finally {
    await contextB.close();
  }

  // A's hub: B's use and rating.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Creator Hub' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Creator Hub' })).toBeVisible();
  const row = page.getByRole('article', { name: new RegExp(pattern) });
  await expect(row).toContainText('Published');
  await expect(row).toContainText('1 person · 0 sessions');
  await expect(row).toContainText('4.0 of 5 (1 rating)');
  await expectNoSeriousA11yViolations(page, '/creator-dashboard');
});
