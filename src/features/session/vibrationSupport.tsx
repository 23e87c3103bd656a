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

/**
 * The note that says vibration is not available on this device, for the places where
 * vibration is chosen (the session's 'Sound and display' and the settings screen);
 * renders nothing where the device can vibrate.
 */
export function VibrationSupportNote({ className }: { className?: string }) {
  const canVibrate = useVibrationSupport();
  if (canVibrate) return null;
  return (
    <p className={className ?? 'field__hint'} data-testid="vibration-unavailable">
      {VIBRATION_UNAVAILABLE_TEXT}
    </p>
  );
}
