/**
 * The vision lab: the app's own frame worker (src/vision/worker/frameWorker.ts, bundled
 * here with esbuild, MediaPipe and all) with the MediaPipe files the build serves (the
 * same wasm, the same face model with its metadata written in), run in Debian's Chromium
 * on frames a test chooses: crops of real photographs (./photos.ts), moved by a known
 * amount, or frames grabbed from Chromium's fake camera. Every file is served by the test
 * itself through `page.route` under `/__vision-lab/` of the page's origin, so the lab needs
 * no build and sends nothing anywhere. Each frame's sample is what the worker would send
 * the session: face found, presence so far, posture, chest signal, breathing rate.
 */
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { faceDetectorModel, packageDir } from '../../scripts/vision/mediapipeAssets';
import type { VisionMetrics } from '../../src/domain/visionSummary';
import { PHOTO_SCENES, photoBytes, type SceneName } from './photos';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tasksVisionWasm = (file: string) =>
  readFileSync(join(packageDir('@mediapipe/tasks-vision'), 'wasm', file));

let bundled: Promise<string> | null = null;
/** The frame worker as one ES module (the face detector chunk inlined). */
function workerBundle(): Promise<string> {
  bundled ??= build({
    entryPoints: [join(ROOT, 'src/vision/worker/frameWorker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text);
  return bundled;
}

/** One frame from a photograph: the scene's crop, its content shifted `dy` frame pixels down. */
export interface PhotoFrame {
  scene: SceneName;
  dy?: number;
  /** Monotonic ms the frame is said to be captured at. */
  capturedAt: number;
}

export interface VisionLab {
  faceDetector: boolean;
  /** The worker's sample for each frame, in order (one worker: state carries over). */
  analysePhotos(frames: PhotoFrame[]): Promise<VisionMetrics[]>;
  /** The worker's sample for each capture time, all of one picture (PNG) scaled to 320x240. */
  analysePicture(png: Buffer, capturedAt: number[]): Promise<VisionMetrics[]>;
  /** `count` frames from the fake camera, `everyMs` apart, as the app grabs them. */
  analyseCamera(count: number, everyMs: number): Promise<VisionMetrics[]>;
  /** Forgets the frames so far (a new camera run). */
  reset(): Promise<void>;
}

/**
 * Opens the lab in `page` (any origin the page may load; nothing is fetched from it) and
 * starts a frame worker with the face detector, for a pattern of `cycleSeconds`.
 */
export async function openVisionLab(
  page: Page,
  origin: string,
  cycleSeconds: number | null,
): Promise<VisionLab> {
  const base = `${origin}/__vision-lab`;
  const files: Record<string, () => Promise<[Buffer | string, string]>> = {
    '/index.html': async () => [
      '<!doctype html><title>vision lab</title><body></body>',
      'text/html',
    ],
    '/frameWorker.js': async () => [await workerBundle(), 'text/javascript'],
    '/loader.js': async () => [
      tasksVisionWasm('vision_wasm_module_internal.js'),
      'text/javascript',
    ],
    '/vision.wasm': async () => [
      tasksVisionWasm('vision_wasm_module_internal.wasm'),
      'application/wasm',
    ],
    '/face.tflite': async () => [faceDetectorModel(), 'application/octet-stream'],
  };
  for (const scene of Object.values(PHOTO_SCENES)) {
    files[`/photo/${scene.photo}`] = async () => [photoBytes(scene.photo), 'image/jpeg'];
  }
  await page.route(`${base}/**`, async (route) => {
    const file = files[new URL(route.request().url()).pathname.slice(base.length - origin.length)];
    if (!file) return route.fulfill({ status: 404 });
    const [body, contentType] = await file();
    return route.fulfill({ body, contentType });
  });
  await page.goto(`${base}/index.html`);
  const faceDetector = await page.evaluate(
    async ({ base, cycleSeconds }) => {
      const worker = new Worker(`${base}/frameWorker.js`, { type: 'module' });
      const next = () =>
        new Promise<{ type: string; [k: string]: unknown }>((resolve) => {
          worker.onmessage = (e) => resolve(e.data);
        });
      const ready = next();
      worker.postMessage({
        type: 'init',
        cycleSeconds,
        assets: {
          wasmLoaderPath: `${base}/loader.js`,
          wasmBinaryPath: `${base}/vision.wasm`,
          faceModelPath: `${base}/face.tflite`,
        },
      });
      const answer = await ready;
      const images = new Map<string, HTMLImageElement>();
      const analyse = async (bitmap: ImageBitmap, capturedAt: number) => {
        const reply = next();
        worker.postMessage({ type: 'frame', bitmap, capturedAt }, [bitmap]);
        const msg = await reply;
        if (msg.type !== 'sample') throw new Error(`The worker answered ${JSON.stringify(msg)}`);
        return msg.metrics;
      };
      Object.assign(window, {
        visionLab: {
          analyse,
          worker,
          async image(file: string) {
            let img = images.get(file);
            if (!img) {
              img = new Image();
              img.src = `${base}/photo/${file}`;
              await img.decode();
              images.set(file, img);
            }
            return img;
          },
        },
      });
      return answer.faceDetector === true;
    },
    { base, cycleSeconds },
  );

  return {
    faceDetector,
    analysePicture: (png, capturedAt) =>
      page.evaluate(
        async ({ base64, capturedAt }) => {
          const lab = (window as unknown as { visionLab: LabGlobal }).visionLab;
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const picture = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
          const canvas = new OffscreenCanvas(320, 240);
          const ctx = canvas.getContext('2d')!;
          const out = [];
          for (const t of capturedAt) {
            ctx.drawImage(picture, 0, 0, 320, 240);
            out.push(await lab.analyse(canvas.transferToImageBitmap(), t));
          }
          picture.close();
          return out;
        },
        { base64: png.toString('base64'), capturedAt },
      ),
    analysePhotos: (frames) =>
      page.evaluate(
        async ({ frames, scenes }) => {
          const lab = (window as unknown as { visionLab: LabGlobal }).visionLab;
          const canvas = new OffscreenCanvas(320, 240);
          const ctx = canvas.getContext('2d')!;
          const out = [];
          for (const f of frames) {
            const s = scenes[f.scene]!;
            const img = await lab.image(s.photo);
            const scale = s.width / 320;
            ctx.fillStyle = '#000';
            ctx.fillRect(0, 0, 320, 240);
            // Content moved down by dy: the window over the photo moves up.
            ctx.drawImage(
              img,
              s.x,
              s.y - (f.dy ?? 0) * scale,
              s.width,
              s.width * 0.75,
              0,
              0,
              320,
              240,
            );
            out.push(await lab.analyse(canvas.transferToImageBitmap(), f.capturedAt));
          }
          return out;
        },
        {
          frames,
          scenes: PHOTO_SCENES as Record<
            string,
            { photo: string; x: number; y: number; width: number }
          >,
        },
      ),
    analyseCamera: (count, everyMs) =>
      page.evaluate(
        async ({ count, everyMs }) => {
          const lab = (window as unknown as { visionLab: LabGlobal }).visionLab;
          const stream = await navigator.mediaDevices.getUserMedia({
            video: { width: 640, height: 480 },
            audio: false,
          });
          const video = document.createElement('video');
          video.muted = true;
          video.srcObject = stream;
          await video.play();
          const out = [];
          try {
            for (let i = 0; i < count; i++) {
              const started = performance.now();
              const bitmap = await createImageBitmap(video, {
                resizeWidth: 320,
                resizeHeight: 240,
                resizeQuality: 'low',
              });
              out.push(await lab.analyse(bitmap, started));
              await new Promise((r) =>
                setTimeout(r, Math.max(0, started + everyMs - performance.now())),
              );
            }
          } finally {
            for (const t of stream.getTracks()) t.stop();
          }
          return out;
        },
        { count, everyMs },
      ),
    reset: () =>
      page.evaluate(() => {
        (window as unknown as { visionLab: LabGlobal }).visionLab.worker.postMessage({
          type: 'reset',
        });
      }),
  };
}

interface LabGlobal {
  analyse(bitmap: ImageBitmap, capturedAt: number): Promise<VisionMetrics>;
  image(file: string): Promise<HTMLImageElement>;
  worker: Worker;
}
