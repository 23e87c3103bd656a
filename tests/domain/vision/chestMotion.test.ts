import { describe, expect, it } from 'vitest';
import {
  initialChest,
  trackChest,
  type ChestState,
} from '../../../src/domain/vision/chestMotion';
import type { GreyFrame, Rect } from '../../../src/domain/vision/frames';

const W = 320;
const H = 240;

/** Shoulders: a smooth bright shape whose top edge sits at `top` (sub-pixel), on a dark ground. */
function shoulders(top: number): GreyFrame {
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const v = 40 + 160 / (1 + Math.exp(-(y - top) / 1.5)) + 20 * Math.sin((y - top) / 7);
    data.fill(Math.max(0, Math.min(255, Math.round(v))), y * W, (y + 1) * W);
  }
  return { width: W, height: H, data };
}

const face: Rect = { x: 120, y: 30, width: 80, height: 80 };

describe('chest motion', () => {
  it('places the region below the face, inside the frame; none when no chest is in view', () => {
    expect(trackChest(initialChest(), shoulders(150), face).state.region).toEqual({ x: 60, y: 114, width: 200, height: 88 });
    const low = trackChest(initialChest(), shoulders(150), { x: 0, y: 200, width: 80, height: 80 });
    expect(low).toMatchObject({ state: { region: null }, displacement: null });
  });

  /** The displacement measured in the frame after the first, the shoulders `d` px lower. */
  const shiftAfter = (first: GreyFrame, next: GreyFrame, at: Rect = face) =>
    trackChest(trackChest(initialChest(), first, at).state, next, at).displacement;

  it('measures a shift of the profile to a tenth of a pixel', () => {
    for (const d of [-3.5, -1, 0, 0.4, 2.25, 6]) {
      expect(shiftAfter(shoulders(150), shoulders(150 + d))).toBeCloseTo(d, 1);
    }
    const flat: GreyFrame = { width: W, height: H, data: new Uint8Array(W * H).fill(50) };
    expect(shiftAfter(flat, flat)).toBeNull(); // nothing to track
    // A face so small its region has too few rows to measure a shift.
    expect(shiftAfter(shoulders(60), shoulders(61), { x: 150, y: 30, width: 20, height: 20 })).toBeNull();
  });

  it('tracks a breathing movement over time, also past the re-reference distance', () => {
    let s: ChestState = initialChest();
    const seen: number[] = [];
    for (let i = 0; i < 40; i++) {
      const d = 10 * Math.sin((2 * Math.PI * i) / 20);
      const step = trackChest(s, shoulders(150 + d), face);
      s = step.state;
      seen.push((step.displacement ?? Number.NaN) - 10 * Math.sin((2 * Math.PI * i) / 20));
    }
    for (const err of seen) expect(Math.abs(err)).toBeLessThan(0.6);
  });

  it('moves the region when the person moves, keeping the signal continuous', () => {
    let s = trackChest(initialChest(), shoulders(150), face).state;
    s = trackChest(s, shoulders(152), face).state;
    expect(s.last).toBeCloseTo(2, 0);
    const moved = trackChest(s, shoulders(152), { ...face, x: 10 });
    expect(moved.state.region!.x).toBe(0);
    expect(moved.displacement).toBeCloseTo(2, 0);
  });

  it('measures nothing without a face, and goes on where it was when the face is back', () => {
    expect(trackChest(initialChest(), shoulders(150), null)).toEqual({
      state: initialChest(),
      displacement: null,
    });
    let s = trackChest(initialChest(), shoulders(150), face).state;
    s = trackChest(s, shoulders(152), face).state;
    const gone = trackChest(s, shoulders(140), null);
    expect(gone).toEqual({ state: s, displacement: null });
    expect(trackChest(gone.state, shoulders(153), face).displacement).toBeCloseTo(3, 0);
  });

  it('reports nothing on a flat image below the face', () => {
    const s = trackChest(initialChest(), shoulders(150), face).state;
    const flat = { width: W, height: H, data: new Uint8Array(W * H).fill(90) };
    expect(trackChest(s, flat, face).displacement).toBeNull();
  });
});
