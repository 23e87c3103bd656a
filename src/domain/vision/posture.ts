/**
 * Posture against the person's own calibration (docs/product.md § Vision): the head's
 * position, size (leaning in or slumping back) and tilt in the first faces confirmed
 * present in the session (facePresence.ts: never a pattern or a wall) are the reference; each later face scores 100 at the reference and falls
 * to 0 at 0.6 face widths away, 40% larger or smaller, or 25 degrees more tilt (or a mix
 * of these). Pure.
 */
import type { FaceLandmark } from './faceLandmarks';
import type { Rect } from './frames';

/** One detected face, in frame pixels. */
export interface FaceObservation {
  box: Rect;
  /** Head roll from the eye line, degrees; null without eye keypoints. */
  tiltDeg: number | null;
  /** Detector confidence 0-1. */
  score: number;
  /** The detector's keypoints (eyes, nose tip, mouth, ears), frame pixels; absent when none. */
  landmarks?: FaceLandmark[];
}

export interface PostureCalibration {
  cx: number;
  cy: number;
  width: number;
  tiltDeg: number | null;
}

/** Faces that make up the calibration (faces confirmed present, in order). */
const CALIBRATION_FACES = 3;

/** The calibration from the first faces (null until there are enough). */
export function calibratePosture(faces: readonly FaceObservation[]): PostureCalibration | null {
  if (faces.length < CALIBRATION_FACES) return null;
  const first = faces.slice(0, CALIBRATION_FACES);
  const avg = (f: (o: FaceObservation) => number) =>
    first.reduce((s, o) => s + f(o), 0) / first.length;
  const tilts = first.map((o) => o.tiltDeg).filter((t): t is number => t !== null);
  return {
    cx: avg((o) => o.box.x + o.box.width / 2),
    cy: avg((o) => o.box.y + o.box.height / 2),
    width: avg((o) => o.box.width),
    tiltDeg: tilts.length ? tilts.reduce((a, b) => a + b, 0) / tilts.length : null,
  };
}

/** Posture score 0-100 of one face against the calibration. */
export function postureScore(cal: PostureCalibration, face: FaceObservation): number {
  if (!(cal.width > 0) || !(face.box.width > 0)) return 0;
  const offset =
    Math.hypot(
      face.box.x + face.box.width / 2 - cal.cx,
      face.box.y + face.box.height / 2 - cal.cy,
    ) / cal.width;
  const scale = Math.abs(face.box.width / cal.width - 1);
  const tilt =
    cal.tiltDeg !== null && face.tiltDeg !== null ? Math.abs(face.tiltDeg - cal.tiltDeg) : 0;
  const penalty = offset / 0.6 + scale / 0.4 + tilt / 25;
  return Math.round(100 * Math.max(0, 1 - penalty));
}

/** Head roll in degrees from the two eye keypoints (image coordinates, y down). */
export function tiltFromEyes(
  rightEye: { x: number; y: number },
  leftEye: { x: number; y: number },
): number {
  return (Math.atan2(leftEye.y - rightEye.y, leftEye.x - rightEye.x) * 180) / Math.PI;
}
