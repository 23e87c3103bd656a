import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { getLocalRow } from './localDb';

/**
 * Programs in real Chromium, in real time (docs/product.md § Programs): no fake clock,
 * because the guide follows the <audio> element's clock, which Playwright's clock does
 * not move.
 *
 * Not proved here: a real locked iPhone (iOS suspends a page but keeps a home-screen
 * app's <audio> playing; no iOS device or simulator runs on this machine), a phone's
 * speaker latency, or Safari's Media Session UI. Nor a hidden page as the browser itself
 * reports it: this machine's Chromium, driven by Playwright, reports a tab behind another
 * as 'visible' (tried: another tab in front, a minimised window via CDP, headless and
 * under Xvfb), so the third test emulates hiding at the DOM level when it must.
 */

/** The page's current cue track (src/features/programs/cueTrackPlayer.ts). */
interface CueTrackProbe {
  blob: Blob;
  originMs: number;
  onsetsMs: number[];
  fromStep: number;
  voice: boolean;
}

/** Records, in the page, every change of the step and its length with performance.now(). */
async function recordSteps(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __steps: { at: number; step: string; length: string }[] };
    w.__steps = [];
    let last = '';
    const read = () => {
      const step = document.querySelector('[data-testid="program-step"]')?.textContent ?? '';
      const length =
        document.querySelector('[data-testid="program-step-length"]')?.textContent ?? '';
      const key = `${step}|${length}|${document.querySelector('[data-testid="program-progress"]')?.textContent}`;
      if (step && key !== last) {
        last = key;
        w.__steps.push({ at: performance.now(), step, length });
      }
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    read();
  });
}

const steps = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __steps: { at: number; step: string; length: string }[] }).__steps,
  );

test('a progressive program lengthens its phases on screen as programmed (real time)', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto('/programs/box-rising');
  await expect(page.getByRole('heading', { name: 'Rising Box' })).toBeVisible();
  await recordSteps(page);
  await page.getByTestId('program-start').click();
  await page.waitForTimeout(59_000);
  const seen = await steps(page);
  // Box 4-4-4-4 for 3 cycles (12 phases, 48 s), then 4.5 s phases from 48 s.
  const lengths = seen.map((s) => s.length);
  expect(lengths.slice(0, 12)).toEqual(Array(12).fill('4 s'));
  expect(lengths.slice(12, 15)).toEqual(['4.5 s', '4.5 s', '4.5 s']);
  expect(seen.slice(0, 15).map((s) => s.step)).toEqual(
    Array.from({ length: 4 }, () => ['Inhale', 'Hold', 'Exhale', 'Hold empty'])
      .flat()
      .slice(0, 15),
  );
  // Each change on screen falls on its boundary: the first change + the sum of the planned
  // lengths since (the start itself is when the audio began, which the guide follows).
  const planned = [...Array(12).fill(4000), ...Array(3).fill(4500)];
  const errors: number[] = [];
  let sinceFirst = 0; // planned ms from step 1's boundary to step j's
  for (let j = 1; j < planned.length; j++) {
    errors.push(Math.round(seen[j]!.at - seen[1]!.at - sinceFirst));
    sinceFirst += planned[j]!;
  }
  console.log('step changes vs boundaries (ms):', errors.join(' '));
  // Time kept: the middle error is within a 100 ms check and a frame (a quiet run: 9-13 ms).
  // One change may be drawn late on a loaded 2-core machine (CI saw 497 ms once, on one
  // boundary, with the audio clock steady), so each alone has a second; a drift would move
  // the middle. Not proven here: the time the audio is heard (programs' cue-track test).
  const sorted = errors.map(Math.abs).sort((x, y) => x - y);
  expect(sorted[Math.floor(sorted.length / 2)]!).toBeLessThan(250);
  for (const e of errors) expect(Math.abs(e)).toBeLessThan(1000);
  await page.getByTestId('program-stop').click();
  await expect(page).toHaveURL(/\/results\?id=/);
});

