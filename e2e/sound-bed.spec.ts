import { test, expect, gotoHydrated } from './fixtures';
import { pressStart } from './practise';
import { measureCueTrack } from './cueTrackAudio';

/**
 * A sound bed (issue #47, item 2; docs/product.md § Sleep and sound) in real Chromium: chosen
 * beside the cue volume in 'Sound and display', it is in the session's one cue track (the
 * WAV the <audio> element plays, decoded here by Chromium): between the cues the track is no
 * longer silent, and nothing in it reaches full scale.
 *
 * Not proved here: how it sounds, the seam and the onsets (tests/domain/soundBeds.test.ts
 * checks those on the rendered samples), or a phone's speaker.
 */

test('brown noise chosen in Sound and display: the session’s cue track carries it under the cues, below full scale', async ({
  page,
}) => {
  await page.clock.install();
  await gotoHydrated(page, '/session/classic?pattern=box');
  await page.getByRole('button', { name: 'Sound and display' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sound and display' });
  // The choice is the person's preference: the radio shows it once it is stored.
  await dialog.getByRole('radio', { name: 'Brown noise' }).click();
  await expect(dialog.getByRole('radio', { name: 'Brown noise' })).toBeChecked();
  await expect(dialog.getByLabel('Sound bed level')).toHaveValue('50');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await pressStart(page);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  // Box: tones at 0 and 4 s; from 2 s to 3.9 s the inhale tone (0.9 s) has long faded, so
  // what sounds there is the bed alone (silence without one: the journeys' onset detector
  // finds nothing there).
  await expect
    .poll(async () => (await measureCueTrack(page, 2, 3.9))?.rms ?? 0, { timeout: 10_000 })
    .toBeGreaterThan(0.01);
  const m = (await measureCueTrack(page, 2, 3.9))!;
  console.log('bed RMS 2-3.9 s, track peak:', m.rms.toFixed(4), m.peak.toFixed(3));
  expect(m.peak).toBeLessThan(1);
});

test('no bed (the default): the track is silent between the cues', async ({ page }) => {
  await page.clock.install();
  await gotoHydrated(page, '/session/classic?pattern=box');
  await pressStart(page);
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale');
  await expect.poll(async () => (await measureCueTrack(page, 2, 3.9)) !== null).toBe(true);
  expect((await measureCueTrack(page, 2, 3.9))!.rms).toBeLessThan(0.002);
});
