import type { FaceObservation } from '../../domain/vision/posture';

/**
 * A face detector the frame pipeline can use: every face candidate of a frame, in frame
 * pixels. Which of them (if any) is a person's face is decided by the pipeline's rules
 * (src/domain/vision/facePresence.ts), not here.
 */
export interface FaceDetectorPort {
  detect(image: ImageBitmap | OffscreenCanvas, width: number, height: number): FaceObservation[];
  close(): void;
}
