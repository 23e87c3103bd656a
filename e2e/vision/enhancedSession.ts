/**
 * Drives an enhanced session through the real screens: 'Enable Camera' and 'Vision Active'
 * in the pre-session step, its one 'Start', real seconds of breathing with the fake camera, stop,
 * and the results screen's camera figures read back as numbers.
 */
import { expect, type Page } from '@playwright/test';
import { confirmEnd } from '../practise';

export interface CameraResults {
  stillness: number;
  presence: number | null;
  posture: number | null;
  breathsPerMinute: number | null;
  /** The results' camera heart rate as shown ('72 bpm', 'Not measured'); null without the row. */
  heartRate: string | null;
  /**
   * Seconds of clip the fake camera played per real second while measuring. Chromium's
   * file camera does not catch up when it falls behind (it drops the debt), so on a
   * loaded machine a clip plays slower than recorded and its breathing is slower too.
   */
  playbackSpeed: number;
}

/**
 * Frames the camera has produced so far, from the preview's track (Chromium's
 * MediaStreamTrack.stats). The preview shows the same camera as the analysis.
 */
async function cameraFrames(page: Page): Promise<{ frames: number; at: number }> {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('video[aria-label="Camera preview"]');
    const stream = video?.srcObject;
    const track = stream instanceof MediaStream ? stream.getVideoTracks()[0] : undefined;
    const stats = (track as (MediaStreamTrack & { stats?: { totalFrames: number } }) | undefined)
      ?.stats;
    if (!stats) throw new Error('No camera preview with frame statistics on the page');
    return { frames: stats.totalFrames, at: performance.now() };
  });
}

const number = (text: string | null) => {
  const m = /(\d+(?:\.\d+)?)/.exec(text ?? '');
  return m ? Number(m[1]) : null;
};

/** Opens the session and waits until the camera is analysing frames. */
export async function startWithCamera(page: Page, pattern: string): Promise<void> {
  await page.goto(`/session/enhanced?pattern=${pattern}`);
  await page.getByRole('button', { name: 'Enable Camera' }).click();
  await expect(page.getByText('Vision Active')).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByTestId('session-cycles')).toBeVisible();
}

/** Stops the running session and reads the camera figures on /results. */
export async function stopAndReadResults(
  page: Page,
): Promise<Omit<CameraResults, 'playbackSpeed'>> {
  await page.keyboard.press('Escape');
  await confirmEnd(page);
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
    heartRate: (await page.getByTestId('vision-heart-rate').count())
      ? await text('vision-heart-rate')
      : null,
  };
}

/**
 * A whole measured session of `seconds` with the clip the browser plays at `clipFps`,
 * and how fast the camera really played it meanwhile.
 */
export async function measure(
  page: Page,
  pattern: string,
  seconds: number,
  clipFps: number,
): Promise<CameraResults> {
  await startWithCamera(page, pattern);
  const start = await cameraFrames(page);
  await page.waitForTimeout(seconds * 1000);
  const end = await cameraFrames(page);
  const playbackSpeed = (end.frames - start.frames) / clipFps / ((end.at - start.at) / 1000);
  return { ...(await stopAndReadResults(page)), playbackSpeed };
}
