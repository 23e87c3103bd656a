/**
 * A program's timeline (pure): the program expanded into steps, and where a session is in
 * it. Drift is zero by construction, as in the breath clock (../breathClock):
 *
 *   step i starts (active time) = sum of the durations of steps 0..i-1
 *   step i starts (wall time)   = startedAt + pausedTotal + that sum
 *
 * A step's duration is its planned whole milliseconds, or, for a hold ended by a tap and
 * for an open retention, the measured milliseconds at the tap (`RunState.endedMs`). Nothing
 * is counted by ticks; a late tick only finds the same answer later.
 */
import {
  alignClock,
  activeElapsedMs,
  pauseClock,
  resumeClock,
  startClock,
  type ClockState,
} from '../breathClock';
import type { BreatheSegment, PhaseTiming, Program, Segment, StepKind } from './programTypes';

interface Step {
  kind: StepKind;
  /** Planned whole ms; null for an open retention (a stopwatch). */
  plannedMs: number | null;
  segmentIndex: number;
  /** Cycle number inside its breathe segment (0-based); -1 for holds, retentions and rests. */
  cycle: number;
  /** Cycle number over the whole program (0-based); -1 outside breathe segments. */
  programCycle: number;
  /** True on the last phase of a cycle (its end completes the cycle). */
  endsCycle: boolean;
  /** A tap ends it: a hold with endsOnTap, and every retention. */
  endsOnTap: boolean;
  /** Retention round number (1-based) for retention steps, else 0. */
  round: number;
}

export interface Timeline {
  steps: readonly Step[];
  /** Breath cycles the program plans. */
  totalCycles: number;
  /** Retention steps (their lengths are recorded). */
  retentions: number;
}

const msOf = (seconds: number): number => Math.round(seconds * 1000);

/** One phase's whole ms after `steps` rises of the segment's ramp (rising stops at the cap). */
function phaseMs(seg: BreatheSegment, p: PhaseTiming, steps: number): number {
  const base = msOf(p.seconds);
  if (!seg.ramp || steps === 0) return base;
  const grown = base + steps * msOf(seg.ramp.stepSeconds);
  const cap = msOf(seg.ramp.maxSeconds);
  // A phase already past the cap stays as it was.
  return seg.ramp.stepSeconds >= 0
    ? Math.max(base, Math.min(grown, cap))
    : Math.min(base, Math.max(grown, cap));
}

const rampSteps = (seg: BreatheSegment, c: number) =>
  seg.ramp ? Math.floor(c / seg.ramp.everyCycles) : 0;

/** The phases of cycle `c` of a breathe segment in whole ms (the ramp applied). */
function cyclePhasesMs(
  seg: BreatheSegment,
  c: number,
): { phase: PhaseTiming['phase']; ms: number }[] {
  const steps = rampSteps(seg, c);
  return seg.phases.map((p) => ({ phase: p.phase, ms: phaseMs(seg, p, steps) }));
}

/** Cycle `c`'s whole ms, without building its phases. */
function cycleMsOf(seg: BreatheSegment, c: number): number {
  const steps = rampSteps(seg, c);
  let sum = 0;
  for (const p of seg.phases) sum += phaseMs(seg, p, steps);
  return sum;
}

/**
 * Ms of the phases after the last exhale of cycle `c` (a hold on empty lungs): what a timed
 * segment's last cycle leaves out, so a time limit ends on the end of an exhale, never
 * mid-breath (issue #47, item 5). 0 when the cycle ends on its exhale.
 */
function tailMsOf(seg: BreatheSegment, c: number): number {
  const last = lastExhaleIndex(seg);
  if (last < 0) return 0;
  const steps = rampSteps(seg, c);
  let sum = 0;
  for (let i = last + 1; i < seg.phases.length; i++) sum += phaseMs(seg, seg.phases[i]!, steps);
  return sum;
}

/** Index of a breathe segment's last exhale (-1 if it has none: the schema refuses that). */
const lastExhaleIndex = (seg: BreatheSegment): number =>
  seg.phases.map((p) => p.phase).lastIndexOf('exhale');

/**
 * A breathe segment's cycles and their planned whole ms, counted without expanding it. A
 * segment of N cycles runs them whole. A timed segment (N seconds) ends at the end of an
 * exhale: as many breaths as end within its seconds (at least one), the last without the
 * hold on empty lungs after its exhale (`tailMs`, already taken out of `ms`). Without a ramp
 * every cycle is alike: arithmetic. With one, cycle by cycle, but never past `stopAfterMs`
 * (then the answer is only known to be over it), so a hostile segment costs at most as many
 * cycles as fit in that time.
 */
