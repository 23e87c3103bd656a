import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, signUpFresh, test } from './fixtures';
import { getLocalRow } from './localDb';
import { practise, practiseClassicSession } from './practise';

/**
 * The community's highlights and exploration lists and the community preferences, against
 * `npm start` in Chromium with two members in two browser contexts. B posts through the
 * community API; A finds B's post under Explore, reacts (it becomes a highlight), follows B
 * (B leaves Explore). B then chooses 'Only me' in the community preferences: the choice
 * syncs to the server, and A's feed stops showing B's post. A turns 'Share to the community
 * by default' off, 'Followers only' and a default pattern: the share screen starts with the
 * Pneuma Community not chosen, from the newest session of that pattern, and says who will see
 * a post.
 * Does not prove: other browsers; the exact ordering rules (tests/server/community/privacyAndLists.ts).
 */

async function token(page: Page): Promise<string> {
  const s = await getLocalRow<{ accessToken: string }>(page, 'authSession', 'current');
  if (!s) throw new Error('not signed in');
  return s.accessToken;
}

async function share(request: APIRequestContext, bearer: string, content: string): Promise<string> {
  const anon = ((await (await request.get('/config.json')).json()) as { supabaseAnonKey: string })
    .supabaseAnonKey;
  const res = await request.post('/api/social/share', {
    headers: {
      apikey: anon,
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
    },
    data: {
      type: 'BREATHING_SESSION',
      content,
      metadata: { breathingPattern: { id: 'box', name: 'Box Breathing' } },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { post: { id: string } }).post.id;
}

async function otherMember(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signUpFresh(page, 'lists-b');
  return { page, close: () => context.close() };
}

test('highlights and explore from real posts; privacy and share-by-default obeyed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await page.clock.install();
  await signUpFresh(page, 'lists-a');
  const b = await otherMember(browser);
  const text = `Box breathing before work ${Date.now()}`;
  await share(request, await token(b.page), text);

  await page.goto('/community');
  const tabs = page.getByRole('tablist', { name: 'Community posts' });
  await expect(tabs.getByRole('tab', { name: 'Feed' })).toHaveAttribute('aria-selected', 'true');

  // Explore: B's post (A does not follow B).
  await tabs.getByRole('tab', { name: 'Explore' }).click();
  const explore = page.getByTestId('community-explore');
  const post = explore.getByTestId('post').filter({ hasText: text });
  await expect(post).toBeVisible();
  const react = post.getByRole('button', { name: /react to .*'s post$/ });
  await react.click();
  await expect(react).toHaveAttribute('aria-pressed', 'true');

  // Highlights: the post A reacted to.
  await tabs.getByRole('tab', { name: 'Highlights' }).click();
  const highlights = page.getByTestId('community-highlights');
  await expect(highlights.getByTestId('post').filter({ hasText: text })).toBeVisible();

  // Following B takes B's posts out of Explore.
  await tabs.getByRole('tab', { name: 'Explore' }).click();
  await explore
    .getByTestId('post')
    .filter({ hasText: text })
    .getByRole('button', { name: 'Follow' })
    .click();
  await explore.getByRole('button', { name: 'Refresh' }).click();
  await expect(explore.getByTestId('post').filter({ hasText: text })).toHaveCount(0);

  // B: 'Only me'. The preference syncs; A's feed no longer has B's post.
  await b.page.goto('/community');
  await b.page.getByLabel('Who sees my posts').selectOption('private');
  await expect(b.page.getByLabel('Who sees my posts')).toHaveValue('private');
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByRole('tablist', { name: 'Community posts' })).toBeVisible();
        // The feed has answered (its list or its empty state), not failed or still loading.
        await expect(page.getByRole('region', { name: 'Posts' })).toBeVisible();
        return page.getByText(text).count();
      },
      { timeout: 30_000, intervals: [1000, 2000, 3000] },
    )
    .toBe(0);
  // B still sees their own post.
  await b.page.reload();
  await expect(b.page.getByText(text)).toBeVisible();
  await b.close();

  // A: share to the community by default, off: the share screen starts without it.
  await page.getByRole('switch', { name: 'Share to the community by default' }).click();
  await expect(
    page.getByRole('switch', { name: 'Share to the community by default' }),
  ).toHaveAttribute('aria-checked', 'false');
  await page.getByLabel('Who sees my posts').selectOption('followers');
  await expect(page.getByLabel('Who sees my posts')).toHaveValue('followers');
  await page.getByLabel('Default pattern to share').selectOption('mindfulness');
  await expect(page.getByLabel('Default pattern to share')).toHaveValue('mindfulness');
  // A mindfulness session, then a newer box one: the share screen starts from mindfulness.
  await practise(page);
  await practiseClassicSession(page);
  await page.goto('/create-post');
  await page.getByRole('tab', { name: 'Editor' }).click();
  await expect(page.getByLabel('Session to share').locator('option:checked')).toContainText(
    'Mindful Breathing',
  );
  await page.getByRole('tab', { name: 'Platforms' }).click();
  await expect(page.getByRole('checkbox', { name: /Pneuma Community/ })).not.toBeChecked();
  await expect(page.getByText('Choose at least one platform.')).toBeVisible();
  // Who will see the post is said before sharing.
  await expect(page.getByTestId('share-audience')).toHaveText(
    'Your community posts are seen by the members who follow you. Change it in the community preferences.',
  );
});

test("empty lists say why, under the page's one Share your progress (the server answers replaced by empty lists)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpFresh(page, 'lists-empty');
  // Other specs' posts share this server: the empty answers are stood in for here.
  for (const path of ['highlights', 'explore']) {
    await page.route(`**/api/social/${path}`, (route) => route.fulfill({ json: { items: [] } }));
  }
  await page.goto('/community');
  const tabs = page.getByRole('tablist', { name: 'Community posts' });
  await tabs.getByRole('tab', { name: 'Highlights' }).click();
  const highlights = page.getByTestId('community-highlights');
  await expect(highlights.getByText(/^No highlights this week yet\./)).toBeVisible();
  // One way to share on the page, its head's (an empty list repeated it just below: issue 44).
  const share = page.getByRole('link', { name: 'Share your progress' });
  await expect(share).toHaveCount(1);
  await expect(share).toHaveAttribute('href', '/create-post');
  await expect(highlights.getByRole('link', { name: 'Share your progress' })).toHaveCount(0);
  await tabs.getByRole('tab', { name: 'Explore' }).click();
  const explore = page.getByTestId('community-explore');
  await expect(explore.getByText(/^Nobody new to discover right now/)).toBeVisible();
  await expect(share).toHaveCount(1);
  await expect(explore.getByRole('link', { name: 'Share your progress' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(
    page,
    '/community Explore, empty, with the preferences panel',
  );
});
