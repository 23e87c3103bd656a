/**
 * The immersive session's controls (docs/product.md § Sessions), pure: they fade after a
 * few seconds without input, so only the guide remains, and come back on a tap, a pointer
 * move or a key. They stay while the session is paused, while the keyboard focus is on
 * one of them, and while a dialog of the session is open.
 */

/** Quiet time before the controls fade. */
export const CONTROLS_IDLE_MS = 4000;

interface ControlsState {
  /** Monotonic ms now, and of the last tap, pointer move or key. */
  now: number;
  lastInputAt: number;
  paused: boolean;
  /** The keyboard focus is on one of the controls. */
  keyboardFocusInside: boolean;
  dialogOpen: boolean;
}

export function controlsVisible(s: ControlsState): boolean {
  if (s.paused || s.keyboardFocusInside || s.dialogOpen) return true;
  return s.now - s.lastInputAt < CONTROLS_IDLE_MS;
}

/** Ms until the controls would fade if nothing happens (0 when they are already hidden). */
export function msUntilControlsFade(s: ControlsState): number {
  if (!controlsVisible(s)) return 0;
  return Math.max(0, CONTROLS_IDLE_MS - (s.now - s.lastInputAt));
}