function breatheLength(
  seg: BreatheSegment,
  stopAfterMs: number,
): { cycles: number; ms: number; tailMs: number } {
  const timed = seg.cycles === undefined;
  if (!seg.ramp) {
    const cycleMs = cycleMsOf(seg, 0);
    const tailMs = timed ? tailMsOf(seg, 0) : 0;
    const cycles =
      seg.cycles ??
      (cycleMs > 0 ? Math.max(1, Math.floor((msOf(seg.seconds ?? 0) + tailMs) / cycleMs)) : 1);
    return { cycles, ms: cycles * cycleMs - tailMs, tailMs };
  }
  const ramp = seg.ramp;
  const limit = timed ? msOf(seg.seconds ?? 0) : Number.POSITIVE_INFINITY;
  const tail = (c: number) => (timed ? tailMsOf(seg, c) : 0);
  let total = 0;
  let lastTail = 0;
  let c = 0;
  let previous = Number.NaN;
  for (;;) {
    if (!timed && c >= seg.cycles!) return { cycles: c, ms: total, tailMs: 0 };
    if (total > stopAfterMs) return { cycles: c, ms: total, tailMs: 0 };
    const next = cycleMsOf(seg, c);
    // Phases of at least 0.1 s (the schema's rule); a malformed segment ends here, not never.
    if (!(next > 0)) return { cycles: Math.max(c, 1), ms: Number.NaN, tailMs: 0 };
    const nextTail = tail(c);
    // A rise that no longer changes the cycle never will (every phase moves one way and has
    // stopped): the rest of the segment is like a segment without a ramp.
    if (c > 0 && c % ramp.everyCycles === 0 && next === previous) {
      if (!timed) {
        const left = seg.cycles! - c;
        return { cycles: c + left, ms: total + left * next, tailMs: 0 };
      }
      const left = Math.max(0, Math.floor((limit - total + nextTail) / next));
      return left === 0
        ? { cycles: c, ms: total - lastTail, tailMs: lastTail }
        : { cycles: c + left, ms: total + left * next - nextTail, tailMs: nextTail };
    }
    previous = next;
    // A timed segment runs as many breaths as end within its seconds, at least one.
    if (timed && c > 0 && total + next - nextTail > limit) {
      return { cycles: c, ms: total - lastTail, tailMs: lastTail };
    }
    total += next;
    lastTail = nextTail;
    c++;
  }
}

/** Cycles a breathe segment runs: its count, or as many breaths as end within its seconds (at least one). */
export function segmentCycles(seg: BreatheSegment): number {
  return breatheLength(seg, Number.POSITIVE_INFINITY).cycles;
}

/**
 * Planned active ms of a program, open retentions counted as 0: what summing the planned steps of its
 * timeline says, without building the timeline. Past `stopAfterMs` it stops counting and answers
 * a number over it, so checking a limit costs at most that much of the program (the schema's
 * 2-hour check: a hostile program is refused before anything is expanded; issue 42, item 2).
 */
export function plannedProgramMs(
  program: Pick<Program, 'segments'>,
  stopAfterMs = Number.POSITIVE_INFINITY,
): number {
  let total = 0;
  for (const seg of program.segments) {
    if (total > stopAfterMs) return total;
    if (seg.kind === 'breathe') total += breatheLength(seg, stopAfterMs - total).ms;
    else if (seg.kind === 'hold' || seg.kind === 'rest') total += msOf(seg.seconds);
  }
  return total;
}

/** Expands a program into its steps, in order. */
export function buildTimeline(program: Pick<Program, 'segments'>): Timeline {
  const steps: Step[] = [];
  let programCycle = 0;
  let retentions = 0;
  program.segments.forEach((seg: Segment, segmentIndex) => {
    const base = { segmentIndex, cycle: -1, programCycle: -1, endsCycle: false, round: 0 };
    switch (seg.kind) {
      case 'breathe': {
        const { cycles, tailMs } = breatheLength(seg, Number.POSITIVE_INFINITY);
        for (let c = 0; c < cycles; c++) {
          const all = cyclePhasesMs(seg, c);
          // A timed segment's last breath ends on its exhale (breatheLength's tailMs).
          const cut = c === cycles - 1 && tailMs > 0;
          const phases = cut ? all.slice(0, lastExhaleIndex(seg) + 1) : all;
          phases.forEach((p, i) =>
            steps.push({
              ...base,
              kind: p.phase,
              plannedMs: p.ms,
              cycle: c,
              programCycle,
              endsCycle: i === phases.length - 1,
              endsOnTap: false,
            }),
          );
          programCycle++;
        }
        break;
      }
      case 'hold':
        steps.push({
          ...base,
          kind: seg.lungs === 'full' ? 'hold' : 'pause',
          plannedMs: msOf(seg.seconds),
          endsOnTap: seg.endsOnTap,
        });
        break;
      case 'retention':
        retentions++;
        steps.push({
          ...base,
          kind: 'retention',
          plannedMs: null,
          endsOnTap: true,
          round: retentions,
        });
        break;
      case 'rest':
        steps.push({ ...base, kind: 'rest', plannedMs: msOf(seg.seconds), endsOnTap: false });
        break;
    }
  });
  return { steps, totalCycles: programCycle, retentions };
}

// ---------------------------------------------------------------------------------------
// A run: the session clock plus the measured length of every step a tap ended.

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
