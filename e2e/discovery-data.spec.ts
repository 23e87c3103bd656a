import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { putLocalRows, waitForAppDb } from './localDb';

/**
 * Discovery with real local data: sessions and a rating written into this browser's
 * IndexedDB (as the session and results screens write them) drive Most Popular, Highest
 * Rated, the usage counts on the cards, the Smart Picks and the 'Your Progress' card.
 */

const DAY = 86_400_000;

interface Seed {
  patternId: string;
  patternName: string;
  daysAgo: number;
}

async function seed(
  page: Page,
  sessions: Seed[],
  ratings: { patternId: string; rating: number }[],
  owner: 'guest' | 'signed-in' = 'guest',
): Promise<void> {
  await waitForAppDb(page);
  // Retried: while the app is still making its database a transaction here throws (now a
  // rejection instead of a promise that never settles).
  await expect(async () => {
    await seedOnce(page, sessions, ratings, owner);
  }).toPass({ timeout: 20_000 });
}

function seedOnce(
  page: Page,
  sessions: Seed[],
  ratings: { patternId: string; rating: number }[],
  owner: 'guest' | 'signed-in',
): Promise<void> {
  return page.evaluate(
    ({ sessions, ratings, DAY, owner }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pneuma');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          let tx: IDBTransaction;
          try {
            tx = open.result.transaction(['sessions', 'userRatings', 'authSession'], 'readwrite');
          } catch (error) {
            open.result.close();
            reject(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          const now = Date.now();
          const auth = tx.objectStore('authSession').get('current');
          auth.onsuccess = () => {
            const userId: string | null =
              owner === 'signed-in' ? (auth.result as { userId: string }).userId : null;
            sessions.forEach((s, i) => {
              const end = now - s.daysAgo * DAY;
              tx.objectStore('sessions').put({
                id: `seed-${i}`,
                userId,
                patternId: s.patternId,
                patternName: s.patternName,
                sessionType: 'classic',
                startTime: end - 60_000,
                endTime: end,
                duration: 60,
                cycleCount: 4,
                targetCycles: 10,
                completed: true,
                cameraUsed: false,
                aiUsed: false,
                createdAt: new Date(end).toISOString(),
                // Signed-in rows are marked synced so the outbox leaves them alone.
                syncState: userId ? 'synced' : 'guest',
                attempts: 0,
              });
            });
            // Ratings belong to the person ('' = the guest), one row per pattern.
            for (const r of ratings) {
              tx.objectStore('userRatings').put({
                ...r,
                owner: userId ?? '',
                ratedAt: now,
                updatedAt: new Date(now).toISOString(),
                deleted: false,
                syncState: userId ? 'synced' : 'guest',
              });
            }
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { sessions, ratings, DAY, owner },
  );
}

const HISTORY: Seed[] = [
  { patternId: 'sleep', patternName: 'Sleep Preparation', daysAgo: 0 },
  { patternId: 'sleep', patternName: 'Sleep Preparation', daysAgo: 1 },
  { patternId: 'sleep', patternName: 'Sleep Preparation', daysAgo: 10 },
  { patternId: 'box', patternName: 'Box Breathing', daysAgo: 2 },
];

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('library sorts by this device’s real usage and the user’s own ratings', async ({ page }) => {
  await page.goto('/patterns');
  await expect(page.getByRole('heading', { name: 'Recommended for now' })).toBeVisible();
  await seed(page, HISTORY, [{ patternId: 'energy', rating: 5 }]);
  await page.reload();

  const panel = page.getByRole('tabpanel');
  const names = () => panel.getByRole('heading', { level: 3 }).allTextContents();
  await expect(
    panel.getByRole('article').filter({ hasText: 'Sleep Preparation' }).getByText('Sessions'),
  ).toBeVisible();

  // Most Popular (the default): sleep (3), box (1), then the unused ones A-Z.
  const popular = await names();
  expect(popular.slice(0, 3)).toEqual(['Sleep Preparation', 'Box Breathing', '4-7-8 Relaxation']);
  const sleepCard = panel.getByRole('article').filter({ hasText: 'Sleep Preparation' });
  await expect(sleepCard.locator('dd').filter({ hasText: /^3$/ })).toBeVisible();
  // Unused patterns show no count at all.
  await expect(
    panel.getByRole('article').filter({ hasText: 'Mindful Breathing' }).getByText('Sessions'),
  ).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Highest Rated' });
  expect((await names())[0]).toBe('Energy Boost');
  await expect(
    panel.getByRole('article').filter({ hasText: 'Energy Boost' }).getByText('5/5'),
  ).toBeVisible();
  await expect(panel.getByText('Your rating')).toHaveCount(1);

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Recently Used' });
  expect((await names()).slice(0, 2)).toEqual(['Sleep Preparation', 'Box Breathing']);
});

test('a returning user gets Smart Picks from their history, not the first-session rule', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await seed(page, HISTORY, []);
  await page.reload();
  // A returning visitor's choices are folded until asked for.
  await page.getByRole('button', { name: 'Choose another practice' }).click();
  await page.getByRole('tab', { name: 'Smart Picks' }).click();
  const picks = page.getByRole('list', { name: 'Smart Picks' }).getByRole('listitem');
  await expect(picks).toHaveCount(3);
  await expect(page.getByText(/first session/)).toHaveCount(0);
  // Guests see no progress card and no progress link.
  await expect(page.getByRole('heading', { name: 'Your Progress', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View your progress' })).toHaveCount(0);
});

test('Smart Picks: a mood choice ranks its patterns first, pressing it again clears it', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await seed(page, HISTORY, []);
  await page.reload();
  // A returning visitor's choices are folded until asked for.
  await page.getByRole('button', { name: 'Choose another practice' }).click();
  await page.getByRole('tab', { name: 'Smart Picks' }).click();
  const picks = page.getByRole('list', { name: 'Smart Picks' }).getByRole('listitem');
  await expect(picks).toHaveCount(3);
  const tired = page
    .getByRole('group', { name: 'How do you feel right now?' })
    .getByRole('button', { name: 'Tired' });
  await expect(tired).toHaveAttribute('aria-pressed', 'false');
  await tired.click();
  await expect(tired).toHaveAttribute('aria-pressed', 'true');
  await expect(picks.nth(0)).toContainText('Energizing Breath');
  await expect(picks.nth(0)).toContainText('Matches how you feel');
  await expect(picks.nth(0)).toContainText('You feel tired');
  await tired.click();
  await expect(tired).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('Matches how you feel')).toHaveCount(0);
});

test('signed in with history: welcome back and the Your Progress card from local history', async ({
  page,
}) => {
  const email = `disc-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse 42');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'View your progress' })).toBeVisible();
  await seed(page, HISTORY, [], 'signed-in');
  await page.reload();

  // A returning member: 'Welcome back' as the headline, their name and the hour's greeting under it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('Welcome back');
  await expect(
    page.getByText(new RegExp(`^${email.split('@')[0]}, good (morning|afternoon|evening)!`)),
  ).toBeVisible();
  const card = page.getByRole('region', { name: 'Your Progress' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('definition').nth(0)).toHaveText('4');
  await expect(card.getByRole('definition').nth(1)).toHaveText('3');
  await expect(card.getByRole('definition').nth(2)).toHaveText('Sleep Preparation');
  await expect(page.getByRole('link', { name: 'View your progress' })).toBeVisible();
  // Community is for every member, not only a wallet-connected one (issue 44 item 6).
  await expect(page.getByRole('link', { name: 'Visit the community' })).toBeVisible();
});

test('custom patterns appear in My Library and can be chosen', async ({ page }) => {
  await page.goto('/patterns');
  await expect(page.getByRole('heading', { name: 'Recommended for now' })).toBeVisible();
  const iso = new Date().toISOString();
  await putLocalRows(page, 'patterns', [
    {
      id: 'custom-triangle',
      userId: null,
      name: 'Triangle',
      description: 'A short triangle with a rest.',
      inhale: 3,
      hold: 2,
      exhale: 3,
      hold_after_exhale: 1,
      category: 'focus',
      difficulty: 'Beginner',
      benefits: ['Calm'],
      createdAt: iso,
      updatedAt: iso,
      deleted: false,
      syncState: 'guest',
    },
  ]);
  await page.reload();
  await page.getByRole('tab', { name: 'My Library' }).click();
  const card = page.getByRole('tabpanel').getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Triangle');
  await expect(card).toContainText('You');
  await expect(card).toContainText('3-2-3-1');
  await card.getByRole('button', { name: 'Use pattern: Triangle' }).click();
  await expect(page).toHaveURL(/\/session\/classic\?pattern=custom-triangle$/);
});
