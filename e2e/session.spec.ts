import type { Page } from '@playwright/test';
import { test, expect, openControlled, pauseClock } from './fixtures';
import { getLocalRow, putLocalRows } from './localDb';
import { expectNoSeriousA11yViolations, waitForStillStyles } from './a11y';
import { pressStart } from './practise';

/**
 * A full classic session in real Chromium with Playwright's fake clock, stopped and moved
 * on by hand (Date, timers, performance.now and requestAnimationFrame all follow it), so
 * no step depends on how fast the machine is.
 * Box is 16 s a cycle, 10 cycles: 160 s of practice. A 20 s pause must not count.
 */

/** Stops Playwright's clock: from here on time moves only by runFor (axe needs it running). */
const stopClock = (page: Page) => pauseClock(page);

const readSession = (page: Page, id: string) => getLocalRow(page, 'sessions', id);

test('a full classic session lands on /results with its real figures and is stored in IndexedDB', async ({
  page,
}) => {
  await page.clock.install();
  await openControlled(page, '/session/classic?pattern=box&flow=adaptive');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Box Breathing');

  // One step: the pattern, the guide and the cues, one 'Start' -> countdown 3..1 (the
  // default) -> ready -> auto start after 0.5 s. Cancel returns to the step.
  await expectNoSeriousA11yViolations(page, 'session preparation');
  await stopClock(page);
  await expect(page.getByRole('button', { name: 'Skip to Session' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByTestId('countdown')).toHaveText('3');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByTestId('countdown')).toHaveText('3');
  await page.clock.runFor(1000);
  await expect(page.getByTestId('countdown')).toHaveText('2');
  await page.clock.runFor(2000 + 600); // the start waits for the next frame

  // Active: the guide follows the clock.
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  await page.clock.runFor(4100);
  await expect(page.getByTestId('phase-label')).toHaveText('Hold');
  await expect(page.getByTestId('phase-announcer')).toHaveText('Hold, 4 seconds');
  await expect(page.getByRole('switch', { name: 'Adaptive Encouragement' })).toBeChecked(); // flow=adaptive
  // Pause for 20 s: the position and the timer stay put.
  await page.getByTestId('pause-toggle').click();
  await page.clock.runFor(100); // pause and resume take effect on the next frame
  await expect(page.getByTestId('pause-toggle')).toHaveText('Resume');
  const timerAtPause = await page.getByTestId('session-timer').textContent();
  // axe while paused (the controls stay while paused; axe needs the clock to run).
  await page.clock.resume();
  await waitForStillStyles(page);
  await expectNoSeriousA11yViolations(page, 'active session');
  await stopClock(page);
  await page.clock.runFor(20_000);
  await expect(page.getByTestId('session-timer')).toHaveText(timerAtPause!);
  await expect(page.getByTestId('phase-label')).toHaveText('Hold');
  await page.keyboard.press('Space'); // resume with the keyboard
  await page.clock.runFor(100);
  await expect(page.getByTestId('pause-toggle')).toHaveText('Pause');

  await page.clock.runFor(16_000);
  await expect(page.getByTestId('session-cycles')).toHaveText('1 / 10');

  // The rest of the session: it ends by itself at 10 cycles.
  await page.clock.runFor(160_000);
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeVisible();
  await expect(page.getByText('Saved on this device.')).toBeVisible();

  // Impact -> unlock (first classic session of a guest) -> next steps.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your first session is done' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'View Results' }).click();

  await expect(page).toHaveURL(/\/results\?id=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('result-cycles')).toHaveText('10 / 10');
  await expect(page.getByTestId('result-duration')).toHaveText('2:40');
  // Completion 100 (0.4), one of ten cycles paused: steadiness 90 (0.35); rescaled, 95.
  await expect(page.getByTestId('session-score')).toContainText('95/100'); // under 'More'
  await expect(page.getByTestId('quality-label')).toHaveText('Excellent');
  await expect(page.getByTestId('result-sentence')).toHaveText(
    'You breathed all 10 cycles. Thank you for taking this time for yourself.',
  );
  // Not graded at the top (issue 44): the score waits under 'More'.
  await expect(page.getByTestId('session-score')).toBeHidden();
  await expect(page.getByText('Stillness', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Longest breath hold')).toHaveCount(0);

  await page.clock.resume();
  await waitForStillStyles(page); // the app's header fades back in after the session
  await expectNoSeriousA11yViolations(page, 'results');
  const id = new URL(page.url()).searchParams.get('id')!;
  const row = await readSession(page, id);
  expect(row).toMatchObject({
    id,
    patternId: 'box',
    patternName: 'Box Breathing',
    sessionType: 'classic',
    duration: 160,
    cycleCount: 10,
    targetCycles: 10,
    completed: true,
    cameraUsed: false,
    syncState: 'guest',
    rhythmConsistency: 90,
    qualityScore: 95,
  });
  expect(row).not.toHaveProperty('breathHoldTime');
  expect(row).not.toHaveProperty('stillnessScore');

  // Rate the pattern (below 'More'); a reload reads the session back from IndexedDB.
  await page.getByTestId('results-more').locator('summary').click();
  await page.getByRole('radio', { name: '4 stars' }).click();
  await expect(page.getByText('You rated it 4 of 5.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('result-cycles')).toHaveText('10 / 10');
  await expect(page.getByTestId('result-duration')).toHaveText('2:40');
  await page.getByTestId('results-more').locator('summary').click();
  await expect(page.getByText('You rated it 4 of 5.')).toBeVisible();
});

test('an unknown mode redirects to the classic session, as /session does', async ({ page }) => {
  await page.goto('/session/advanced?pattern=coherent');
  await expect(page).toHaveURL(/\/session\/classic\?pattern=coherent$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Coherent Breathing');
});

test('wim_hof retention: the longest hold becomes the breath hold', async ({ page }) => {
  await page.clock.install();
  await openControlled(page, '/session/mobile?pattern=wim_hof');
  // The session screen's code arrives after hydration, on timers the paused clock would hold.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Wim Hof Method');
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  await stopClock(page);
  await pressStart(page);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  await page.clock.runFor(8 * 3000 + 100); // 8 cycles of 3 s (mobile target)
  await expect(page.getByRole('heading', { name: 'Hold your breath' })).toBeVisible();
  await page.clock.runFor(42_000);
  await page.getByRole('button', { name: 'I breathed again' }).click();
  await expect(page.getByRole('heading', { name: /Hold: 42\.\d s/ })).toBeVisible();
  await page.getByRole('button', { name: 'Finish Session' }).click();
  await expect(page.getByText('Longest hold')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'View Results' }).click();
  await expect(page.getByTestId('result-cycles')).toHaveText('8 / 8');
  // The hold is part of what was breathed, shown at the top (not graded, issue 44).
  const summary = page.getByRole('region', { name: 'Wim Hof Method Completed' });
  await expect(summary.getByText('Longest hold')).toBeVisible();
  await expect(summary.getByText(/^42\.\d s$/)).toBeVisible();
  const row = await readSession(page, new URL(page.url()).searchParams.get('id')!);
  expect(row?.breathHoldTime).toBeGreaterThanOrEqual(42);
  expect(row?.breathHoldTime).toBeLessThan(43);
});

test("a user's custom pattern from the local patterns table can be practised by its id", async ({
  page,
}) => {
  await openControlled(page, '/session');
  const iso = new Date().toISOString();
  await putLocalRows(page, 'patterns', [
    {
      id: 'custom-calm-1',
      userId: null,
      name: 'My Evening Calm',
      description: 'Mine',
      inhale: 5,
      hold: 2,
      exhale: 7,
      hold_after_exhale: 0,
      category: 'sleep',
      difficulty: 'Beginner',
      benefits: ['Slows me down'],
      createdAt: iso,
      updatedAt: iso,
      syncState: 'guest',
    },
  ]);
  await page.goto('/session/classic?pattern=custom-calm-1');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('My Evening Calm');
  await expect(page.getByRole('list', { name: 'Pattern timings' })).toHaveText(
    /5s\s*Inhale\s*2s\s*Hold\s*7s\s*Exhale/,
  );
  await expect(page.getByText('Slows me down')).toBeVisible();
});
