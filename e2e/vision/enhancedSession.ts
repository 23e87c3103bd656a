/**
 * Drives an enhanced session through the real screens: intro skipped, 'Enable Camera',
 * 'Vision Active', 'Start Session', real seconds of breathing with the fake camera, stop,
 * and the results screen's camera figures read back as numbers.
 */
import { expect, type Page } from '@playwright/test';

export interface CameraResults {
  stillness: number;
  presence: number | null;
  posture: number | null;
  breathsPerMinute: number | null;
}

const number = (text: string | null) => {
  const m = /(\d+(?:\.\d+)?)/.exec(text ?? '');
  return m ? Number(m[1]) : null;
};

/** Opens the session and waits until the camera is analysing frames. */
export async function startWithCamera(page: Page, pattern: string): Promise<void> {
  await page.goto(`/session/enhanced?pattern=${pattern}`);
  await page.getByRole('button', { name: 'Skip to Session' }).click();
  await page.getByRole('button', { name: 'Enable Camera' }).click();
  await expect(page.getByText('Vision Active')).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Start Session' }).click();
  await expect(page.getByTestId('session-cycles')).toBeVisible();
}

/** Stops the running session and reads the camera figures on /results. */
export async function stopAndReadResults(page: Page): Promise<CameraResults> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Session ended' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'View Results' }).click();
  const stillness = page.getByTestId('vision-stillness').last();
  await expect(stillness).toHaveText(/\d+%/);
  const text = (id: string) => page.getByTestId(id).last().textContent();
  return {
    stillness: number(await stillness.textContent())!,
    presence: number(await text('vision-presence')),
    posture: number(await text('vision-posture')),
    breathsPerMinute: number(await text('vision-breathing')),
  };
}

/** A whole measured session of `seconds` with the clip the browser plays. */
export async function measure(
  page: Page,
  pattern: string,
  seconds: number,
): Promise<CameraResults> {
  await startWithCamera(page, pattern);
  await page.waitForTimeout(seconds * 1000);
  return stopAndReadResults(page);
}
