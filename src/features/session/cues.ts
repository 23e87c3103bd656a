/**
 * Vibration at step changes (docs/product.md § Sleep and sound): one pulse in, two out, a long
 * one on a hold (src/domain/vibrationPlan.ts), where navigator.vibrate exists. A session
 * calls it as its guide reaches a boundary (the guide follows the cue track's audio clock).
 * The sounds (tones, spoken phase names) are the cue track's (./cueTrackPlayer).
 */
import type { StepKind } from '../../domain/programs/programTypes';
import { stepVibration } from '../../domain/vibrationPlan';

export function vibrationAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function';
}

/** Vibrates the pattern of a step of kind `kind` lasting `stepMs`. */
export function vibrateStep(kind: StepKind, stepMs: number): void {
  if (vibrationAvailable()) navigator.vibrate(stepVibration(kind, stepMs));
}
