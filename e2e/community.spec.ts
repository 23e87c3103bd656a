import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, signUpFresh, test } from './fixtures';
import { practise } from './practise';

/**
 * Sharing and community against `npm start` in Chromium, with two members in two browser
 * contexts: A practises a session, writes a post on /create-post (Share is disabled while it
 * runs, with blank text and with no platform), downloads the progress card (checked as an
 * 800x600 PNG) and shares to the community; B sees the post on /community with A's text as
 * text, reacts and follows; A sees B's reaction. The share sheet and the share pages are
 * real browser calls, replaced here by recorders (nothing may leave this machine).
 */

/** A fresh member `community-<tag>-…@example.test`, signed up once the page has hydrated. */
const signUp = (page: Page, tag: string) => signUpFresh(page, `community-${tag}`);

/** window.open and the Web Share API, recorded instead of leaving the machine. */
async function recordShares(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __opened: string[]; __shared: unknown[] };
    w.__opened = [];
    w.__shared = [];
    window.open = ((url: string) => {
      w.__opened.push(String(url));
      return {} as Window;
    }) as typeof window.open;
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        const files = await Promise.all(
          (data.files ?? []).map(async (f) => ({ name: f.name, type: f.type, head: Array.from(new Uint8Array(await f.slice(0, 8).arrayBuffer())) })),
        );
        w.__shared.push({ text: data.text, url: data.url, files });
      },
    });
  });
}

