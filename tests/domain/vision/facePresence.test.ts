import { describe, expect, it } from 'vitest';
import {
  CONFIRM_FRAMES,
  initialFacePresence,
  stepFacePresence,
  type FacePresenceState,
} from '../../../src/domain/vision/facePresence';
import type { FaceObservation } from '../../../src/domain/vision/posture';

/**
 * The rules that decide whether a detector candidate is a person's face. The boxes and
 * scores are what MediaPipe's short-range detector reported at 320x240 (e2e/vision/lab.ts):
 * on crops of real photographs of people (scores 0.82-0.97, boxes 67-99 px), on Chromium's
 * fake camera pattern (0.52-0.62, boxes 163-210 px at the top edge, jumping as it turns)
 * and on an empty, dim wall (0.53, 220 px). Not proven here: that these numbers hold for
 * real webcams (the browser tests with photographs check the detector itself, not webcams).
 */

const W = 320;
const H = 240;
const candidate = (x: number, y: number, size: number, score: number): FaceObservation => ({
  box: { x, y, width: size, height: size },
  tiltDeg: 0,
  score,
});

/** Seen on photographs of people. */
const REAL_FACES = [
  candidate(115, 50, 83, 0.955),
  candidate(137, 58, 67, 0.953),
  candidate(110, 45, 98, 0.924),
  candidate(113, 41, 79, 0.822),
  candidate(4, 66, 95, 0.911),
];
/** Seen on the fake camera's pattern and on an empty wall. */
const NOT_FACES = [
  candidate(26, 0, 208, 0.621),
  candidate(104, 0, 205, 0.454),
  candidate(21, 0, 209, 0.604),
  candidate(68, 11, 165, 0.425),
  candidate(87, 0, 220, 0.532),
];

function feed(frames: (readonly FaceObservation[])[]) {
  let state: FacePresenceState = initialFacePresence();
  return frames.map((c) => {
    const step = stepFacePresence(state, c, W, H);
    state = step.state;
    return step;
  });
}

describe('a plausible face', () => {
  /** Present once seen, still, for the confirming frames. */
  const accepted = (f: FaceObservation) =>
    feed(Array.from({ length: CONFIRM_FRAMES }, () => [f])).at(-1)!.face !== null;
  /** `next` continues the track of `prev`: it confirms it in the last confirming frame. */
  const sameFace = (prev: FaceObservation, next: FaceObservation) =>
    feed([...Array.from({ length: CONFIRM_FRAMES - 1 }, () => [prev]), [next]]).at(-1)!.face !== null;

  it('accepts the faces of real photographs and refuses the pattern and the wall (their score)', () => {
    expect(REAL_FACES.map(accepted)).toEqual([true, true, true, true, true]);
    expect(NOT_FACES.map(accepted)).toEqual([false, false, false, false, false]);
  });

  it('refuses, whatever the score, a face too small, too large, cut by an edge or too low', () => {
    expect(accepted(candidate(150, 50, 20, 0.95))).toBe(false); // small
    expect(accepted(candidate(26, 0, 208, 0.95))).toBe(false); // large
    expect(accepted(candidate(280, 60, 90, 0.95))).toBe(false); // outside
    expect(accepted(candidate(100, -40, 90, 0.95))).toBe(false); // outside
    expect(accepted(candidate(100, 140, 80, 0.95))).toBe(false); // low
    expect(accepted(candidate(100, 120, 80, 0.95))).toBe(true);
    expect(accepted(candidate(100, 50, 80, Number.NaN))).toBe(false); // score
    expect(accepted({ ...candidate(100, 50, 80, 0.9), box: { x: 100, y: 50, width: 0, height: 0 } })).toBe(false); // small
  });

  it('is the same face from one frame to the next only nearby and of a similar size', () => {
    const f = candidate(100, 50, 80, 0.9);
    expect(sameFace(f, candidate(130, 60, 90, 0.9))).toBe(true);
    expect(sameFace(f, candidate(150, 50, 80, 0.9))).toBe(false);
    expect(sameFace(f, candidate(100, 50, 110, 0.9))).toBe(false);
  });
});

describe('face presence over frames', () => {
  it(`confirms a face after ${CONFIRM_FRAMES} consecutive frames and counts the frames that led to it`, () => {
    const steps = feed(Array.from({ length: 5 }, (_, i) => [candidate(100 + 2 * i, 50, 80, 0.9)]));
    expect(steps.map((s) => s.face !== null)).toEqual([false, false, true, true, true]);
    expect(steps.map((s) => s.counted)).toEqual([0, 0, 3, 1, 1]);
  });

  it('never confirms the fake camera pattern, frame after frame', () => {
    const steps = feed(
      Array.from({ length: 40 }, (_, i) => [NOT_FACES[i % 2]!, NOT_FACES[2 + (i % 3)]!]),
    );
    expect(steps.every((s) => s.face === null && s.counted === 0)).toBe(true);
  });

  it('never confirms a confident candidate that jumps about (no one sits there)', () => {
    const steps = feed(
      Array.from({ length: 12 }, (_, i) => [candidate(i % 2 ? 20 : 200, 50, 80, 0.9)]),
    );
    expect(steps.every((s) => s.face === null)).toBe(true);
  });

  it('keeps a confirmed face over one missed frame, and asks for confirmation again after two', () => {
    const f = [candidate(100, 50, 80, 0.9)];
    const steps = feed([f, f, f, [], f, [], [], f, f, f]);
    expect(steps.map((s) => s.counted)).toEqual([0, 0, 3, 0, 1, 0, 0, 0, 0, 3]);
  });

  it('follows the face it has, not a more confident one elsewhere, and picks the best plausible one to start', () => {
    const mine = candidate(100, 50, 80, 0.8);
    const other = candidate(220, 60, 70, 0.95);
    const steps = feed([[mine], [mine], [mine], [other, mine]]);
    expect(steps[3]!.face).toEqual(mine);
    const start = feed([[NOT_FACES[0]!, mine, other]]);
    expect(start[0]!.state.track).toEqual(other);
  });
});
