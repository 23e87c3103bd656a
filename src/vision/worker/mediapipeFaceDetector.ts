/**
 * The face detector: MediaPipe Tasks Vision's FaceDetector with the short-range model
 * (loaded from the app's origin; the file name keeps this chunk out of the precache and
 * in the service worker's on-first-use cache). Runs on the CPU inside the frame worker and
 * reports every candidate from CANDIDATE_SCORE up; the frame pipeline decides which is a
 * face (src/domain/vision/facePresence.ts).
 */
import { FaceDetector } from '@mediapipe/tasks-vision';
import { faceLandmarksFrom } from '../../domain/vision/faceLandmarks';
import { tiltFromEyes } from '../../domain/vision/posture';
import type { FaceDetectorPort } from './faceDetector';
import type { FaceDetectorAssets } from './protocol';

/** Candidates below this detector score are not reported at all. */
export const CANDIDATE_SCORE = 0.5;

export async function createMediapipeFaceDetector(
  assets: FaceDetectorAssets,
): Promise<FaceDetectorPort> {
  // The ES-module loader (assets.wasmLoaderPath): a module worker has no importScripts.
  const detector = await FaceDetector.createFromOptions(
    { wasmLoaderPath: assets.wasmLoaderPath, wasmBinaryPath: assets.wasmBinaryPath },
    {
      baseOptions: { modelAssetPath: assets.faceModelPath, delegate: 'CPU' },
      runningMode: 'IMAGE',
      minDetectionConfidence: CANDIDATE_SCORE,
    },
  );
  return {
    detect(image, width, height) {
      return detector.detect(image).detections.flatMap((d) => {
        const box = d.boundingBox;
        if (!box) return [];
        const [rightEye, leftEye] = d.keypoints ?? [];
        return [
          {
            box: { x: box.originX, y: box.originY, width: box.width, height: box.height },
            tiltDeg:
              rightEye && leftEye
                ? tiltFromEyes(
                    { x: rightEye.x * width, y: rightEye.y * height },
                    { x: leftEye.x * width, y: leftEye.y * height },
                  )
                : null,
            score: d.categories[0]?.score ?? 0,
            landmarks: faceLandmarksFrom(d.keypoints, width, height),
          },
        ];
      });
    },
    close() {
      detector.close();
    },
  };
}
