/**
 * Messages between the page and the frame worker. Frames go in as 320x240 ImageBitmaps
 * (transferred, never copied, never sent anywhere else); aggregate numbers come out.
 */
import type { VisionMetrics } from '../../domain/visionSummary';

/** Where the face detector's files are (same origin). */
export interface FaceDetectorAssets {
  wasmLoaderPath: string;
  wasmBinaryPath: string;
  faceModelPath: string;
}

export type ToWorker =
  | { type: 'init'; assets: FaceDetectorAssets | null; cycleSeconds: number | null }
  | { type: 'frame'; bitmap: ImageBitmap; capturedAt: number }
  /** Forget the frames so far (the camera restarted). */
  | { type: 'reset' };

/** Milliseconds each stage of one frame took in the worker. */
export interface StageTimings {
  stillnessMs: number;
  faceMs: number;
  breathingMs: number;
  totalMs: number;
}

export type FromWorker =
  | { type: 'ready'; faceDetector: boolean; message?: string }
  | { type: 'sample'; metrics: VisionMetrics; timings: StageTimings }
  | { type: 'frame-error'; message: string };
