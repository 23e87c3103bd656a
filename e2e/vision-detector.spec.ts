import { execFileSync } from 'node:child_process';
import { test, expect } from './fixtures';
import { FFMPEG } from './vision/clips';
import { openVisionLab, type PhotoFrame, type VisionLab } from './vision/lab';
import { PHOTO_SCENES, scenesOf, type SceneName } from './vision/photos';
import {
  addVisionSample,
  emptyVisionSummary,
  visionFigures,
  type SessionVisionFigures,
  type VisionMetrics,
} from '../src/domain/visionSummary';

/**
 * The camera analysis at the worker level, on real photographs: the app's own frame worker
 * (MediaPipe's face detector with the model and wasm the app serves, the plausibility
 * rules, posture, chest tracking and breathing rate) in Debian's Chromium, fed 320x240
 * frames cut from the camera photos @vladmandic/face-api ships (./vision/photos.ts) and
 * frames of Chromium's fake camera (its default test pattern, no face). The session's
 * figures are then folded exactly as the results screen gets them (visionFigures).
 * - ten people: a face in at least 80% of the frames;
 * - four empty rooms, two objects on a sofa, the fake camera's pattern and ffmpeg's test
 *   patterns (colour bars, test cards): face presence 0%, posture and breathing rate not
 *   measured, not a single frame with a face;
 * - a person's photo moved by a known sine (the chest rising and falling): the breathing
 *   rate within 1.5 breaths a minute of it at 6, 10 and 15; an empty room moved the same
 *   way: not measured.
 * Frames are given capture times 500 ms apart (the app's 2 frames a second), so the
 * worker's timing does not depend on this machine's load.
 * Not proven here: real webcams (their noise, exposure and compression), people moving in
 * and out of view, several people in front of the camera, faces far from frontal, video
 * rather than stills moved as a whole (the chest does not move alone here), other browsers.
 */

const FRAME_MS = 500;
const CYCLE_SECONDS = 6; // 'energizing' (4 s in, 2 s out): the standard 0.1-0.7 Hz band

function summarise(samples: VisionMetrics[]): SessionVisionFigures {
  const summary = samples.reduce((s, m) => addVisionSample(s, m, 0), emptyVisionSummary());
  return visionFigures(summary, CYCLE_SECONDS)!;
}

/** ffmpeg's test sources (colour bars, test cards, a fractal), one PNG frame each at 320x240. */
const TEST_PATTERNS = [
  'smptebars',
  'pal100bars',
  'testsrc',
  'testsrc2',
  'rgbtestsrc',
  'mandelbrot',
];
const testPattern = (source: string): Buffer =>
  execFileSync(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `${source}=size=320x240:rate=1`,
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-vcodec',
    'png',
    '-',
  ]);

const still = (scene: SceneName, frames: number): PhotoFrame[] =>
  Array.from({ length: frames }, (_, i) => ({ scene, capturedAt: i * FRAME_MS }));

/** `seconds` of a scene whose content rises and falls `amplitude` px at `bpm`. */
const breathing = (scene: SceneName, bpm: number, seconds: number, amplitude = 5): PhotoFrame[] =>
  Array.from({ length: Math.round((seconds * 1000) / FRAME_MS) }, (_, i) => {
    const t = (i * FRAME_MS) / 1000;
    return {
      scene,
      dy: amplitude * Math.sin((2 * Math.PI * t * bpm) / 60),
      capturedAt: i * FRAME_MS,
    };
  });

test.describe.configure({ timeout: 240_000 });

let lab: VisionLab;
test.beforeEach(async ({ page, baseURL }) => {
  lab = await openVisionLab(page, baseURL!, CYCLE_SECONDS);
  expect(lab.faceDetector, 'the face detector loaded in the worker').toBe(true);
});

test('real people: a face in at least 80% of the frames, posture measured', async () => {
  const figures: Record<string, SessionVisionFigures> = {};
  for (const scene of scenesOf('person')) {
    await lab.reset();
    figures[scene] = summarise(await lab.analysePhotos(still(scene, 20)));
  }
  console.log(
    'people:',
    JSON.stringify(
      Object.entries(figures).map(([k, f]) => [k, f.faceDetectionRate, f.postureScore]),
    ),
  );
  for (const [scene, f] of Object.entries(figures)) {
    expect(
      f.faceDetectionRate,
      `${scene}: ${PHOTO_SCENES[scene as SceneName].description}`,
    ).toBeGreaterThanOrEqual(80);
    expect(f.postureScore, scene).not.toBeNull();
  }
});

test('empty rooms, objects, the fake camera pattern and test patterns: face presence 0%, posture and breathing rate not measured', async () => {
  const samples: Record<string, VisionMetrics[]> = {};
  for (const scene of [...scenesOf('empty'), ...scenesOf('object')]) {
    await lab.reset();
    samples[scene] = await lab.analysePhotos(breathing(scene, 10, 15));
  }
  for (const source of TEST_PATTERNS) {
    await lab.reset();
    samples[`ffmpeg-${source}`] = await lab.analysePicture(
      testPattern(source),
      Array.from({ length: 8 }, (_, i) => i * FRAME_MS),
    );
  }
  await lab.reset();
  samples['fake-camera-pattern'] = await lab.analyseCamera(30, FRAME_MS);
  for (const [scene, s] of Object.entries(samples)) {
    const f = summarise(s);
    console.log(
      scene,
      JSON.stringify({
        presence: f.faceDetectionRate,
        posture: f.postureScore,
        bpm: f.breathsPerMinute,
      }),
    );
    expect.soft(s.filter((m) => m.faceDetected).length, `${scene}: frames with a face`).toBe(0);
    expect.soft(f.faceDetectionRate, scene).toBe(0);
    expect.soft(f.postureScore, scene).toBeNull();
    expect.soft(f.breathsPerMinute, scene).toBeNull();
    expect
      .soft(
        s.every((m) => m.breathsPerMinute === null),
        `${scene}: no live breathing rate`,
      )
      .toBe(true);
  }
});

test('a real chest moving at 6, 10 and 15 breaths a minute reads within 1.5 of it', async () => {
  const read: Record<number, SessionVisionFigures> = {};
  for (const bpm of [6, 10, 15]) {
    await lab.reset();
    read[bpm] = summarise(await lab.analysePhotos(breathing('woman-blonde-curls', bpm, 45)));
  }
  console.log(
    'breathing:',
    JSON.stringify(
      Object.entries(read).map(([k, f]) => [k, f.breathsPerMinute, f.faceDetectionRate]),
    ),
  );
  for (const [bpm, f] of Object.entries(read)) {
    expect.soft(f.breathsPerMinute, `${bpm}/min`).not.toBeNull();
    expect.soft(Math.abs(f.breathsPerMinute! - Number(bpm)), `${bpm}/min`).toBeLessThanOrEqual(1.5);
    expect.soft(f.faceDetectionRate, `${bpm}/min`).toBeGreaterThanOrEqual(80);
  }
});
