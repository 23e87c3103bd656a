/**
 * Vibration at phase changes (docs/product.md § Breath timing): a distinct pattern per
 * phase where navigator.vibrate exists (src/domain/cueDesign.ts says which). The sounds
 * (tones, spoken phase names) are the cue track's (./cueTrackPlayer, ./usePatternCueTrack).
 */
import type { PhaseName } from '../../domain/breathClock';
import { PHASE_VIBRATION } from '../../domain/cueDesign';

export function vibrationAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function';
}

export function vibrateFor(phase: PhaseName): void {
  if (vibrationAvailable()) navigator.vibrate([...PHASE_VIBRATION[phase]]);
}
