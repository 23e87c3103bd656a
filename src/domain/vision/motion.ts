/**
 * Motion energy by frame differencing: no model (docs/product.md § Vision). Two grey
 * frames of the same size are compared inside a region (the face when one is known,
 * else the whole frame); the energy is the share of pixels whose luma changed by more
 * than camera noise does. Pure.
 */
import { clampRect, type GreyFrame, type Rect } from './frames';

/** Luma change (0-255) below which a pixel counts as unchanged: sensor noise and compression. */
export const NOISE_THRESHOLD = 14;

/** Share (0-1) of the region's pixels that changed between `prev` and `cur`. */
export function motionEnergy(prev: GreyFrame, cur: GreyFrame, region: Rect): number {
  if (prev.width !== cur.width || prev.height !== cur.height) {
    throw new Error('Frames of different sizes cannot be compared');
  }
  const r = clampRect(region, cur.width, cur.height);
  if (r.width === 0 || r.height === 0) return 0;
  const a = prev.data;
  const b = cur.data;
  const w = cur.width;
  let changed = 0;
  for (let y = r.y; y < r.y + r.height; y++) {
    const row = y * w;
    for (let i = row + r.x, end = row + r.x + r.width; i < end; i++) {
      const d = a[i]! - b[i]!;
      if (d > NOISE_THRESHOLD || d < -NOISE_THRESHOLD) changed++;
    }
  }
  return changed / (r.width * r.height);
}

/** The energy at which movement reads 100: a quarter of the region changing between frames. */
const FULL_MOVEMENT_ENERGY = 0.25;

/** Movement level 0-100 of one frame pair. */
export function movementLevel(energy: number): number {
  if (!Number.isFinite(energy) || energy <= 0) return 0;
  return Math.min(100, (energy / FULL_MOVEMENT_ENERGY) * 100);
}
