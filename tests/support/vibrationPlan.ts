/**
 * What a session vibrates over a whole cue-track plan: `stepVibration` (the app's rule,
 * src/domain/vibrationPlan.ts) of each step, at the step tone's onset, lasting until the next
 * step. The app applies the rule step by step as its guide enters each step; the tests lay it
 * out over every pattern's and program's plan at once.
 */
import type { CueTrackPlan } from '../../src/domain/programs/cueTrack';
import type { StepKind } from '../../src/domain/programs/programTypes';
import { stepVibration } from '../../src/domain/vibrationPlan';

export interface PlannedVibration {
  /** Ms from the start of the track: the step's boundary (its tone's onset). */
  atMs: number;
  stepIndex: number;
  kind: StepKind;
  /** ms on, off, on, ... (navigator.vibrate's pattern). */
  pattern: number[];
}

/** One vibration per step boundary of the plan, in order, at the step tone's onset. */
export function vibrationPlan(plan: CueTrackPlan): PlannedVibration[] {
  const steps = plan.cues.filter(
    (c): c is typeof c & { kind: StepKind } => c.stepIndex >= 0 && c.kind !== undefined,
  );
  return steps.map((c, n) => {
    const next = steps[n + 1];
    const stepMs = next ? next.atMs - c.atMs : Number.POSITIVE_INFINITY;
    return {
      atMs: c.atMs,
      stepIndex: c.stepIndex,
      kind: c.kind,
      pattern: stepVibration(c.kind, stepMs),
    };
  });
}

/** The number of pulses in a pattern (its 'on' entries). */
export const pulseCount = (pattern: readonly number[]): number =>
  pattern.filter((_, i) => i % 2 === 0).length;
