/**
 * A program's timeline (pure): the program expanded into steps, and where a session is in
 * it. Drift is zero by construction, as in the breath clock (../breathClock):
 *
 *   step i starts (active time) = sum of the durations of steps 0..i-1
 *   step i starts (wall time)   = startedAt + pausedTotal + that sum
 *
 * A step's duration is its planned whole milliseconds, or, for a hold ended by a tap and
 * for an open retention, the measured milliseconds at the tap (a run's `endedMs`: see
 * ./timelineRun, where a session is in a timeline). Nothing is counted by ticks; a late tick
 * only finds the same answer later.
 */
import type { BreatheSegment, PhaseTiming, Program, Segment, StepKind } from './programTypes';

export interface Step {
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

/** The segment's gradual slowing, unless it has a ramp (then the ramp alone). */
const slowOf = (seg: BreatheSegment) => (seg.ramp ? undefined : seg.slow);

/**
 * The whole ms of each phase of cycle `c` (the ramp or the slowing applied). Slowing: with
 * T0 the first cycle's ms, T1 = 60000 / toPerMinute and t = c / (overCycles - 1) at most 1,
 * cycle c aims at T0 + (T1 - T0) t and every phase is scaled by that over T0, rounded to a
 * whole ms (so a phase never shrinks from one cycle to the next while slowing).
 */
function phaseMsList(seg: BreatheSegment, c: number): number[] {
  const steps = rampSteps(seg, c);
  const list = seg.phases.map((p) => phaseMs(seg, p, steps));
  const slow = slowOf(seg);
  if (!slow || c === 0) return list;
  const first = list.reduce((a, b) => a + b, 0);
  const target = 60_000 / slow.toPerMinute;
  const t = slow.overCycles > 1 ? Math.min(1, c / (slow.overCycles - 1)) : 1;
  const scale = first > 0 && Number.isFinite(target) ? (first + (target - first) * t) / first : 1;
  return list.map((ms) => Math.round(ms * scale));
}

/** The phases of cycle `c` of a breathe segment in whole ms (the ramp or slowing applied). */
function cyclePhasesMs(
  seg: BreatheSegment,
  c: number,
): { phase: PhaseTiming['phase']; ms: number }[] {
  const list = phaseMsList(seg, c);
  return seg.phases.map((p, i) => ({ phase: p.phase, ms: list[i]! }));
}

/** Cycle `c`'s whole ms, without building its phases. */
function cycleMsOf(seg: BreatheSegment, c: number): number {
  return phaseMsList(seg, c).reduce((a, b) => a + b, 0);
}

/**
 * Ms of the phases after the last exhale of cycle `c` (a hold on empty lungs): what a timed
 * segment's last cycle leaves out, so a time limit ends on the end of an exhale, never
 * mid-breath (issue #47, item 5). 0 when the cycle ends on its exhale.
 */
function tailMsOf(seg: BreatheSegment, c: number): number {
  const last = lastExhaleIndex(seg);
  if (last < 0) return 0;
  const list = phaseMsList(seg, c);
  let sum = 0;
  for (let i = last + 1; i < list.length; i++) sum += list[i]!;
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
 * or slowing every cycle is alike: arithmetic. With one, cycle by cycle (a slowing segment
 * until its cycles are all alike, from `overCycles - 1` on), but never past `stopAfterMs`
 * (then the answer is only known to be over it), so a hostile segment costs at most as many
 * cycles as fit in that time.
 */
function breatheLength(
  seg: BreatheSegment,
  stopAfterMs: number,
): { cycles: number; ms: number; tailMs: number } {
  const timed = seg.cycles === undefined;
  const slow = slowOf(seg);
  if (!seg.ramp && !slow) {
    const cycleMs = cycleMsOf(seg, 0);
    const tailMs = timed ? tailMsOf(seg, 0) : 0;
    const cycles =
      seg.cycles ??
      (cycleMs > 0 ? Math.max(1, Math.floor((msOf(seg.seconds ?? 0) + tailMs) / cycleMs)) : 1);
    return { cycles, ms: cycles * cycleMs - tailMs, tailMs };
  }
  // From here on the cycle no longer changes: a ramp's rise that changed nothing (every phase
  // moves one way and has stopped), or a slowing past its last step.
  const settled = (c: number, next: number, previous: number) =>
    c > 0 &&
    next === previous &&
    (seg.ramp ? c % seg.ramp.everyCycles === 0 : c >= Math.max(1, slow!.overCycles - 1));
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
    // The rest of the segment is like a segment without a ramp.
    if (settled(c, next, previous)) {
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
