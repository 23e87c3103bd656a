/**
 * The breathing signal on camera: the vertical movement of the shoulders and upper chest,
 * the region just below the face (docs/product.md § Vision). Only below a face that is
 * present: without one there is no chest to follow, and any other part of the picture
 * (a test pattern, a wall, a passing shadow) would read its jumps as breaths. The region
 * stays fixed in the image (it must not follow the motion it measures); each frame's row
 * profile (mean luma per row) is matched against a reference profile to sub-pixel
 * precision, and the shift is the displacement. Pure.
 */
import { clampRect, type GreyFrame, type Rect } from './frames';

/** Largest shift searched between the reference and the current profile, pixels. */
const MAX_SHIFT_PX = 12;
/** Past this shift the current profile becomes the new reference (the offset is kept). */
const REREFERENCE_PX = 8;
/** The person moved: a face this far (in face widths) from where the region was set moves it. */
const REPLACE_AFTER_FACE_WIDTHS = 0.6;
const MIN_ROWS = 3 * MAX_SHIFT_PX;

export interface ChestState {
  region: Rect | null;
  /** Face centre and width when the region was set. */
  anchor: { cx: number; cy: number; width: number } | null;
  reference: Float64Array | null;
  /** Displacement of the reference itself, pixels. */
  base: number;
  /** The last displacement (kept across a new reference or region). */
  last: number;
}

export const initialChest = (): ChestState => ({
  region: null,
  anchor: null,
  reference: null,
  base: 0,
  last: 0,
});

/** Below the face: 2.5 face widths wide, one face height tall, starting just under the chin. */
function chestRegionBelow(face: Rect, width: number, height: number): Rect {
  const cx = face.x + face.width / 2;
  return clampRect(
    {
      x: cx - 1.25 * face.width,
      y: face.y + face.height * 1.05,
      width: 2.5 * face.width,
      height: face.height * 1.1,
    },
    width,
    height,
  );
}

/** Mean luma of each row of the region. */
function rowProfile(frame: GreyFrame, region: Rect): Float64Array {
  const r = clampRect(region, frame.width, frame.height);
  const out = new Float64Array(r.height);
  if (r.width === 0) return out;
  for (let y = 0; y < r.height; y++) {
    let sum = 0;
    const row = (r.y + y) * frame.width + r.x;
    for (let x = 0; x < r.width; x++) sum += frame.data[row + x]!;
    out[y] = sum / r.width;
  }
  return out;
}

/**
 * How far the content of `cur` moved down relative to `ref` (pixels, sub-pixel by a
 * parabola through the best three shifts), or null when the profiles have no structure.
 */
function profileShift(
  ref: Float64Array,
  cur: Float64Array,
  maxShift = MAX_SHIFT_PX,
): number | null {
  const n = Math.min(ref.length, cur.length);
  if (n < 2 * maxShift + 4) return null;
  const mean = (a: Float64Array) => a.reduce((s, v) => s + v, 0) / a.length;
  const mr = mean(ref);
  const mc = mean(cur);
  let refVar = 0;
  let curVar = 0;
  for (let i = 0; i < n; i++) {
    refVar += (ref[i]! - mr) ** 2;
    curVar += (cur[i]! - mc) ** 2;
  }
  if (refVar / n < 1 || curVar / n < 1) return null; // a flat region: nothing to track
  // Variance of the difference: insensitive to a change of overall brightness.
  const cost = (s: number) => {
    let sum = 0;
    let sumSq = 0;
    let count = 0;
    for (let i = maxShift; i < n - maxShift; i++) {
      const d = cur[i + s]! - ref[i]!;
      sum += d;
      sumSq += d * d;
      count++;
    }
    return sumSq / count - (sum / count) ** 2;
  };
  const costs = new Map<number, number>();
  let best = 0;
  for (let s = -maxShift; s <= maxShift; s++) {
    const c = cost(s);
    costs.set(s, c);
    if (c < (costs.get(best) ?? Number.POSITIVE_INFINITY)) best = s;
  }
  if (best === -maxShift || best === maxShift) return best;
  const a = costs.get(best - 1)!;
  const b = costs.get(best)!;
  const c = costs.get(best + 1)!;
  const denom = a - 2 * b + c;
  return denom > 0 ? best + (0.5 * (a - c)) / denom : best;
}

/**
 * One frame: the chest displacement in pixels (positive: moved down), or null when no
 * region can be tracked. `face` is the box of the face present in this frame; without one
 * nothing is measured and the state is kept for when the face is back.
 */
export function trackChest(
  state: ChestState,
  frame: GreyFrame,
  face: Rect | null,
): { state: ChestState; displacement: number | null } {
  if (!face) return { state, displacement: null };
  let s = state;
  const moved =
    !s.anchor ||
    Math.hypot(face.x + face.width / 2 - s.anchor.cx, face.y + face.height / 2 - s.anchor.cy) >
      REPLACE_AFTER_FACE_WIDTHS * s.anchor.width;
  if (!s.region || moved) {
    const region = chestRegionBelow(face, frame.width, frame.height);
    if (region.height < MIN_ROWS || region.width < 8) {
      return { state: { ...s, region: null, anchor: null, reference: null }, displacement: null };
    }
    const anchor = { cx: face.x + face.width / 2, cy: face.y + face.height / 2, width: face.width };
    s = { region, anchor, reference: rowProfile(frame, region), base: s.last, last: s.last };
    return { state: s, displacement: s.last };
  }
  const profile = rowProfile(frame, s.region);
  const shift = s.reference ? profileShift(s.reference, profile) : null;
  if (shift === null)
    return { state: { ...s, reference: profile, base: s.last }, displacement: null };
  const displacement = s.base + shift;
  if (Math.abs(shift) > REREFERENCE_PX) {
    return {
      state: { ...s, reference: profile, base: displacement, last: displacement },
      displacement,
    };
  }
  return { state: { ...s, last: displacement }, displacement };
}
