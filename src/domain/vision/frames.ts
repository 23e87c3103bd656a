/**
 * Frames as the vision pipeline sees them: 8-bit grey images, row-major, and rectangles
 * in pixels. Pure (docs/product.md § Vision).
 */

/** The size every analysed frame has. */
export const FRAME_WIDTH = 320;
export const FRAME_HEIGHT = 240;

export interface GreyFrame {
  width: number;
  height: number;
  /** width * height luma values, row by row. */
  data: Uint8Array;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Luma (ITU-R BT.601 weights, integer maths) of an RGBA image. */
export function toGrey(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
): GreyFrame {
  const n = width * height;
  if (rgba.length < n * 4)
    throw new Error(`An RGBA frame of ${width}x${height} needs ${n * 4} bytes`);
  const data = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    data[i] = (77 * rgba[j]! + 150 * rgba[j + 1]! + 29 * rgba[j + 2]!) >> 8;
  }
  return { width, height, data };
}

/** The part of `r` inside a frame of `width` x `height`, in whole pixels (may be empty). */
export function clampRect(r: Rect, width: number, height: number): Rect {
  const x0 = Math.max(0, Math.floor(r.x));
  const y0 = Math.max(0, Math.floor(r.y));
  const x1 = Math.min(width, Math.ceil(r.x + r.width));
  const y1 = Math.min(height, Math.ceil(r.y + r.height));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

export const wholeFrame = (f: { width: number; height: number }): Rect => ({
  x: 0,
  y: 0,
  width: f.width,
  height: f.height,
});
