import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { confirmEnd } from './practise';
import { launchCameraBrowser, type CameraBrowser } from './vision/cameraBrowser';
import { CLIP_FPS, makeClip, removeClips, type ClipKind } from './vision/clips';
import { measure, type CameraResults } from './vision/enhancedSession';

/**
 * The enhanced mode in Chromium with its fake camera playing clips these tests make from
 * real photographs (./vision/photos.ts, ./vision/clips.ts: a person moved by a known sine,
 * by random jumps, or not at all; an empty room swaying like a breathing chest; a phone on
 * a sofa) or its own default test pattern. Three browsers run at a time, each through the
 * real screens: 'Enable Camera', 'Vision Active', the one 'Start', real seconds, stop, the
 * results (the short clips first: the longer ones then start with the face detector cached).
 * - nobody in view (the empty room, the phone, the default pattern): face presence 0%,
 *   posture, breathing rate and the camera's heart rate 'Not measured' with the reason, and the live tile never
 *   says a face is in view; a person: face presence at least 80%;
 * - the breathing rate is within 1.5 breaths a minute of the clip's 6, 10 and 15 as the
 *   camera played it: Chromium's file camera slows down on a loaded machine (it never
 *   catches up), so the clip's rate is scaled by the measured playback speed (frames the
 *   camera produced over real time), which must stay above 0.7;
 * - stillness orders a still picture above a breathing one above a restless one;
 * - no request carries a picture, and the face detector's files come from this origin and
 *   are cached by the service worker for offline use;
 * - a refused permission shows the catalogue's message and the session still runs.
 * The practised pattern is 'energizing' (4 s in, 2 s out): the standard 0.1-0.7 Hz band.
 * Not proven here: real webcams (noise, exposure, compression, autofocus), a real chest
 * moving under a still head, several people, people walking in and out of view.
 */
test.describe.configure({ mode: 'serial' });

const measured: Record<string, CameraResults> = {};
/** Whether the live tile ever said 'Face in view: Yes' during each clip's session. */
const faceShownLive: Record<string, boolean> = {};

const FACE_SEEN_KEY = 'pneuma-e2e-face-seen';
/** Runs in every page of a camera browser: remembers for the tab whether the tile said 'Yes'. */
function watchFaceInView(key: string) {
  const check = () => {
    if (document.querySelector('[data-testid="live-face"]')?.textContent === 'Yes')
      sessionStorage.setItem(key, '1');
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
  });
}

/**
 * Browser profiles reused from one group of clips to the next (cached face detector). Made
 * on first use: the file is also loaded where no test runs (listing), which must leave nothing.
 */
let profiles: string | null = null;
const profileDir = (slot: number) =>
  join((profiles ??= mkdtempSync(join(tmpdir(), 'pneuma-vision-profiles-'))), String(slot));
test.afterAll(() => {
  if (profiles) rmSync(profiles, { recursive: true, force: true });
  removeClips();
});

/** Per browser: the clip (null: the fake camera's own test pattern) and its length in seconds. */
type Clips = Record<string, [ClipKind | null, number]>;

async function measureClips(
  baseURL: string,
  clips: Clips,
  seconds: number,
  inspect?: Record<string, (cam: CameraBrowser) => Promise<void>>,
) {
  await Promise.all(
    Object.entries(clips).map(async ([name, [clip, clipSeconds]], slot) => {
      const check = inspect?.[name];
      const cam = await launchCameraBrowser({
        baseURL,
        clip: clip ? makeClip(clip, clipSeconds) : undefined,
        serviceWorkers: check ? 'allow' : 'block',
        profileDir: profileDir(slot),
      });
      try {
        await cam.context.addInitScript(watchFaceInView, FACE_SEEN_KEY);
        if (check) await underServiceWorker(cam);
        measured[name] = await measure(cam.page, 'energizing', seconds, CLIP_FPS);
        faceShownLive[name] = await cam.page.evaluate(
          (key) => sessionStorage.getItem(key) === '1',
          FACE_SEEN_KEY,
        );
        await check?.(cam);
      } finally {
        await cam.close();
      }
    }),
  );
}

/** The first visit installs the service worker; the camera then starts under its control. */
async function underServiceWorker({ page }: CameraBrowser) {
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), {
      timeout: 30_000,
    })
    .toBe(true);
}

