/**
 * The worker's frame pipeline on drawn grey frames and given face candidates: when a face
 * counts, what is measured with it and what is not without it. Not proven here: what the
 * real detector reports on real pictures (e2e/vision-detector.spec.ts runs it on real
 * photographs and the fake camera), nor real webcams.
 */
import { describe, expect, it } from 'vitest';
import type { GreyFrame } from '../../src/domain/vision/frames';
import type { FaceObservation } from '../../src/domain/vision/posture';
import { faceLandmarksFrom } from '../../src/domain/vision/faceLandmarks';
import {
  initialPipeline,
  processFrame,
  type PipelineState,
} from '../../src/vision/worker/pipeline';

const W = 320;
const H = 240;

/** A person-like frame: a bright block (head) over a band (shoulders), moved down by `dy`. */
function frame(dy = 0, dx = 0): GreyFrame {
  const data = new Uint8Array(W * H).fill(70);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const head = x >= 120 + dx && x < 200 + dx && y >= 30 + dy && y < 110 + dy;
      const body = y >= 130 + dy;
      if (head) data[y * W + x] = 200;
      else if (body) data[y * W + x] = 140 + Math.round(30 * Math.sin((y - dy) / 6));
    }
  }
  return { width: W, height: H, data };
}

const face = (dx = 0): FaceObservation => ({
  box: { x: 120 + dx, y: 30, width: 80, height: 80 },
  tiltDeg: 0,
  score: 0.9,
});

/**
 * What MediaPipe's short-range detector reported on Chromium's fake camera pattern (frames
 * of e2e/vision-detector.spec.ts): a box two thirds of the frame wide at its top edge,
 * scores 0.52-0.62, jumping between two places as the pattern turns.
 */
const patternCandidate = (i: number): FaceObservation => ({
  box: { x: i % 2 ? 26 : 104, y: 0, width: 208, height: 208 },
  tiltDeg: 3,
  score: 0.62,
});

type Faces = readonly FaceObservation[] | undefined;

function run(frames: { f: GreyFrame; faces: Faces }[]) {
  let state: PipelineState = initialPipeline();
  return frames.map(({ f, faces }, i) => {
    const out = processFrame(
      state,
      { frame: f, faces, capturedAt: i * 500, cycleSeconds: 6 },
      () => 0,
    );
    state = out.state;
    return out.metrics;
  });
}

/** A person-like frame whose "chest" rises and falls 3 px at 10 breaths a minute (frames 0.5 s apart). */
const breathingFrame = (i: number) => frame(Math.round(3 * Math.sin((2 * Math.PI * i) / 12)));

describe('frame pipeline', () => {
  it('counts a face once it is confirmed over three frames, the frames that led to it included, and then measures posture', () => {
    const m = run(Array.from({ length: 6 }, () => ({ f: frame(), faces: [face()] })));
    expect(m.map((x) => x.faceDetected)).toEqual([false, false, true, true, true, true]);
    expect(m.map((x) => x.presence)).toEqual([0, 0, 100, 100, 100, 100]);
    expect(m.map((x) => x.stillness)).toEqual([100, 100, 100, 100, 100, 100]);
    expect(m.map((x) => x.posture)).toEqual([null, null, null, null, 100, 100]);
    expect(m.every((x) => x.faceChecked)).toBe(true);
    expect(m[4]).toMatchObject({ confidence: 0.9, source: 'device', breathsPerMinute: null });
  });

  it('sees movement and a moved head, and follows the chest', () => {
    const m = run([
      ...Array.from({ length: 5 }, () => ({ f: frame(), faces: [face()] })),
      { f: frame(6, 30), faces: [face(30)] },
    ]);
    expect(m[5]!.stillness).toBeLessThan(90);
    expect(m[5]!.movementLevel).toBeGreaterThan(10);
    expect(m[5]!.posture).toBeLessThan(60);
    expect(m[3]!.breathSignal).toBeCloseTo(0, 1);
  });

  it('measures the breathing rate below a present face once a steady rhythm has been seen long enough', () => {
    const m = run(
      Array.from({ length: 60 }, (_, i) => ({ f: breathingFrame(i), faces: [face()] })),
    );
    expect(m[10]!.breathsPerMinute).toBeNull(); // 5 s: too short
    expect(m[59]!.breathsPerMinute).toBeCloseTo(10, 0); // a breath every 12 frames of 0.5 s
  });

  it('the fake camera pattern is no face: presence 0, no posture, no chest signal, no breathing rate', () => {
    const m = run(
      Array.from({ length: 60 }, (_, i) => ({
        f: breathingFrame(i),
        faces: [patternCandidate(i)],
      })),
    );
    expect(m.filter((x) => x.faceDetected)).toEqual([]);
    expect(m[59]).toMatchObject({ presence: 0, posture: null, breathsPerMinute: null });
    expect(m.every((x) => x.breathSignal === null)).toBe(true);
  });

  it('measures no breathing without a face, even where something in the picture rises and falls', () => {
    const m = run(Array.from({ length: 60 }, (_, i) => ({ f: breathingFrame(i), faces: [] })));
    expect(m.every((x) => x.breathSignal === null && x.breathsPerMinute === null)).toBe(true);
    expect(m[59]).toMatchObject({ faceChecked: true, faceDetected: false, presence: 0 });
  });

  it('without a detector, presence, posture and breathing are not measured', () => {
    const m = run(
      Array.from({ length: 60 }, (_, i) => ({ f: breathingFrame(i), faces: undefined })),
    );
    expect(m[59]).toMatchObject({
      faceChecked: false,
      faceDetected: false,
      posture: null,
      presence: 0,
      breathSignal: null,
      breathsPerMinute: null,
    });
  });

  it('a face that leaves is counted as missing, and the breathing rate stops with it', () => {
    const m = run([
      ...Array.from({ length: 40 }, (_, i) => ({ f: breathingFrame(i), faces: [face()] })),
      ...Array.from({ length: 40 }, (_, i) => ({ f: breathingFrame(40 + i), faces: [] })),
    ]);
    expect(m[39]!.breathsPerMinute).toBeCloseTo(10, 0);
    expect(m[79]).toMatchObject({ faceDetected: false, presence: 50, breathsPerMinute: null });
  });
  it('carries the detector\'s keypoints of the present face as faceLandmarks, none without a face', () => {
    const landmarks = faceLandmarksFrom(
      [
        { x: 0.45, y: 0.25 },
        { x: 0.55, y: 0.25 },
        { x: 0.5, y: 0.32 },
        { x: 0.5, y: 0.4 },
        { x: 0.38, y: 0.28 },
        { x: 0.62, y: 0.28 },
      ],
      320,
      240,
    );
    const m = run(Array.from({ length: 4 }, () => ({ f: frame(), faces: [{ ...face(), landmarks }] })));
    expect(m[3]!.faceLandmarks).toEqual(landmarks);
    expect(m[3]!.faceLandmarks!.map((l) => l.name)).toEqual([
      'rightEye',
      'leftEye',
      'noseTip',
      'mouthCenter',
      'rightEarTragion',
      'leftEarTragion',
    ]);
    expect(m[3]!.faceLandmarks![2]).toEqual({ name: 'noseTip', x: 160, y: 76.8 });
    const none = run(Array.from({ length: 4 }, () => ({ f: frame(), faces: [] })));
    expect(none[3]!.faceLandmarks).toBeUndefined();
  });
});
