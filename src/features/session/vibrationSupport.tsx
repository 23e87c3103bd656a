import { useHydrating } from '../../ui/useHydrating';
import { vibrationAvailable } from './cues';

/**
 * Whether this device can vibrate (navigator.vibrate: Chromium on Android has it; Safari
 * on iOS, and every desktop browser but Chromium, do not). Unknown while a prerendered
 * page hydrates, when it reads as available so the page's text does not change under it.
 */
export function useVibrationSupport(): boolean {
  const hydrating = useHydrating();
  return hydrating || vibrationAvailable();
}

/** What is said where vibration is chosen, on a device that cannot vibrate. */
export const VIBRATION_UNAVAILABLE_TEXT =
  'Vibration is not available on this device: a vibration cue plays as tones instead.';
