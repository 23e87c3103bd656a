/**
 * The face detector: MediaPipe Tasks Vision's FaceDetector with the short-range model
 * (loaded from the app's origin; the file name keeps this chunk out of the precache and
 * in the service worker's on-first-use cache). Runs on the CPU inside the frame worker.
 */
import { FaceDetector } from '@mediapipe/tasks-vision';
import { tiltFromEyes } from '../../domain/vision/posture';
import type { FaceDetectorPort } from './faceDetector';
import type { FaceDetectorAssets } from './protocol';

/** Faces below this detector score are not counted. */
export const MIN_FACE_SCORE = 0.5;

export async function createMediapipeFaceDetector(
  assets: FaceDetectorAssets,
): Promise<FaceDetectorPort> {
  // The ES-module loader (assets.wasmLoaderPath): a module worker has no importScripts.
  const detector = await FaceDetector.createFromOptions(
    { wasmLoaderPath: assets.wasmLoaderPath, wasmBinaryPath: assets.wasmBinaryPath },
    {
      baseOptions: { modelAssetPath: assets.faceModelPath, delegate: 'CPU' },
      runningMode: 'IMAGE',
      minDetectionConfidence: MIN_FACE_SCORE,
    },
  );
  return {
    detect(image, width, height) {
      const result = detector.detect(image);
      let best = null as (typeof result.detections)[number] | null;
      for (const d of result.detections) {
        if (!best || (d.categories[0]?.score ?? 0) > (best.categories[0]?.score ?? 0)) best = d;
      }
      const box = best?.boundingBox;
      if (!best || !box) return null;
      const [rightEye, leftEye] = best.keypoints ?? [];
      return {
        box: { x: box.originX, y: box.originY, width: box.width, height: box.height },
        tiltDeg:
          rightEye && leftEye
            ? tiltFromEyes(
                { x: rightEye.x * width, y: rightEye.y * height },
                { x: leftEye.x * width, y: leftEye.y * height },
              )
            : null,
        score: best.categories[0]?.score ?? 0,
      };
    },
    close() {
      detector.close();
    },
  };
}