test('a Wim Hof program records each round’s retention time and shows it in the results', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto('/programs/wim-hof');
  await expect(page.getByTestId('program-safety')).toBeVisible();
  await page.getByLabel('Rounds', { exact: true }).fill('2');
  await page.getByLabel('Breaths per round').fill('3');
  await page.getByTestId('program-start').click();

  // Round 1: 3 breaths (9 s), then the retention stopwatch.
  await expect(page.getByTestId('retention-stopwatch')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('program-pause')).toBeDisabled();
  const held1 = await page.evaluate(() => performance.now());
  await page.waitForTimeout(2_200);
  await page.getByRole('button', { name: 'Breathe again' }).click();
  const end1 = await page.evaluate(() => performance.now());
  await expect(page.getByTestId('program-step')).toHaveText('Hold');
  await expect(page.getByTestId('retention-times')).toContainText('Round 1: 0:0');

  // The 15 s recovery breath, round 2 (9 s), then end the retention with a tap on the guide.
  await expect(page.getByTestId('retention-stopwatch')).toBeVisible({ timeout: 35_000 });
  await page.waitForTimeout(3_300);
  await page.getByTestId('program-guide').click();
  await expect(page.getByTestId('retention-times')).toContainText('Round 2: 0:0');

  await expect(page).toHaveURL(/\/results\?id=/, { timeout: 30_000 });
  const id = new URL(page.url()).searchParams.get('id')!;
  const row = (await getLocalRow(page, 'sessions', id)) as {
    program: { retentionsMs: number[] };
    breathHoldTime: number;
    completed: boolean;
  };
  expect(row.completed).toBe(true);
  expect(row.program.retentionsMs).toHaveLength(2);
  // Measured from the retention's boundary to the tap: at least what the test waited, and
  // no more than that plus the time the click took to arrive.
  expect(row.program.retentionsMs[0]).toBeGreaterThan(2_200);
  expect(row.program.retentionsMs[0]).toBeLessThan(end1 - held1 + 1_000);
  expect(row.program.retentionsMs[1]).toBeGreaterThan(3_300);
  expect(row.program.retentionsMs[1]).toBeLessThan(6_000);
  // The results show each round's measured time.
  const mmss = (ms: number) =>
    `${Math.floor(ms / 60_000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
  const results = page.getByTestId('result-retentions');
  await expect(results).toContainText(`Round 1 ${mmss(row.program.retentionsMs[0]!)}`);
  await expect(results).toContainText(`Round 2 ${mmss(row.program.retentionsMs[1]!)}`);
  expect(row.breathHoldTime).toBe(Math.round(Math.max(...row.program.retentionsMs) / 100) / 10);
});

test('the cue track: onsets (tones and spoken step names) within 5 ms of the boundaries (Chromium decodes it), and it keeps playing with the page hidden, named in Media Session', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto('/programs/box-rising');
  await page.getByTestId('program-start').click();
  await expect(page.getByTestId('program-step')).toHaveText('Inhale');

  // Decode the very file the <audio> element plays with Chromium's decoder and find its onsets.
  const check = await page.evaluate(async () => {
    const track = (window as unknown as { __pneumaCueTrack: CueTrackProbe }).__pneumaCueTrack;
    const bytes = await track.blob.arrayBuffer();
    const ctx = new OfflineAudioContext(1, 1, 8000);
    const buf = await ctx.decodeAudioData(bytes);
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
    return {
      expected: track.onsetsMs,
      onsets,
      rate: buf.sampleRate,
      seconds: buf.duration,
      voice: track.voice,
    };
  });
  // The spoken step names are on by default: each is mixed in from its boundary's sample.
  expect(check.voice).toBe(true);
  expect(check.expected.length).toBe(72); // 18 cycles of 4 phases
  check.expected.forEach((ms, k) => expect(Math.abs(check.onsets[k]! - ms)).toBeLessThanOrEqual(5));

  const audio = page.getByTestId('program-cue-track');
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0.2))
    .toBe(true);

  // Hide the page behind another tab. This machine's Chromium (headless or under Xvfb,
  // driven by Playwright) keeps reporting a background tab as 'visible', so when it does,
  // the hiding is emulated at the DOM level (visibilityState and the visibilitychange
  // event the app listens to); the media element itself is not touched by the test.
  const other = await context.newPage();
  await other.goto('/');
  await other.bringToFront();
  await page.waitForTimeout(500);
  const reallyHidden = await page.evaluate(() => document.visibilityState === 'hidden');
  if (!reallyHidden)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'hidden',
      });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
  console.log(
    reallyHidden ? 'page hidden by the browser' : 'page hidden by emulation (see the comment)',
  );
  const before = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
  await other.waitForTimeout(4_000);
  const hidden = await page.evaluate(() => {
    const a = document.querySelector('audio[data-testid="program-cue-track"]') as HTMLAudioElement;
    const m = navigator.mediaSession;
    return {
      visibility: document.visibilityState,
      paused: a.paused,
      currentTime: a.currentTime,
      title: m.metadata?.title,
      artist: m.metadata?.artist,
      album: m.metadata?.album,
      playbackState: m.playbackState,
    };
  });
  expect(hidden.visibility).toBe('hidden');
  expect(hidden.paused).toBe(false);
  expect(hidden.currentTime - before).toBeGreaterThan(3.5);
  expect(hidden).toMatchObject({
    title: 'Rising Box',
    artist: 'Pneuma',
    album: 'Rising from 4-4-4-4 to 6-6-6-6',
    playbackState: 'playing',
  });

  // Back in front: pause and resume keep the audio and the guide together.
  await page.bringToFront();
  if (!reallyHidden)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'visible',
      });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    });
  // The audio kept playing, so no note about a device that stops sound in the background.
  await expect(page.getByTestId('program-sound-note')).toHaveCount(0);
  await page.getByTestId('program-pause').click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  await page.waitForTimeout(1_500);
  await page.getByTestId('program-resume').click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused)).toBe(true);
  // The guide shows the step the audio is in (box phases are 4 s until 48 s).
  const labels = ['Inhale', 'Hold', 'Exhale', 'Hold empty'];
  for (let n = 0; n < 5; n++) {
    await page.waitForTimeout(700);
    const now = await page.evaluate(() => {
      const a = document.querySelector(
        'audio[data-testid="program-cue-track"]',
      ) as HTMLAudioElement;
      return {
        audioMs:
          (window as unknown as { __pneumaCueTrack: CueTrackProbe }).__pneumaCueTrack.originMs +
          a.currentTime * 1000,
        shown: document.querySelector('[data-testid="program-step"]')?.textContent,
      };
    });
    const into = now.audioMs % 4000;
    if (into < 200 || into > 3800) continue; // too near a boundary to tell
    expect(now.audioMs).toBeLessThan(48_000);
    expect(now.shown).toBe(labels[Math.floor(now.audioMs / 4000) % 4]);
  }
});
