import { describe, expect, it } from 'vitest';
import type { GreyFrame } from '../../src/domain/vision/frames';
import type { FaceObservation } from '../../src/domain/vision/posture';
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

function run(frames: { f: GreyFrame; face: FaceObservation | null | undefined }[]) {
  let state: PipelineState = initialPipeline();
  return frames.map(({ f, face: fc }, i) => {
    const out = processFrame(
      state,
      { frame: f, face: fc, capturedAt: i * 500, cycleSeconds: 6 },
      () => 0,
    );
    state = out.state;
    return out.metrics;
  });
}

describe('frame pipeline', () => {
  it('reads a still scene as fully still, with the face counted and posture after calibration', () => {
    const m = run(Array.from({ length: 5 }, () => ({ f: frame(), face: face() })));
    expect(m.map((x) => x.stillness)).toEqual([100, 100, 100, 100, 100]);
    expect(m.map((x) => x.posture)).toEqual([null, null, 100, 100, 100]);
    expect(m.every((x) => x.faceChecked && x.faceDetected && x.presence === 100)).toBe(true);
    expect(m[4]).toMatchObject({ confidence: 0.9, source: 'device', breathsPerMinute: null });
  });

  it('sees movement and a moved head, and follows the chest', () => {
    const m = run([
      { f: frame(), face: face() },
      { f: frame(), face: face() },
      { f: frame(), face: face() },
      { f: frame(6, 30), face: face(30) },
    ]);
    expect(m[3]!.stillness).toBeLessThan(90);
    expect(m[3]!.movementLevel).toBeGreaterThan(10);
    expect(m[3]!.posture).toBeLessThan(60);
    expect(m[1]!.breathSignal).toBeCloseTo(0, 1);
  });

  it('measures the breathing rate once a steady rhythm has been seen long enough', () => {
    const frames = Array.from({ length: 60 }, (_, i) => ({
      f: frame(Math.round(3 * Math.sin((2 * Math.PI * i) / 12))),
      face: face(),
    }));
    const m = run(frames);
    expect(m[10]!.breathsPerMinute).toBeNull(); // 5 s: too short
    expect(m[59]!.breathsPerMinute).toBeCloseTo(10, 0); // a breath every 12 frames of 0.5 s
  });

  it('without a detector, presence and posture are not measured; a missing face is counted', () => {
    const none = run([
      { f: frame(), face: undefined },
      { f: frame(), face: undefined },
    ]);
    expect(none[1]).toMatchObject({
      faceChecked: false,
      faceDetected: false,
      posture: null,
      presence: 0,
    });
    const half = run([
      { f: frame(), face: face() },
      { f: frame(), face: null },
    ]);
    expect(half[1]).toMatchObject({
      faceChecked: true,
      faceDetected: false,
      presence: 50,
      posture: null,
    });
  });
});
