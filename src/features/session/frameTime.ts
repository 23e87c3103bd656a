/**
 * Runs `cb` with the timestamp of the next display frame (requestAnimationFrame), or with
 * performance.now() if no frame comes within 50 ms (hidden or throttled tab).
 *
 * Starting, pausing and resuming the breath clock on frame timestamps keeps the phase
 * boundaries on the display's frame grid: at 60 Hz a whole second is exactly 60 frames,
 * so a boundary lands on a frame instead of up to one frame before it.
 */
export function atNextFrame(cb: (now: number) => void): void {
  let done = false;
  const run = (now: number) => {
    if (done) return;
    done = true;
    cb(now);
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  setTimeout(() => run(performance.now()), 50);
}

/** A frame callback may see a boundary a hair early; this much is accepted as "now". */
export const FRAME_TOLERANCE_MS = 1;
