import type { Page } from '@playwright/test';
import { expect, gotoHydrated } from './fixtures';

/** The default countdown (domain/countdown: 3 s) and the 0.5 s 'Breathe in', plus a frame. */
export const START_DELAY_MS = 3_600;

/**
 * The pre-session step's one 'Start', then, on Playwright's clock (page.clock.install()
 * before the page loads), the default countdown and 'Breathe in': the breath has started.
 * Pass `{ clock: false }` on a real clock (the countdown then takes its 3.5 s).
 */
export async function pressStart(
  page: Page,
  { clock = true }: { clock?: boolean } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  if (clock) await page.clock.runFor(START_DELAY_MS);
}

/**
 * A whole mobile mindfulness session (8 cycles of 10 s) saved on the device, with the
 * page's clock fast-forwarded (call page.clock.install() before the page loads).
 */
export async function practise(page: Page): Promise<void> {
  await gotoHydrated(page, '/session/mobile?pattern=mindfulness');
  await pressStart(page);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  await page.clock.runFor(80_500);
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeVisible();
}

/**
 * Practises a whole classic box session in the app (10 cycles of 16 s, time
 * fast-forwarded by Playwright's clock) until it is saved on the device.
 */
export async function practiseClassicSession(page: Page): Promise<void> {
  await page.goto('/session/classic?pattern=box');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Box Breathing');
  await pressStart(page);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  await page.clock.runFor(160_500);
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeVisible();
  await expect(page.getByText('Saved on this device.')).toBeVisible();
}

/**
 * Stop and Esc ask once ('End session?', issue 44): this answers it by ending and saving what
 * was breathed ('End session', or 'Save it anyway' under one cycle).
 */
export async function confirmEnd(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'End session?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^(End session|Save it anyway)$/ }).click();
}

/** From a finished session's summary, past any first-session or achievement step, to its results. */
export async function openResults(page: Page): Promise<void> {
  for (
    let i = 0;
    i < 3 && !(await page.getByRole('button', { name: 'View Results' }).isVisible());
    i++
  ) {
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await page.getByRole('button', { name: 'View Results' }).click();
  await expect(page).toHaveURL(/\/results\?id=[0-9a-f-]{36}$/);
}
