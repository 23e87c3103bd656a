/**
 * The countdown before a session (docs/product.md § Sessions): a preference of the
 * person's, in whole seconds. 0 starts the guide at once (after the 0.5 s 'Breathe in').
 */

export const DEFAULT_COUNTDOWN_SECONDS = 3;
const MAX_COUNTDOWN_SECONDS = 10;
/** The choices the settings offer. */
export const COUNTDOWN_CHOICES = [0, 3, 5, 10] as const;

/** A countdown length from anything stored (a bad value falls back to the default). */
export function countdownSeconds(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_COUNTDOWN_SECONDS;
  return Math.min(MAX_COUNTDOWN_SECONDS, Math.max(0, Math.round(value)));
}

/** How a choice reads in the settings. */
export function countdownLabel(seconds: number): string {
  return seconds === 0 ? 'None' : `${seconds} s`;
}
