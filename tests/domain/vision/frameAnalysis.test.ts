import { describe, expect, it } from 'vitest';
import { clampRect, toGrey, wholeFrame, type GreyFrame } from '../../../src/domain/vision/frames';
import { motionEnergy, movementLevel, NOISE_THRESHOLD } from '../../../src/domain/vision/motion';
import { initialStillness, stepStillness } from '../../../src/domain/vision/stillness';

const W = 32;
const H = 24;

/** A frame with a bright square at (x, y) on a mid-grey ground. */
function squareAt(x: number, y: number, size = 8): GreyFrame {
  const data = new Uint8Array(W * H).fill(100);
  for (let r = y; r < y + size; r++) for (let c = x; c < x + size; c++) data[r * W + c] = 220;
  return { width: W, height: H, data };
}

describe('frames', () => {
  it('turns RGBA into luma', () => {
    const rgba = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255]);
    expect(Array.from(toGrey(rgba, 3, 1).data)).toEqual([255, 0, 76]);
    expect(() => toGrey(new Uint8ClampedArray(4), 2, 2)).toThrow('needs 16 bytes');
  });

  it('clamps a rectangle to the frame', () => {
    expect(clampRect({ x: -5, y: 20, width: 20, height: 10 }, W, H)).toEqual({
      x: 0,
      y: 20,
      width: 15,
      height: 4,
    });
    expect(clampRect({ x: 40, y: 0, width: 5, height: 5 }, W, H).width).toBe(0);
  });
});

describe('motion energy', () => {
  it('is zero for the same frame and for changes below the noise threshold', () => {
    const a = squareAt(4, 4);
    expect(motionEnergy(a, a, wholeFrame(a))).toBe(0);
    const noisy = { ...a, data: a.data.map((v) => v + NOISE_THRESHOLD - 1) };
    expect(motionEnergy(a, noisy, wholeFrame(a))).toBe(0);
  });

  it('grows with the movement and counts only the region', () => {
    const a = squareAt(4, 4);
    const small = motionEnergy(a, squareAt(5, 4), wholeFrame(a));
    const large = motionEnergy(a, squareAt(12, 10), wholeFrame(a));
    expect(small).toBeGreaterThan(0);
    expect(large).toBeGreaterThan(small);
    expect(motionEnergy(a, squareAt(12, 10), { x: 24, y: 0, width: 8, height: 4 })).toBe(0);
    expect(motionEnergy(a, a, { x: 100, y: 100, width: 5, height: 5 })).toBe(0);
    expect(() =>
      motionEnergy(a, { width: 2, height: 2, data: new Uint8Array(4) }, wholeFrame(a)),
    ).toThrow();
  });

  it('maps energy to a 0-100 movement level', () => {
    expect(movementLevel(0)).toBe(0);
    expect(movementLevel(0.125)).toBe(50);
    expect(movementLevel(0.9)).toBe(100);
    expect(movementLevel(Number.NaN)).toBe(0);
  });
});

describe('stillness', () => {
  it('smooths movement: one twitch does not read as restlessness for long', () => {
    let s = initialStillness();
    const levels = [0, 0, 100, 0, 0, 0, 0, 0];
    const readings = levels.map((l) => {
      const step = stepStillness(s, l);
      s = step.state;
      return step.reading;
    });
    expect(readings[0]).toEqual({ movementLevel: 0, restlessnessScore: 0, stillness: 100 });
    expect(readings[2]!.movementLevel).toBe(100);
    expect(readings[2]!.restlessnessScore).toBe(35);
    expect(readings[7]!.stillness).toBeGreaterThan(95);
    for (const r of readings) expect(r.stillness + r.restlessnessScore).toBe(100);
  });

  it('clamps levels and treats a missing one as still', () => {
    expect(stepStillness(initialStillness(), 250).reading.restlessnessScore).toBe(100);
    expect(stepStillness(initialStillness(), Number.NaN).reading.stillness).toBe(100);
  });
});
