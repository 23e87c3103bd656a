import type { Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';
import { pressStart } from './practise';

/**
 * A pattern session's cues in real Chromium, in real time (docs/product.md § Breath
 * timing): the box session plays the same pre-rendered cue track on an <audio> element as
 * a program does (features/session/usePatternCueTrack), and its guide follows that audio's
 * clock. No fake clock: Playwright's clock does not move a media element.
 *
 * Not proved here: a locked phone (no iOS device here), a speaker's latency, or a page the
 * browser itself hides (e2e-engines' hidden-page test does that).
 */

interface CueTrackProbe {
  blob: Blob;
  originMs: number;
  onsetsMs: number[];
  voice: boolean;
  tones: boolean;
}

const BOX_LABELS = ['Inhale', 'Hold', 'Exhale', 'Hold'];

/** The session's active ms by the audio, and the phase the screen shows, read together. */
function readNow(page: Page) {
  return page.evaluate(() => {
    const a = document.querySelector('audio[data-testid="session-cue-track"]') as HTMLAudioElement;
    const track = (window as unknown as { __pneumaCueTrack: CueTrackProbe }).__pneumaCueTrack;
    return {
      audioMs: track.originMs + a.currentTime * 1000,
      paused: a.paused,
      shown: document.querySelector('[data-testid="phase-label"]')?.textContent,
    };
  });
}

/** The phase on screen is the one the audio is in (box: 4 s phases), away from a boundary. */
async function expectGuideOnAudio(page: Page, looks: number) {
  let checked = 0;
  for (let n = 0; n < looks; n++) {
    await page.waitForTimeout(700);
    const now = await readNow(page);
    const into = now.audioMs % 4000;
    if (into < 150 || into > 3850) continue; // too near a boundary to tell
    expect(now.shown, JSON.stringify(now)).toBe(BOX_LABELS[Math.floor(now.audioMs / 4000) % 4]);
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
}

test('box: the cues are one <audio> track with an onset within 5 ms of every boundary (Chromium decodes it), it plays, pauses and resumes with the session, the guide follows it, and Media Session names the pattern', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await gotoHydrated(page, '/session/classic?pattern=box');
  await pressStart(page, { clock: false });
  await expect(page.getByTestId('phase-label')).toHaveText('Inhale', { timeout: 10_000 });

  // Decode the very file the <audio> element plays with Chromium's decoder and find its onsets.
  const check = await page.evaluate(async () => {
    const track = (window as unknown as { __pneumaCueTrack: CueTrackProbe }).__pneumaCueTrack;
    const ctx = new OfflineAudioContext(1, 1, 8000);
    const buf = await ctx.decodeAudioData(await track.blob.arrayBuffer());
    const data = buf.getChannelData(0);
    const onsets: number[] = [];
    let quiet = Infinity;
    const need = 0.15 * buf.sampleRate;
    for (let k = 0; k < data.length; k++) {
      if (Math.abs(data[k]!) >= 3 / 128) {
        if (quiet >= need) onsets.push((k * 1000) / buf.sampleRate);
        quiet = 0;
      } else quiet++;
    }
    return { expected: track.onsetsMs, onsets, voice: track.voice, tones: track.tones };
  });
  // Tones and the spoken phase names are on by default.
  expect(check).toMatchObject({ voice: true, tones: true });
  // Box Breathing is 4-4-4-4, 10 cycles in classic: a boundary every 4 s from 0 to 156 s.
  const boundaries = Array.from({ length: 40 }, (_, k) => k * 4000);
  expect(check.expected).toEqual(boundaries);
  boundaries.forEach((ms, k) =>
    expect(Math.abs(check.onsets[k]! - ms), `boundary ${k}`).toBeLessThanOrEqual(5),
  );

  const audio = page.getByTestId('session-cue-track');
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0.2))
    .toBe(true);
  expect(
    await page.evaluate(() => ({
      title: navigator.mediaSession.metadata?.title,
      state: navigator.mediaSession.playbackState,
    })),
  ).toEqual({ title: 'Box Breathing', state: 'playing' });
  await expectGuideOnAudio(page, 5);

  // Pause: the audio stops with the breath; resume: both go on together.
  await page.getByTestId('pause-toggle').click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  const atPause = (await readNow(page)).audioMs;
  await page.waitForTimeout(1_500);
  expect((await readNow(page)).audioMs).toBe(atPause);
  await page.getByTestId('pause-toggle').click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused)).toBe(true);
  expect(Math.abs((await readNow(page)).audioMs - atPause)).toBeLessThan(400);
  await expectGuideOnAudio(page, 5);
});