test('two members: A shares from /create-post, B sees it on /community, reacts and follows; A sees the reaction', async ({
  browser,
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await recordShares(context);
  await page.clock.install();
  await signUp(page, 'a');
  await practise(page);

  // The share screen: real figures, Smart Templates, the editor with its counter.
  await page.goto('/create-post');
  await expect(page.getByRole('heading', { level: 1, name: 'Share Your Wellness Journey' })).toBeVisible();
  const stats = page.getByTestId('share-stats');
  await expect(stats.locator('.stat').filter({ hasText: 'Sessions' }).locator('dd')).toHaveText('1');
  await expect(stats.locator('.stat').filter({ hasText: 'Minutes' }).locator('dd')).toHaveText('1');
  await expect(page.getByRole('heading', { name: 'Smart Templates' })).toBeVisible();
  await page.getByRole('button', { name: /First session/ }).click();
  const box = page.getByLabel('Your post');
  await expect(box).toHaveValue('I just finished my first guided breathing session: Mindful Breathing, 1:20. A calm start.');
  await expect(page.getByTestId('post-counter')).toHaveText('89/280');
  await expectNoSeriousA11yViolations(page, '/create-post');

  // Share is disabled with blank text, and with no platform.
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await box.fill('   ');
  await expect(share).toBeDisabled();
  await expect(page.getByText('Write something to share.')).toBeVisible();
  const text = 'Calm after mindful breathing <img src=x onerror="window.__xss=1"> <b>5-0-5-0</b>';
  await box.fill(text);
  await expect(share).toBeEnabled();
  await page.getByRole('tab', { name: 'Platforms' }).click();
  const community = page.getByRole('checkbox', { name: /Pneuma Community/ });
  await community.uncheck();
  await expect(share).toBeDisabled();
  await expect(page.getByText('Choose at least one platform.')).toBeVisible();
  await community.check();

  // Download Card: an 800x600 PNG named as a stats png, drawn from the figures.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Card' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pneuma-stats-\d{4}-\d{2}-\d{2}\.png$/);
  const png = PNG.sync.read(await readFile((await download.path())!));
  expect([png.width, png.height]).toEqual([800, 600]);
  const colours = new Set<number>();
  for (let i = 0; i < png.data.length; i += 4 * 97) colours.add(png.data.readUInt32BE(i));
  expect(colours.size).toBeGreaterThan(20); // a drawn card, not a blank image

  // While the share runs, Share is disabled; then the post is on the server.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/social/share', async (route) => {
    await held;
    await route.continue();
  });
  await share.click();
  await expect(page.getByRole('button', { name: 'Sharing…' })).toBeDisabled();
  release();
  await expect(page.getByText('Posted to the Pneuma Community.')).toBeVisible();
  await page.unroute('**/api/social/share');

  // The share sheet gets the card as a PNG file; a share page opens with the text.
  await page.getByRole('checkbox', { name: /Pneuma Community/ }).uncheck();
  await page.getByRole('checkbox', { name: /Share sheet/ }).check();
  await page.getByRole('checkbox', { name: /X \(Twitter\)/ }).check();
  await share.click();
  await expect(page.getByText("Shared through your device's share sheet.")).toBeVisible();
  await expect(page.getByText('X (Twitter) opened in a new tab: finish posting there.')).toBeVisible();
  const recorded = await page.evaluate(() => {
    const w = window as unknown as { __opened: string[]; __shared: { files: { name: string; type: string; head: number[] }[] }[] };
    return { opened: w.__opened, shared: w.__shared };
  });
  expect(recorded.opened).toHaveLength(1);
  expect(new URL(recorded.opened[0]!).searchParams.get('text')).toBe(text);
  expect(recorded.shared[0]!.files[0]).toMatchObject({
    name: expect.stringMatching(/^pneuma-stats-\d{4}-\d{2}-\d{2}\.png$/),
    type: 'image/png',
    head: [137, 80, 78, 71, 13, 10, 26, 10], // the PNG signature
  });

  // B, in another browser context, sees the post (the text as text), reacts and follows.
  const contextB = await browser.newContext();
  const b = await contextB.newPage();
  try {
    await signUp(b, 'b');
    await b.goto('/community');
    await expect(b.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    const post = b.getByTestId('post').filter({ hasText: 'Calm after mindful breathing' }).first();
    await expect(post.locator('.post__content')).toHaveText(text);
    await expect(post.locator('img')).toHaveCount(0);
    expect(await b.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(post.locator('.post__pattern-name')).toHaveText('Mindful Breathing');
    await expect(post.locator('.post__pattern')).toContainText('5-0-5-0 · 1:20 · 8/8 cycles');
    const react = post.getByRole('button', { name: /react to .*'s post$/ });
    await expect(react).toHaveAccessibleName(/^0 reactions: react to/);
    await react.click();
    await expect(react).toHaveAccessibleName(/^1 reaction: react to/);
    await expect(react).toHaveAttribute('aria-pressed', 'true');
    await post.getByRole('button', { name: 'Follow' }).click();
    await expect(post.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousA11yViolations(b, '/community');
    // After a reload the reaction and the follow are the server's.
    await b.reload();
    const again = b.getByTestId('post').filter({ hasText: 'Calm after mindful breathing' }).first();
    await expect(again.getByRole('button', { name: 'Following' })).toBeVisible();
    await expect(again.getByTestId('reaction-count')).toHaveText('1');
  } finally {
    await contextB.close();
  }

  // A sees B's reaction on the post, and in the Analytics of Advanced Mode.
  await page.goto('/community');
  const mine = page.getByTestId('post').filter({ hasText: 'Calm after mindful breathing' }).first();
  await expect(mine.getByTestId('reaction-count')).toHaveText('1');
  await expect(mine.getByRole('button', { name: 'Delete' })).toBeVisible();
  await page.goto('/create-post');
  await page.getByRole('switch', { name: 'Advanced Mode' }).click();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const analytics = page.getByTestId('post-analytics');
  await expect(analytics.locator('.stat').filter({ hasText: 'Reactions from others' }).locator('dd')).toHaveText('1');
  await expect(analytics.locator('.stat').filter({ hasText: 'Posts' }).first().locator('dd')).toHaveText('1');
});

test('a visitor: sign in to share, the community asks to sign in, and Share before any session explains itself', async ({ page }) => {
  await page.goto('/create-post');
  await expect(page.getByRole('heading', { level: 1, name: 'Share Your Wellness Journey' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to share' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Explore Community' })).toHaveAttribute('href', '/community');
  await expect(page.getByRole('link', { name: 'Teach', exact: true }).first()).toHaveAttribute('href', '/instructor-onboarding');
  await page.getByRole('link', { name: 'Sign in or sign up' }).click();
  await expect(page).toHaveURL(/\/auth\?context=social&redirect=%2Fcreate-post$/);
  await expect(page.getByText('Sign in to share your practice with the community.')).toBeVisible();

  await page.goto('/community');
  await expect(page.getByRole('heading', { name: 'Sign in to join the community' })).toBeVisible();

  await page.goto('/?prompt=share');
  const note = page.getByRole('status').filter({ hasText: 'Sharing starts after your first session' });
  await expect(note).toBeVisible();
  await note.getByRole('link', { name: 'Start a session' }).click();
  await expect(page).toHaveURL(/\/session\/classic$/); // /session goes on to the one pre-session step
});
