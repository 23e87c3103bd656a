/**
 * The frame worker (docs/product.md § Vision): receives 320x240 ImageBitmaps from the
 * camera, turns each into grey pixels, finds the face candidates (MediaPipe, loaded here on
 * the first 'init'), and answers with one aggregate sample per frame. Frames are closed after
 * use and never leave the device.
 */
import { FRAME_HEIGHT, FRAME_WIDTH, toGrey } from '../../domain/vision/frames';
import type { FaceDetectorPort } from './faceDetector';
import { initialPipeline, processFrame, type PipelineState } from './pipeline';
import type { FromWorker, ToWorker } from './protocol';

interface WorkerScope {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<ToWorker>) => void): void;
}
const scope = self as unknown as WorkerScope;

let state: PipelineState = initialPipeline();
let detector: FaceDetectorPort | null = null;
let cycleSeconds: number | null = null;
let canvas: OffscreenCanvas | null = null;
let ctx: OffscreenCanvasRenderingContext2D | null = null;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function init(msg: Extract<ToWorker, { type: 'init' }>): Promise<void> {
  cycleSeconds = msg.cycleSeconds;
  state = initialPipeline();
  if (detector || !msg.assets) {
    scope.postMessage({ type: 'ready', faceDetector: detector !== null });
    return;
  }
  try {
    const { createMediapipeFaceDetector } = await import('./mediapipeFaceDetector');
    detector = await createMediapipeFaceDetector(msg.assets);
    scope.postMessage({ type: 'ready', faceDetector: true });
  } catch (e) {
    scope.postMessage({ type: 'ready', faceDetector: false, message: messageOf(e) });
  }
}

/**
 * The face candidates of this frame, or undefined when no detector runs. A detector that
 * started but fails on a frame (MediaPipe in a browser without WebGL, e.g. headless
 * Firefox: 'GLctx is undefined') is dropped for the rest of the run: stillness goes on
 * being measured and face presence, posture and breathing rate read 'Not measured'.
 */
function detectFaces(image: OffscreenCanvas) {
  if (!detector) return undefined;
  try {
    return detector.detect(image, FRAME_WIDTH, FRAME_HEIGHT);
  } catch {
    try {
      detector.close();
    } catch {
      // already broken: nothing to release
    }
    detector = null;
    return undefined;
  }
}

function frame(msg: Extract<ToWorker, { type: 'frame' }>): void {
  const { bitmap, capturedAt } = msg;
  try {
    const start = performance.now();
    if (!canvas || !ctx) {
      canvas = new OffscreenCanvas(FRAME_WIDTH, FRAME_HEIGHT);
      ctx = canvas.getContext('2d', { willReadFrequently: true });
      if (!ctx) throw new Error('No 2D canvas in the worker');
    }
    ctx.drawImage(bitmap, 0, 0, FRAME_WIDTH, FRAME_HEIGHT);
    const grey = toGrey(
      ctx.getImageData(0, 0, FRAME_WIDTH, FRAME_HEIGHT).data,
      FRAME_WIDTH,
      FRAME_HEIGHT,
    );
    const greyMs = performance.now() - start;
    const f0 = performance.now();
    const faces = detectFaces(canvas);
    const faceMs = performance.now() - f0;
    const out = processFrame(state, { frame: grey, faces, capturedAt, cycleSeconds }, () =>
      performance.now(),
    );
    state = out.state;
    const totalMs = performance.now() - start;
    scope.postMessage({
      type: 'sample',
      metrics: { ...out.metrics, processingTimeMs: totalMs },
      timings: {
        stillnessMs: greyMs + out.stillnessMs,
        faceMs,
        breathingMs: out.breathingMs,
        totalMs,
      },
    });
  } catch (e) {
    scope.postMessage({ type: 'frame-error', message: messageOf(e) });
  } finally {
    bitmap.close();
  }
}

scope.addEventListener('message', (e) => {
  const msg = e.data;
  if (msg.type === 'init') void init(msg);
  else if (msg.type === 'frame') frame(msg);
  else if (msg.type === 'reset') state = initialPipeline();
});
