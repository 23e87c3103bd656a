/**
 * The page's side of the frame worker: starts it (a module worker, its own chunk), hands
 * it the MediaPipe file URLs, and sends one frame at a time, waiting for its sample.
 */
import type { FaceDetectorAssets, FromWorker, StageTimings, ToWorker } from '../worker/protocol';
import type { VisionMetrics } from '../../domain/visionSummary';

interface FrameSample {
  metrics: VisionMetrics;
  timings: StageTimings;
}

export interface FrameWorkerClient {
  /** Resolves once the face detector is loaded (or known to be unavailable). */
  ready: Promise<{ faceDetector: boolean; message?: string }>;
  analyse(bitmap: ImageBitmap, capturedAt: number): Promise<FrameSample>;
  reset(): void;
  terminate(): void;
}

export function startFrameWorker(
  assets: FaceDetectorAssets | null,
  cycleSeconds: number | null,
): FrameWorkerClient {
  const worker = new Worker(new URL('../worker/frameWorker.ts', import.meta.url), {
    type: 'module',
    name: 'pneuma-vision',
  });
  const send = (msg: ToWorker, transfer: Transferable[] = []) => worker.postMessage(msg, transfer);
  let pending: { resolve: (s: FrameSample) => void; reject: (e: Error) => void } | null = null;
  let readyResolve: (r: { faceDetector: boolean; message?: string }) => void = () => {};
  const ready = new Promise<{ faceDetector: boolean; message?: string }>((r) => {
    readyResolve = r;
  });

  worker.addEventListener('message', (e: MessageEvent<FromWorker>) => {
    const msg = e.data;
    if (msg.type === 'ready')
      readyResolve({ faceDetector: msg.faceDetector, message: msg.message });
    else if (msg.type === 'sample')
      pending?.resolve({ metrics: msg.metrics, timings: msg.timings });
    else if (msg.type === 'frame-error') pending?.reject(new Error(msg.message));
    if (msg.type !== 'ready') pending = null;
  });
  worker.addEventListener('error', (e) => {
    const error = new Error(e.message || 'The vision worker failed');
    readyResolve({ faceDetector: false, message: error.message });
    pending?.reject(error);
    pending = null;
  });
  send({ type: 'init', assets, cycleSeconds });

  return {
    ready,
    analyse(bitmap, capturedAt) {
      if (pending) return Promise.reject(new Error('A frame is already being analyzed'));
      return new Promise<FrameSample>((resolve, reject) => {
        pending = { resolve, reject };
        send({ type: 'frame', bitmap, capturedAt }, [bitmap]);
      });
    },
    reset: () => send({ type: 'reset' }),
    terminate() {
      pending?.reject(new Error('The vision worker was stopped'));
      pending = null;
      worker.terminate();
    },
  };
}
