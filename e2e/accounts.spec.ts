import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, gotoHydrated, waitForServiceWorkerControl } from './fixtures';
import { pressStart } from './practise';
import { expectNoSeriousA11yViolations } from './a11y';
import { getLocalRow, getLocalRows } from './localDb';

/**
 * Accounts against `npm start` (the built app and the embedded backend) in Chromium:
 * sign up, welcome name, sign out, sign in; a gated page follows its fallback for a
 * guest and continues after sign-in; a custom 3-2-3-1 pattern is made, practised (the
 * clock fast-forwarded) and shows up in progress, on the server and offline; axe finds
 * no serious or critical violation on the account screens; the account can be deleted.
 */

const PASSWORD = 'correct horse 42';
const uniqueEmail = (tag: string) =>
  `acc-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function signUpInUi(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Your account is ready. You are signed in.')).toBeVisible();
}

async function tokens(page: Page): Promise<{ accessToken: string; userId: string }> {
  const session = await getLocalRow<{ accessToken: string; userId: string }>(
    page,
    'authSession',
    'current',
  );
  if (!session) throw new Error('No signed-in session on this device');
  return session;
}

async function rest(request: APIRequestContext, page: Page, path: string): Promise<unknown[]> {
  const key = ((await (await request.get('/config.json')).json()) as { supabaseAnonKey: string })
    .supabaseAnonKey;
  const { accessToken } = await tokens(page);
  const res = await request.get(`/rest/v1/${path}`, {
    headers: { apikey: key, authorization: `Bearer ${accessToken}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as unknown[];
}

test('sign up, welcome name, sign out, sign in; wrong password shows the provider message', async ({
  page,
}) => {
  const email = uniqueEmail('flow');
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByText('Enter your credentials to continue')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/auth');

  // Both fields are required: nothing is sent with an empty form.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signUpInUi(page, email);
  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('navigation', { name: 'Main' });
  await expect(header.getByRole('link', { name: 'Progress' })).toBeVisible();

  // Welcome name (no display name yet: the email's local part), then a chosen one.
  await header.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText(`Welcome, ${email.split('@')[0]}`)).toBeVisible();
  await expect(page.getByText('Role:')).toHaveCount(0);
  await page.getByLabel('Display name').fill('Ada Breath');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Welcome, Ada Breath')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/profile');

  // The users row was created on first sign-in with role user.
  const { userId } = await tokens(page);
  expect(await rest(page.request, page, `users?select=id,role&id=eq.${userId}`)).toEqual([
    { id: userId, role: 'user' },
  ]);

  // The name survives a reload (cached user, metadata).
  await page.reload();
  await expect(page.getByText('Welcome, Ada Breath')).toBeVisible();

  // Signing out from the header, even on a signed-in-only page (here /progress), goes home.
  await header.getByRole('link', { name: 'Progress' }).click();
  await expect(page).toHaveURL(/\/progress$/);
  await header.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Progress' })).toHaveCount(0);

  await header.getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Successfully logged in!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await header.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText('Welcome, Ada Breath')).toBeVisible();
});

