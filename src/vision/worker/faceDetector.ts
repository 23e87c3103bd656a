import type { FaceObservation } from '../../domain/vision/posture';

/** A face detector the frame pipeline can use: the most confident face of a frame, or null. */
export interface FaceDetectorPort {
  detect(
    image: ImageBitmap | OffscreenCanvas,
    width: number,
    height: number,
  ): FaceObservation | null;
  close(): void;
}
