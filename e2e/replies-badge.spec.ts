import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, signUpFresh, test } from './fixtures';
import { getLocalRow } from './localDb';

/**
 * The bottom navigation's unseen-replies badge against `npm start` in Chromium on a phone
 * viewport: member A posts, member B (another browser context) comments through the
 * community API; A's Community tab shows the count, '9+' above nine with the exact count in
 * its accessible name, and opening the community clears it. Does not prove: push or live
 * updates (the count is asked on navigation and focus), other browsers.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

async function token(page: Page): Promise<string> {
  const s = await getLocalRow<{ accessToken: string }>(page, 'authSession', 'current');
  if (!s) throw new Error('not signed in');
  return s.accessToken;
}

async function api(request: APIRequestContext, bearer: string, path: string, body: unknown) {
  const anon = ((await (await request.get('/config.json')).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
  const res = await request.post(`/api${path}`, {
    headers: { apikey: anon, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { post?: { id: string } };
}

async function otherMember(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signUpFresh(page, 'badge-b');
  return { page, close: () => context.close() };
}

test('unseen replies on the Community tab: the count, 9+ above nine, cleared on opening the community', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await signUpFresh(page, 'badge-a');
  const bottom = page.getByRole('navigation', { name: 'Bottom' });
  const community = bottom.getByRole('link', { name: /^Community/ });
  await expect(community).toBeVisible();
  await expect(community).toHaveAccessibleName('Community');

  const post = await api(request, await token(page), '/social/share', {
    type: 'BREATHING_SESSION',
    content: 'Box before work',
    metadata: { breathingPattern: { id: 'box', name: 'Box Breathing' } },
  });
  const b = await otherMember(browser);
  const bToken = await token(b.page);
  for (const text of ['Nice', 'Same here', 'Thanks for sharing']) {
    await api(request, bToken, '/social/comments', { postId: post.post!.id, content: text });
  }
  await api(request, await token(page), '/social/comments', { postId: post.post!.id, content: 'My own reply' });

  await page.goto('/progress');
  await expect(community).toHaveAccessibleName('Community 3 unseen replies');
  await expect(page.getByTestId('replies-badge')).toHaveText('3');

  for (let i = 0; i < 8; i++) await api(request, bToken, '/social/comments', { postId: post.post!.id, content: `More ${i}` });
  await page.goto('/');
  await expect(community).toHaveAccessibleName('Community 11 unseen replies');
  await expect(page.getByTestId('replies-badge')).toHaveText('9+');

  await community.click();
  await expect(page).toHaveURL(/\/community/);
  await expect(page.getByTestId('replies-badge')).toHaveCount(0);
  await page.goto('/');
  await expect(bottom.getByRole('link', { name: /^Community/ })).toBeVisible();
  await expect(page.getByTestId('replies-badge')).toHaveCount(0);
  await b.close();
});
