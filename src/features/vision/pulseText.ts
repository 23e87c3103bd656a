import type { PulseReason } from '../../domain/heart/pulseTrace';

/** Why the camera's heart rate is not shown (docs/product.md § Heart and safety). */
export const PULSE_REASON_TEXT: Record<PulseReason, string> = {
  'no-face': 'No face in view',
  'too-short': 'Your face was not in view for 10 s in a row',
  'frame-rate-too-low': 'The camera gave fewer than 15 frames a second',
  'too-dark': 'Too dark: light your face',
  'weak-signal': "No clear pulse in your skin's color: keep still, in steady light",
  'methods-disagree': 'The two pulse methods disagreed',
};
