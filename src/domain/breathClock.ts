/**
 * The breath clock (pure). Everything about "where are we in the breath" is computed
 * from the active elapsed time on a monotonic clock (performance.now() in the browser),
 * never by counting ticks, so drift is zero by construction:
 *
 *   boundary k (active time) = floor(k / n) * cycleMs + cumulative[k mod n]
 *   boundary k (wall time)   = startedAt + pausedTotal + boundary k (active time)
 *
 * Durations are whole milliseconds, so boundaries are exact integers. Pause keeps the
 * position inside the phase; paused time is not session time. Zero phases are skipped.
 */
import { timingsError, type PatternTimings } from './patterns';

/**
 * Breath-loop phases in order (docs/product.md § Breath timing): inhale, hold, exhale,
 * pause (hold after exhale).
 */
export type PhaseName = 'inhale' | 'hold' | 'exhale' | 'pause';

export const PHASE_LABELS: Record<PhaseName, string> = {
  inhale: 'Inhale',
  hold: 'Hold',
  exhale: 'Exhale',
  pause: 'Hold',
};

/** A longer hint for screen readers and the phase caption. */
export const PHASE_HINTS: Record<PhaseName, string> = {
  inhale: 'Breathe in',
  hold: 'Hold your breath',
  exhale: 'Breathe out',
  pause: 'Hold with empty lungs',
};

interface PhaseSpec {
  name: PhaseName;
  durationMs: number;
}

export interface BreathSchedule {
  /** Non-zero phases only, in breath order. */
  phases: readonly PhaseSpec[];
  /** Start offset of each phase inside a cycle, plus the cycle length at the end. */
  cumulativeMs: readonly number[];
  cycleMs: number;
}

/** Builds the cycle from four timings in seconds. Throws a clear error on bad timings. */
export function buildSchedule(p: PatternTimings): BreathSchedule {
  const error = timingsError(p);
  if (error) throw new Error(error);
  const all: PhaseSpec[] = [
    { name: 'inhale', durationMs: Math.round(p.inhale * 1000) },
    { name: 'hold', durationMs: Math.round(p.hold * 1000) },
    { name: 'exhale', durationMs: Math.round(p.exhale * 1000) },
    { name: 'pause', durationMs: Math.round(p.hold_after_exhale * 1000) },
  ];
  const phases = all.filter((ph) => ph.durationMs > 0);
  const cumulativeMs = [0];
  for (const ph of phases)
    cumulativeMs.push(cumulativeMs[cumulativeMs.length - 1]! + ph.durationMs);
  return { phases, cumulativeMs, cycleMs: cumulativeMs[cumulativeMs.length - 1]! };
}

/** Active-time offset (ms) at which boundary k starts; boundary 0 is the first inhale. */
export function boundaryOffsetMs(s: BreathSchedule, k: number): number {
  const n = s.phases.length;
  return Math.floor(k / n) * s.cycleMs + s.cumulativeMs[k % n]!;
}

export interface BreathPosition {
  /** Active elapsed ms this position was computed for (never negative). */
  elapsedMs: number;
  /** Zero-based index of the cycle in progress (= cycles completed so far). */
  cycleIndex: number;
  completedCycles: number;
  /** Index in schedule.phases. */
  phaseIndex: number;
  /** Running boundary number since the start (cycleIndex * phases + phaseIndex). */
  boundaryIndex: number;
  phase: PhaseName;
  phaseDurationMs: number;
  phaseElapsedMs: number;
  phaseRemainingMs: number;
  /** 0 at the start of the phase, approaching 1 at its end. */
  phaseProgress: number;
}

/** Where the breath is after `elapsedMs` of active time. */
export function positionAt(s: BreathSchedule, elapsedMs: number): BreathPosition {
  const t = Number.isFinite(elapsedMs) && elapsedMs > 0 ? elapsedMs : 0;
  const cycleIndex = Math.floor(t / s.cycleMs);
  const within = t - cycleIndex * s.cycleMs;
  let phaseIndex = 0;
  while (phaseIndex < s.phases.length - 1 && within >= s.cumulativeMs[phaseIndex + 1]!)
    phaseIndex++;
  const phase = s.phases[phaseIndex]!;
  const phaseElapsedMs = within - s.cumulativeMs[phaseIndex]!;
  return {
    elapsedMs: t,
    cycleIndex,
    completedCycles: cycleIndex,
    phaseIndex,
    boundaryIndex: cycleIndex * s.phases.length + phaseIndex,
    phase: phase.name,
    phaseDurationMs: phase.durationMs,
    phaseElapsedMs,
    phaseRemainingMs: phase.durationMs - phaseElapsedMs,
    phaseProgress: phaseElapsedMs / phase.durationMs,
  };
}

/** Whole seconds left in the phase, as a countdown shows them (4, 3, 2, 1). */
export function secondsLeft(pos: BreathPosition): number {
  return Math.max(1, Math.ceil(pos.phaseRemainingMs / 1000 - 1e-9));
}

/** Active ms a session of `cycles` cycles lasts. */
export function sessionLengthMs(s: BreathSchedule, cycles: number): number {
  return cycles * s.cycleMs;
}

// ---------------------------------------------------------------------------------------
// The session clock: monotonic start, pause and resume; paused time excluded.

export interface ClockState {
  /** Monotonic ms when the clock started, or null before start. */
  startedAt: number | null;
  /** Monotonic ms when the current pause began, or null while running. */
  pausedAt: number | null;
  /** Total ms spent in finished pauses. */
  pausedTotalMs: number;
  /** Number of pauses taken. */
  pauseCount: number;
}

export const IDLE_CLOCK: ClockState = Object.freeze({
  startedAt: null,
  pausedAt: null,
  pausedTotalMs: 0,
  pauseCount: 0,
});

export function startClock(now: number): ClockState {
  return { startedAt: now, pausedAt: null, pausedTotalMs: 0, pauseCount: 0 };
}

function isRunning(c: ClockState): boolean {
  return c.startedAt !== null && c.pausedAt === null;
}

/** Pausing a paused or idle clock changes nothing. */
export function pauseClock(c: ClockState, now: number): ClockState {
  if (!isRunning(c)) return c;
  return { ...c, pausedAt: Math.max(now, c.startedAt!), pauseCount: c.pauseCount + 1 };
}

/** Resuming a running or idle clock changes nothing. */
export function resumeClock(c: ClockState, now: number): ClockState {
  if (c.startedAt === null || c.pausedAt === null) return c;
  return { ...c, pausedAt: null, pausedTotalMs: c.pausedTotalMs + Math.max(0, now - c.pausedAt) };
}

/** Active (unpaused) ms since the start. */
export function activeElapsedMs(c: ClockState, now: number): number {
  if (c.startedAt === null) return 0;
  const end = c.pausedAt ?? now;
  return Math.max(0, end - c.startedAt - c.pausedTotalMs);
}

/**
 * The clock moved so its active time at `now` is `elapsedMs` (the guide follows the cue
 * track's audio clock). A paused or idle clock is left as it is.
 */
export function alignClock(c: ClockState, now: number, elapsedMs: number): ClockState {
  if (!isRunning(c)) return c;
  const delta = activeElapsedMs(c, now) - elapsedMs;
  return delta === 0 ? c : { ...c, startedAt: c.startedAt! + delta };
}

/**
 * Monotonic time at which the active elapsed time reaches `offsetMs`, assuming no further
 * pause. Null while idle or paused (the moment is not known yet).
 */
export function wallTimeAt(c: ClockState, offsetMs: number): number | null {
  if (!isRunning(c)) return null;
  return c.startedAt! + c.pausedTotalMs + offsetMs;
}
