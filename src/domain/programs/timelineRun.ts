/**
 * A run through a timeline (pure): the session clock plus the measured length of every step
 * a tap ended, and where the session is. Step i starts at `startedAt + pausedTotal + the sum
 * of the lengths of steps 0..i-1` (./timeline builds the steps).
 */
import {
  alignClock,
  activeElapsedMs,
  pauseClock,
  resumeClock,
  startClock,
  type ClockState,
} from '../breathClock';
import type { Step, Timeline } from './timeline';

export interface RunState {
  clock: ClockState;
  /** Measured ms of steps a tap ended (holds ended early, retentions), by step index. */
  endedMs: Readonly<Record<number, number>>;
}

export function startRun(now: number): RunState {
  return { clock: startClock(now), endedMs: {} };
}

/** The length a step counts for: measured when a tap ended it, else planned (null: still open). */
export function stepLengthMs(t: Timeline, run: RunState, i: number): number | null {
  return run.endedMs[i] ?? t.steps[i]!.plannedMs;
}

/**
 * Active-time offsets at which each step starts, plus the end at index `steps.length`.
 * Past an open retention that has not ended, the offsets are unknown (Infinity).
 */
export function stepOffsets(t: Timeline, run: RunState): number[] {
  const out = [0];
  let at = 0;
  for (let i = 0; i < t.steps.length; i++) {
    const len = stepLengthMs(t, run, i);
    at = len === null || !Number.isFinite(at) ? Number.POSITIVE_INFINITY : at + len;
    out.push(at);
  }
  return out;
}

export interface RunPosition {
  /** Active ms since the start, pauses excluded. */
  elapsedMs: number;
  /** Index of the current step; steps.length once the program is over. */
  stepIndex: number;
  step: Step | null;
  stepStartMs: number;
  stepElapsedMs: number;
  /** Null during an open retention. */
  stepLengthMs: number | null;
  stepRemainingMs: number | null;
  /** 0..1 through a timed step; 0 in a retention. */
  stepProgress: number;
  /** Breath cycles completed so far over the program. */
  completedCycles: number;
  done: boolean;
}

/** Where the run is after `elapsedMs` of active time. */
export function positionAtElapsed(t: Timeline, run: RunState, elapsedMs: number): RunPosition {
  const elapsed = Number.isFinite(elapsedMs) && elapsedMs > 0 ? elapsedMs : 0;
  const offsets = stepOffsets(t, run);
  const n = t.steps.length;
  // Last step whose start is <= elapsed (binary search; offsets are non-decreasing).
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= elapsed) lo = mid;
    else hi = mid - 1;
  }
  // Zero-length steps (a hold ended at once) are passed over.
  let i = lo;
  while (i < n && offsets[i + 1]! <= elapsed) i++;
  const completedCycles = completedCyclesBefore(t, i);
  if (i >= n) {
    return {
      elapsedMs: elapsed,
      stepIndex: n,
      step: null,
      stepStartMs: offsets[n]!,
      stepElapsedMs: 0,
      stepLengthMs: 0,
      stepRemainingMs: 0,
      stepProgress: 1,
      completedCycles,
      done: true,
    };
  }
  const start = offsets[i]!;
  const len = stepLengthMs(t, run, i);
  const stepElapsedMs = elapsed - start;
  return {
    elapsedMs: elapsed,
    stepIndex: i,
    step: t.steps[i]!,
    stepStartMs: start,
    stepElapsedMs,
    stepLengthMs: len,
    stepRemainingMs: len === null ? null : len - stepElapsedMs,
    stepProgress: len ? stepElapsedMs / len : 0,
    completedCycles,
    done: false,
  };
}

/** Breath cycles completed before step i starts. */
function completedCyclesBefore(t: Timeline, i: number): number {
  for (let j = Math.min(i, t.steps.length) - 1; j >= 0; j--) {
    const s = t.steps[j]!;
    if (s.programCycle >= 0) return s.endsCycle ? s.programCycle + 1 : s.programCycle;
  }
  return 0;
}

export function runPosition(t: Timeline, run: RunState, now: number): RunPosition {
  return positionAtElapsed(t, run, activeElapsedMs(run.clock, now));
}

export function pauseRun(run: RunState, now: number): RunState {
  return { ...run, clock: pauseClock(run.clock, now) };
}

export function resumeRun(run: RunState, now: number): RunState {
  return { ...run, clock: resumeClock(run.clock, now) };
}

/**
 * A tap: ends the current step at `now` when a tap may end it (a hold with endsOnTap, a
 * retention), recording its measured length. Otherwise the run is unchanged.
 */
export function endStepByTap(t: Timeline, run: RunState, now: number): RunState {
  if (run.clock.pausedAt !== null) return run;
  const pos = runPosition(t, run, now);
  if (pos.done || !pos.step?.endsOnTap) return run;
  return { ...run, endedMs: { ...run.endedMs, [pos.stepIndex]: pos.stepElapsedMs } };
}

/**
 * Moves the start so that the active elapsed time at `now` reads `elapsedMs` (the guide
 * follows the audio track's clock: when the audio is behind or ahead, the start moves by
 * the difference). Boundaries stay start + sum of durations + paused time.
 */
export function alignRun(run: RunState, now: number, elapsedMs: number): RunState {
  const clock = alignClock(run.clock, now, elapsedMs);
  return clock === run.clock ? run : { ...run, clock };
}

/** Measured lengths of the retention steps that ended, in order (round 1, 2, ...). */
export function retentionTimesMs(t: Timeline, run: RunState): number[] {
  const out: number[] = [];
  t.steps.forEach((s, i) => {
    if (s.kind === 'retention' && run.endedMs[i] !== undefined) out.push(run.endedMs[i]!);
  });
  return out;
}

export interface HoldResult {
  /** 1-based number among the program's timed holds. */
  number: number;
  plannedMs: number;
  heldMs: number;
  endedEarly: boolean;
}

/** Timed holds passed so far (up to active `elapsedMs`), with what was held. */
export function holdResults(t: Timeline, run: RunState, elapsedMs: number): HoldResult[] {
  const offsets = stepOffsets(t, run);
  const out: HoldResult[] = [];
  let number = 0;
  t.steps.forEach((s, i) => {
    if (s.plannedMs === null || (s.kind !== 'hold' && s.kind !== 'pause') || s.cycle >= 0) return;
    number++;
    if (offsets[i + 1]! > elapsedMs && run.endedMs[i] === undefined) return;
    const heldMs = stepLengthMs(t, run, i)!;
    out.push({ number, plannedMs: s.plannedMs, heldMs, endedEarly: heldMs < s.plannedMs });
  });
  return out;
}
