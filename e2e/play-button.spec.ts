import { test, expect, gotoHydrated, linkPath } from './fixtures';
import { putLocalRows } from './localDb';

/**
 * The play button starts what the page shows (issue 49): on a pattern link's page the
 * link's pattern, on a program's page that program; after a program, home's 'Practice
 * again' and the play button on another page start that program, not Box. Real Chromium,
 * the production build, phone width (the bar with the play button).
 * Not proven here: a course day's page (it needs an instructor's published course; the
 * page offers its day's first item through the same hook, app/onScreenPractice), other
 * engines, a real phone.
 */

test.use({ viewport: { width: 390, height: 844 } });

const TIDE = {
  v: 1,
  kind: 'pattern',
  pattern: { name: 'Tide 2-1-2-1', inhale: 2, hold: 1, exhale: 2, hold_after_exhale: 1 },
};

test("on a pattern link's page the play button starts the link's pattern", async ({ page }) => {
  await gotoHydrated(page, linkPath(TIDE));
  await expect(page.getByRole('heading', { name: 'Tide 2-1-2-1' })).toBeVisible();
  const play = page.getByRole('button', { name: 'Practice now: Tide 2-1-2-1' });
  await play.click();
  await expect(page).toHaveURL(/\/session\/classic\?start=now$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tide 2-1-2-1');
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale', { timeout: 10_000 });
});

test("on a program's page the play button starts that program", async ({ page }) => {
  await gotoHydrated(page, '/programs/box-rising');
  await expect(page.getByRole('heading', { name: 'Rising Box' })).toBeVisible();
  await page.getByRole('button', { name: 'Practice now: Rising Box' }).click();
  await expect(page.getByTestId('program-guide')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('program-step')).toHaveText(/^(Inhale|Hold|Exhale|Hold empty)$/);
});

test("after a program, home's 'Practice again' and the play button start that program, not Box", async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const end = Date.now() - 60_000;
  // A finished program session as the one save path stores it (domain/programs/programRecord).
  await putLocalRows(page, 'sessions', [
    {
      id: crypto.randomUUID(),
      userId: null,
      patternId: 'program:box-rising',
      patternName: 'Rising Box',
      sessionType: 'classic',
      startTime: end - 120_000,
      endTime: end,
      duration: 120,
      cycleCount: 7,
      targetCycles: 7,
      completed: true,
      cameraUsed: false,
      aiUsed: false,
      createdAt: new Date(end).toISOString(),
      syncState: 'guest',
      attempts: 0,
      program: { programId: 'box-rising', retentionsMs: [], holds: [] },
    },
  ]);
  await gotoHydrated(page, '/');
  const again = page.getByRole('link', { name: 'Practice again: Rising Box' });
  await expect(again).toHaveAttribute('href', '/programs/box-rising?start=now');
  await again.click();
  await expect(page.getByTestId('program-step')).toHaveText('Inhale', { timeout: 10_000 });

  await gotoHydrated(page, '/progress');
  const play = page.getByRole('link', { name: 'Practice now: Rising Box' });
  await expect(play).toHaveAttribute('href', '/programs/box-rising?start=now');
  await play.click();
  await expect(page.getByTestId('program-step')).toHaveText('Inhale', { timeout: 10_000 });
});