test('a gated page follows its fallback for a guest and continues there after sign-in', async ({
  page,
}) => {
  // A guest's progress is on the device: /progress shows it, with the account offered below.
  await gotoHydrated(page, '/progress');
  await expect(page.getByRole('heading', { name: 'Your Progress', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Sign up or sign in' }).click();
  await expect(page).toHaveURL(/\/auth\?context=progress&redirect=%2Fprogress$/);
  await expect(
    page.getByText('Sign in to see your progress, streaks and achievements.'),
  ).toBeVisible();
  await signUpInUi(page, uniqueEmail('gate'));
  await expect(page).toHaveURL(/\/progress$/);
  await expect(page.getByRole('heading', { name: 'Your Progress', exact: true })).toBeVisible();
  await expect(page.getByText('No sessions yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start your first session' })).toBeVisible();

  // A session practised on another device (only on the server) counts too.
  const key = (
    (await (await page.request.get('/config.json')).json()) as { supabaseAnonKey: string }
  ).supabaseAnonKey;
  const { accessToken, userId } = await tokens(page);
  const now = new Date().toISOString();
  const posted = await page.request.post('/rest/v1/sessions', {
    headers: {
      apikey: key,
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
    },
    data: {
      id: '6f1c2f0e-9a7b-4c1d-8e2f-3a4b5c6d7e8f',
      user_id: userId,
      pattern_id: 'relaxation',
      pattern_name: 'Other Device Pattern',
      session_duration: 240,
      cycle_count: 5,
      target_cycles: 10,
      session_type: 'classic',
      camera_used: false,
      ai_used: false,
      start_time: now,
      end_time: now,
      completed: true,
      created_at: now,
    },
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  await page.reload();
  await expect(
    page
      .locator('.stat')
      .filter({ has: page.getByText('Total Sessions', { exact: true }) })
      .locator('.stat__value'),
  ).toHaveText('1');
  await expect(page.locator('.history-item').first()).toContainText('Other Device Pattern');
  await expect(page.locator('.history-item').first()).toContainText('4:00');

  // The profile gate does the same (once the sign-out has finished: 'Sign In' is back).
  const mainNav = page.getByRole('navigation', { name: 'Main' });
  await mainNav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
});

test('custom 3-2-3-1 pattern: create, practise, see it in progress and on the server, offline too', async ({
  page,
  context,
}) => {
  await page.clock.install();
  await page.goto('/auth');
  await signUpInUi(page, uniqueEmail('pattern'));

  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Create Pattern' })).toBeVisible();
  await expect(page.getByText('No custom patterns yet.', { exact: false })).toBeVisible();

  // Clear messages for bad input.
  await page.getByLabel('Name', { exact: true }).fill('Triangle');
  await page.getByLabel('Inhale', { exact: true }).fill('0');
  await page.getByLabel('Exhale', { exact: true }).fill('61');
  await page.getByRole('button', { name: 'Save pattern' }).click();
  await expect(page.getByText('Inhale must be at least 0.5 seconds')).toBeVisible();
  await expect(page.getByText('Exhale can be at most 60 seconds')).toBeVisible();
  await expect(page.getByText('Fix the timings to see the preview.')).toBeVisible();

  await page.getByLabel('Inhale', { exact: true }).fill('3');
  await page.getByLabel('Hold', { exact: true }).fill('2');
  await page.getByLabel('Exhale', { exact: true }).fill('3');
  await page.getByLabel('Hold after exhale').fill('1');
  await page
    .getByRole('region', { name: 'New pattern' })
    .getByLabel('Description')
    .fill('A short triangle with a rest.');
  await page.getByLabel('Benefits').fill('Calm\nFocus');

  // The live preview runs on the breath clock: inhale for 3 s, then hold.
  const phase = page.getByTestId('preview-phase');
  await expect(phase).toHaveText('Inhale');
  await page.clock.runFor(3100);
  await expect(phase).toHaveText('Hold');
  await page.clock.runFor(2000);
  await expect(phase).toHaveText('Exhale');
  await expect(page.getByText('One cycle: 9 seconds')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/create');

  await page.getByRole('button', { name: 'Save pattern' }).click();
  await expect(page.getByRole('heading', { name: 'Triangle', level: 3 })).toBeVisible();
  await expect(page.getByText('3-2-3-1 · Stress Relief · Beginner')).toBeVisible();
  await expect(page.getByText('Synced', { exact: true })).toBeVisible();

  const practise = page.getByRole('link', { name: 'Practice Triangle' });
  const href = await practise.getAttribute('href');
  const patternId = new URL(href!, 'http://x').searchParams.get('pattern')!;
  expect(patternId).toMatch(/^[0-9a-f-]{36}$/);
  expect(
    await rest(
      page.request,
      page,
      `patterns?select=id,name,inhale,hold,exhale,hold_after_exhale,deleted&id=eq.${patternId}`,
    ),
  ).toEqual([
    {
      id: patternId,
      name: 'Triangle',
      inhale: 3,
      hold: 2,
      exhale: 3,
      hold_after_exhale: 1,
      deleted: false,
    },
  ]);

  // Practise it: 10 cycles of 9 s.
  await practise.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Triangle');
  await pressStart(page);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  await page.clock.runFor(90_500);
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeVisible();

  await page.goto('/progress');
  await expect(page.getByRole('heading', { name: 'Your Progress', exact: true })).toBeVisible();
  const stat = (label: string) =>
    page
      .locator('.stat')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('.stat__value');
  await expect(stat('Total Sessions')).toHaveText('1');
  await expect(stat('Total Time')).toHaveText('1 min'); // 90 s
  await expect(stat('This Week')).toHaveText('1');
  await expect(stat('Current Streak')).toHaveText('1 day');
  await expect(stat('Preferred Pattern')).toHaveText('Triangle');
  await expect(stat('Level')).toHaveText('Beginner');
  await expect(page.getByText('1 of 7 sessions in the last 7 days (14%)')).toBeVisible();
  const history = page.locator('.history-item');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText('Triangle');
  await expect(history.first()).toContainText('1:30');
  await expect(page.locator('.achievement--unlocked')).toContainText(['First Breath']);
  await expect(page.getByRole('table', { name: 'Sessions per pattern' })).toContainText('Triangle');
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/progress');

  // The session reached the server (the outbox), once.
  await expect
    .poll(
      async () =>
        (await rest(page.request, page, 'sessions?select=pattern_name,session_duration')).length,
      { timeout: 15_000 },
    )
    .toBe(1);

  // Offline: the page reloads from the service worker and the local database.
  await waitForServiceWorkerControl(page);
  await page.goto('/progress');
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Progress', exact: true })).toBeVisible();
  await expect(stat('Total Sessions')).toHaveText('1');
  await expect(stat('Preferred Pattern')).toHaveText('Triangle');
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
  await context.setOffline(false);
});

test('account deletion needs the typed confirmation and removes the account', async ({ page }) => {
  const email = uniqueEmail('delete');
  await page.goto('/auth');
  await signUpInUi(page, email);
  const { userId } = await tokens(page);
  await page.goto('/create');
  await page.getByLabel('Name', { exact: true }).fill('Doomed');
  await page.getByRole('button', { name: 'Save pattern' }).click();
  await expect(page.getByText('Synced', { exact: true })).toBeVisible();
  const localPatterns = async () =>
    (await getLocalRows<{ userId: string | null }>(page, 'patterns')).filter(
      (p) => p.userId === userId,
    ).length;
  expect(await localPatterns()).toBe(1);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await localPatterns()).toBe(0);

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
});

test('guest sessions: offered at sign-up, counted in progress once added to the account', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/session/classic?pattern=box');
  await pressStart(page);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  await page.clock.runFor(160_500);
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeVisible();

  await page.goto('/auth');
  await signUpInUi(page, uniqueEmail('guest'));
  const dialog = page.getByRole('dialog', { name: 'Add your guest sessions to your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep on this device only' }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto('/progress');
  await expect(
    page.getByText(
      '1 session practiced as a guest on this device is not part of your account yet',
      { exact: false },
    ),
  ).toBeVisible();
  await expect(page.getByText('No sessions yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Add them to my account' }).click();
  const total = page
    .locator('.stat')
    .filter({ has: page.getByText('Total Sessions', { exact: true }) })
    .locator('.stat__value');
  await expect(total).toHaveText('1');
  await expect(page.locator('.history-item').first()).toContainText('Box Breathing');
  await expect(page.locator('.history-item').first()).toContainText('10 cycles');
});

test('/onboarding is the same form outside the main layout; the mobile menu signs out', async ({
  page,
}) => {
  await page.goto('/onboarding?context=social');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByText('Sign in to share your practice with the community.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await signUpInUi(page, uniqueEmail('onboarding'));
  await expect(page).toHaveURL(/\/$/);

  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign In' }),
  ).toBeVisible();
});

test('a guest makes, edits and deletes a custom pattern on this device', async ({ page }) => {
  await page.goto('/create');
  await page.getByLabel('Name', { exact: true }).fill('Evening');
  await page.getByLabel('Inhale', { exact: true }).fill('4,5');
  await page.getByLabel('Exhale', { exact: true }).fill('6.25');
  await page.getByRole('button', { name: 'Save pattern' }).click();
  await expect(page.getByText('4.5-0-6.25-0 · Stress Relief · Beginner')).toBeVisible();
  await expect(page.getByText('On this device', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Evening' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Evening' })).toBeVisible();
  await expect(page.getByLabel('Inhale', { exact: true })).toHaveValue('4.5');
  await page.getByLabel('Name', { exact: true }).fill('Evening wind-down');
  await page.getByLabel('Category').selectOption('sleep');
  await page.getByLabel('Difficulty').selectOption('Intermediate');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('4.5-0-6.25-0 · Sleep · Intermediate')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Evening wind-down', level: 3 })).toBeVisible();

  // Still there after a reload (IndexedDB), then deleted after a confirmation.
  await page.reload();
  await page.getByRole('button', { name: 'Delete Evening wind-down' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No custom patterns yet.', { exact: false })).toBeVisible();
});
