import type { Page } from '@playwright/test';
import { expect, gotoHydrated } from './fixtures';

/**
 * A whole mobile mindfulness session (8 cycles of 10 s) saved on the device, with the
 * page's clock fast-forwarded (call page.clock.install() before the page loads).
 */
export async function practise(page: Page): Promise<void> {
  await gotoHydrated(page, '/session/mobile?pattern=mindfulness');
  await page.getByRole('button', { name: 'Skip to Session' }).click();
  await page.clock.runFor(600);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  await page.clock.runFor(80_500);
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeVisible();
}
