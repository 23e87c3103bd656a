/**
 * The face detector's keypoints as named landmarks (issue #34: vision metrics carry
 * faceLandmarks). MediaPipe's short-range face detector (BlazeFace) gives six keypoints in
 * this order: right eye, left eye, nose tip, mouth centre, right ear tragion, left ear
 * tragion ('right' is the person's right, on the image's left for a front camera).
 * Positions are frame pixels. Pure.
 */
const FACE_LANDMARK_NAMES = [
  'rightEye',
  'leftEye',
  'noseTip',
  'mouthCenter',
  'rightEarTragion',
  'leftEarTragion',
] as const;

type FaceLandmarkName = (typeof FACE_LANDMARK_NAMES)[number];

export interface FaceLandmark {
  name: FaceLandmarkName;
  x: number;
  y: number;
}

/**
 * Named landmarks from the detector's keypoints (normalised 0-1) scaled to a frame of
 * `width` x `height` pixels. Keypoints past the sixth, or not finite, are left out.
 */
export function faceLandmarksFrom(
  keypoints: readonly { x: number; y: number }[] | undefined,
  width: number,
  height: number,
): FaceLandmark[] {
  if (!keypoints) return [];
  const out: FaceLandmark[] = [];
  keypoints.slice(0, FACE_LANDMARK_NAMES.length).forEach((k, i) => {
    if (!Number.isFinite(k.x) || !Number.isFinite(k.y)) return;
    out.push({ name: FACE_LANDMARK_NAMES[i]!, x: k.x * width, y: k.y * height });
  });
  return out;
}
