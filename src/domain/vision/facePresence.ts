/**
 * Whether a person's face is in view (docs/product.md § Vision). The detector proposes
 * candidates; one counts only when it is plausible for someone sitting in front of the
 * camera: confident enough, of a face's size at that distance, placed where a head can be
 * with room for the chest below, and seen in the same place for a few consecutive frames.
 * Measured at 320x240 with MediaPipe's short-range model (e2e/vision-detector.spec.ts):
 * Chromium's fake camera pattern scores 0.37-0.62 with boxes 163-210 px tall that jump as
 * it turns, a dim wall 0.53 (220 px), a door 0.46 (142 px); faces in real photographs score
 * 0.82-0.97 with boxes 67-99 px. Pure.
 */
import type { FaceObservation } from './posture';

/** Detector score below which a candidate is not a face. */
const MIN_FACE_SCORE = 0.7;
/** The face box's width as a share of the frame's width: smaller is someone far away. */
const MIN_FACE_WIDTH_SHARE = 0.08;
/** The face box's height as a share of the frame's height: larger leaves no chest in view. */
const MAX_FACE_HEIGHT_SHARE = 0.6;
/** Share of the box that must lie inside the frame (a face cut by an edge is not counted). */
const MIN_INSIDE_SHARE = 0.8;
/** The face's centre must lie this high in the frame (a share of its height from the top). */
const MAX_CENTRE_HEIGHT_SHARE = 0.7;
/** Consecutive frames with the same face before it counts as present. */
export const CONFIRM_FRAMES = 3;
/** The same face: its centre moved at most this many face widths since the last frame... */
const MAX_STEP_FACE_WIDTHS = 0.5;
/** ...and its width changed by at most this share. */
const MAX_STEP_SCALE = 0.3;
/** Frames a present face may be missed (a blink, a blur) before it must be confirmed again. */
const MAX_MISSED_FRAMES = 1;

type FaceRejection = 'score' | 'small' | 'large' | 'outside' | 'low';

/** Why a candidate is not a plausible face in a `width` x `height` frame, or null when it is. */
function implausibility(
  face: FaceObservation,
  width: number,
  height: number,
): FaceRejection | null {
  const { x, y, width: w, height: h } = face.box;
  if (!(face.score >= MIN_FACE_SCORE)) return 'score';
  if (!(w >= MIN_FACE_WIDTH_SHARE * width)) return 'small';
  if (!(h <= MAX_FACE_HEIGHT_SHARE * height)) return 'large';
  const insideW = Math.max(0, Math.min(x + w, width) - Math.max(x, 0));
  const insideH = Math.max(0, Math.min(y + h, height) - Math.max(y, 0));
  if (!(w > 0 && h > 0) || (insideW * insideH) / (w * h) < MIN_INSIDE_SHARE) return 'outside';
  if (y + h / 2 > MAX_CENTRE_HEIGHT_SHARE * height) return 'low';
  return null;
}

/** `next` is the same face as `prev` one frame later. */
function sameFace(prev: FaceObservation, next: FaceObservation): boolean {
  const dx = next.box.x + next.box.width / 2 - (prev.box.x + prev.box.width / 2);
  const dy = next.box.y + next.box.height / 2 - (prev.box.y + prev.box.height / 2);
  return (
    Math.hypot(dx, dy) <= MAX_STEP_FACE_WIDTHS * prev.box.width &&
    Math.abs(next.box.width / prev.box.width - 1) <= MAX_STEP_SCALE
  );
}

export interface FacePresenceState {
  /** The face followed from frame to frame (last seen), or null. */
  track: FaceObservation | null;
  /** Consecutive frames the followed face was seen. */
  streak: number;
  /** Frames missed since it was last seen. */
  missed: number;
  /** The followed face has been confirmed (and not lost since). */
  confirmed: boolean;
}

export const initialFacePresence = (): FacePresenceState => ({
  track: null,
  streak: 0,
  missed: 0,
  confirmed: false,
});

interface FacePresenceStep {
  state: FacePresenceState;
  /** The face present in this frame, or null. */
  face: FaceObservation | null;
  /**
   * Frames to count as showing a face: 1 for a present face, CONFIRM_FRAMES on the frame
   * that confirms it (the frames that led to it showed the same face), 0 otherwise.
   */
  counted: number;
}

/**
 * One frame: the detector's candidates (any order) in, the face present in this frame out.
 * The candidate followed is the plausible one that continues the current track, else the
 * most confident plausible one.
 */
export function stepFacePresence(
  state: FacePresenceState,
  candidates: readonly FaceObservation[],
  width: number,
  height: number,
): FacePresenceStep {
  const plausible = candidates
    .filter((c) => implausibility(c, width, height) === null)
    .sort((a, b) => b.score - a.score);
  const { track } = state;
  const continuing = track ? plausible.find((c) => sameFace(track, c)) : undefined;
  if (continuing) {
    const streak = state.streak + 1;
    const confirmed = state.confirmed || streak >= CONFIRM_FRAMES;
    const counted = state.confirmed ? 1 : confirmed ? streak : 0;
    return {
      state: { track: continuing, streak, missed: 0, confirmed },
      face: confirmed ? continuing : null,
      counted,
    };
  }
  if (track && state.confirmed && state.missed < MAX_MISSED_FRAMES && plausible.length === 0) {
    // Missed once: the face is not counted in this frame, but it need not be confirmed again.
    return { state: { ...state, missed: state.missed + 1 }, face: null, counted: 0 };
  }
  const first = plausible[0];
  if (!first) return { state: initialFacePresence(), face: null, counted: 0 };
  const confirmed = CONFIRM_FRAMES <= 1;
  return {
    state: { track: first, streak: 1, missed: 0, confirmed },
    face: confirmed ? first : null,
    counted: confirmed ? 1 : 0,
  };
}
