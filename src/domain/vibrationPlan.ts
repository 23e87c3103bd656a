/**
 * The vibration plan of a cue track (issue #47, item 4; docs/product.md § Sleep and sound),
 * pure: derived from the very plan the track's sound is rendered from (./programs/cueTrack),
 * so each pulse pattern falls on the same boundary as the step's tone and spoken name, for
 * every kind of session (a pattern's round, a program). A session vibrates `stepVibration` of
 * each step as its guide reaches the step's boundary (the guide follows the track's audio
 * clock, and keeps time alone where the audio cannot play): tests/support/vibrationPlan.ts
 * lays that out over a whole plan.
 */
import { PHASE_VIBRATION, VIBRATION_LONG_MS, VIBRATION_PULSE_MS } from './cueDesign';
import type { StepKind } from './programs/programTypes';

/**
 * Every step kind's pattern: the phases' (one pulse in, two out, a long one for a hold); the
 * top-up is an inhale, a shorter pulse; a retention is a hold; a rest starts with a breath
 * out after a hold, so it is felt as an exhale.
 */
const STEP_VIBRATION: Readonly<Record<StepKind, readonly number[]>> = Object.freeze({
  ...PHASE_VIBRATION,
  topup: [Math.round(VIBRATION_PULSE_MS / 2)],
  retention: [VIBRATION_LONG_MS],
  rest: PHASE_VIBRATION.exhale,
});

/** Never vibrate for more than this share of the step it marks. */
const MAX_SHARE_OF_STEP = 0.8;

/**
 * The pattern of a step of kind `kind` lasting `stepMs`, fitted inside it (a short phase
 * shortens the pulses in proportion, so a pattern never runs into the next step's and the
 * pulses stay countable). Infinity: the last step, nothing after it.
 */
export function stepVibration(kind: StepKind, stepMs: number): number[] {
  const pattern = STEP_VIBRATION[kind];
  const total = pattern.reduce((a, b) => a + b, 0);
  const room = stepMs * MAX_SHARE_OF_STEP;
  if (!(total > room)) return [...pattern];
  return pattern.map((ms) => Math.max(1, Math.floor((ms * room) / total)));
}