/** No picture in any request, nothing to another host, and the MediaPipe files cached. */
async function sentNoPicture({ page, requests }: CameraBrowser) {
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.filter((r) => r.carriesImage)).toEqual([]);
  // A blob: URL (the cue track's audio, made on the page) is read from the page's own
  // memory; its host is the origin that made it.
  const host = (url: string) => new URL(new URL(url).origin).hostname;
  expect(requests.filter((r) => !/^(127\.0\.0\.1|localhost)$/.test(host(r.url)))).toEqual([]);
  const largestUpload = Math.max(
    0,
    ...requests.filter((r) => r.method !== 'GET').map((r) => r.bytes),
  );
  expect(largestUpload).toBeLessThan(16 * 1024);
  const cached = await page.evaluate(async () => {
    const cache = await caches.open('pneuma-heavy-assets');
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  expect(cached.some((p) => /mediapipe-vision_wasm_module_internal-.*\.wasm$/.test(p))).toBe(true);
  expect(cached.some((p) => /mediapipe-face_detection_short_range-.*\.tflite$/.test(p))).toBe(true);
}

test('nobody in view (an empty room, a phone on a sofa, the default test pattern): face presence 0%, posture and breathing rate not measured', async ({
  baseURL,
}) => {
  await measureClips(
    baseURL!,
    {
      emptyRoom: [{ kind: 'breathing', breathsPerMinute: 10, scene: 'room-dark-wall' }, 6],
      phone: [{ kind: 'still', scene: 'phone-on-sofa' }, 4],
      pattern: [null, 0],
    },
    14,
  );
  console.log('camera figures:', JSON.stringify(measured));
  for (const name of ['emptyRoom', 'phone', 'pattern']) {
    const m = measured[name]!;
    expect.soft(m.presence, name).toBe(0);
    expect.soft(m.posture, name).toBeNull();
    expect.soft(m.breathsPerMinute, name).toBeNull();
    expect.soft(m.heartRate, `${name}: the camera's heart rate`).toBe('Not measured');
    expect.soft(faceShownLive[name], `${name}: the live tile said a face was in view`).toBe(false);
  }
});

test('a person in view: face presence at least 80%; a still picture is still, a restless one is not', async ({
  baseURL,
}) => {
  await measureClips(
    baseURL!,
    {
      still: [{ kind: 'still' }, 4],
      restless: [{ kind: 'restless' }, 4],
    },
    6,
  );
  console.log('camera figures:', JSON.stringify(measured));
  const { still, restless } = measured;
  expect(still!.stillness).toBeGreaterThan(restless!.stillness);
  expect(still!.presence).toBeGreaterThanOrEqual(80);
  expect(restless!.presence).toBeGreaterThanOrEqual(80);
  expect(faceShownLive.still, "the live tile said 'Face in view: Yes'").toBe(true);
  // An unmodulated photograph has no pulse (6 s is also under the method's 10 s).
  expect(still!.heartRate, "the camera's heart rate").toBe('Not measured');
});

test('breathing rate within 1.5 breaths a minute at 6, 10 and 15; stillness orders still > breathing > restless; no picture leaves the device', async ({
  baseURL,
}) => {
  await measureClips(
    baseURL!,
    {
      bpm6: [{ kind: 'breathing', breathsPerMinute: 6 }, 30],
      bpm10: [{ kind: 'breathing', breathsPerMinute: 10 }, 18],
      bpm15: [{ kind: 'breathing', breathsPerMinute: 15 }, 16],
    },
    22,
    { bpm10: sentNoPicture },
  );
  console.log('camera figures:', JSON.stringify(measured));
  for (const [name, truth] of [
    ['bpm6', 6],
    ['bpm10', 10],
    ['bpm15', 15],
  ] as const) {
    const m = measured[name]!;
    expect(m.playbackSpeed, `${name}: the fake camera's playback speed`).toBeGreaterThan(0.7);
    expect(m.playbackSpeed, `${name}: the fake camera's playback speed`).toBeLessThan(1.05);
    expect(m.breathsPerMinute, name).not.toBeNull();
    const played = truth * m.playbackSpeed;
    expect(Math.abs(m.breathsPerMinute! - played), name).toBeLessThanOrEqual(1.5);
    expect(m.presence, name).toBeGreaterThanOrEqual(80);
  }
  const { still, bpm10, restless } = measured;
  expect(still!.stillness).toBeGreaterThan(bpm10!.stillness);
  expect(bpm10!.stillness).toBeGreaterThan(restless!.stillness);
});

test('a refused camera permission shows the message, and the session runs without the camera', async ({
  baseURL,
}) => {
  const cam = await launchCameraBrowser({ baseURL: baseURL!, deny: true });
  try {
    const { page } = cam;
    await page.goto('/session/enhanced?pattern=coherent');
    // The camera is asked for in the pre-session step; its one 'Start' then breathes without it.
    await expect(page.getByRole('heading', { name: 'Camera', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Enable Camera' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Camera access denied. Please allow camera permissions in your browser settings.',
    );
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByTestId('session-cycles')).toHaveText('0 / 15');
    // The camera's figures are folded into one chip: it says the camera is off.
    await expect(page.getByTestId('camera-chip')).toContainText('Camera off');
    await page.getByTestId('camera-chip').click();
    // Started without the camera after the refusal: the panel still says why it is off.
    await expect(page.getByRole('complementary', { name: 'Camera' }).getByRole('alert')).toHaveText(
      'Camera access denied. Please allow camera permissions in your browser settings.',
    );
    await expect(page.getByText('Vision Active')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await confirmEnd(page);
    await expect(page.getByRole('heading', { name: 'Session ended' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByTestId('results-more').locator('summary').click();
    await expect(page.getByTestId('vision-not-measured')).toBeVisible();
    await expect(page.getByTestId('vision-stillness')).toHaveCount(0);
  } finally {
    await cam.close();
  }
});
