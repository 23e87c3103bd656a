/**
 * The breathing guide's geometry (docs/product.md § Breath timing), pure: where the guide's
 * parts are at a position in the breath. The screen turns these numbers into CSS
 * transforms and opacity; nothing here knows about the DOM.
 *
 *   square  box-like patterns (four equal phases): a point travels around a square, one
 *           side per phase (up on the inhale, across on the hold, down on the exhale,
 *           back along the bottom on the hold after it), at a steady pace like a count.
 *   bloom   the other patterns: overlapping petals that open and turn as the lungs fill
 *           and close as they empty, with the breath's own easing (slow start and end).
 *   orb     fast patterns (a cycle under 6 s): one sphere, since petals turning twice a
 *           second would be restless.
 * Holds keep every shape still; their own countdown is a ring of dots that go out one
 * per second.
 */
import type { BreathPosition, BreathSchedule, PhaseName } from './breathClock';
import { MIN_BREATH_SCALE, breathScale } from './breathScale';
import type { PatternTimings } from './patterns';

export type GuideKind = 'square' | 'bloom' | 'orb';

/** Below this cycle length (seconds) a pattern gets the orb. */
const FAST_CYCLE_SECONDS = 6;

/** Which guide a pattern gets. */
export function guideKindFor(p: PatternTimings): GuideKind {
  const phases = [p.inhale, p.hold, p.exhale, p.hold_after_exhale];
  if (phases.every((s) => s > 0 && s === p.inhale)) return 'square';
  const cycle = phases.reduce((sum, s) => sum + s, 0);
  return cycle < FAST_CYCLE_SECONDS ? 'orb' : 'bloom';
}

const clamp01 = (t: number) => (Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0);

export interface Point {
  /** 0 (left) .. 1 (right). */
  x: number;
  /** 0 (top) .. 1 (bottom). */
  y: number;
}

/** The side of the square each phase travels, in breath order. */
const SQUARE_SIDE: Record<PhaseName, 0 | 1 | 2 | 3> = {
  inhale: 0,
  hold: 1,
  exhale: 2,
  pause: 3,
};

/** The square's corners in travel order: bottom-left, top-left, top-right, bottom-right. */
const CORNERS: readonly Point[] = [
  { x: 0, y: 1 },
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
];

/**
 * The travelling point on the unit square: side `side` runs from corner `side` to the
 * next one, at a steady pace (`progress` 0..1 is the share of the phase gone by).
 */
function squarePoint(side: 0 | 1 | 2 | 3, progress: number): Point {
  const from = CORNERS[side]!;
  const to = CORNERS[(side + 1) % 4]!;
  const t = clamp01(progress);
  return { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
}

interface SquareFrame {
  point: Point;
  side: 0 | 1 | 2 | 3;
  /** How much of each side is drawn this cycle (0..1): sides already travelled are full. */
  drawn: [number, number, number, number];
}

/** The square guide at a breath position. */
export function squareFrame(phase: PhaseName, progress: number): SquareFrame {
  const side = SQUARE_SIDE[phase];
  const t = clamp01(progress);
  const drawn = [0, 1, 2, 3].map((i) =>
    i < side ? 1 : i === side ? t : 0,
  ) as SquareFrame['drawn'];
  return { point: squarePoint(side, t), side, drawn };
}

/** Largest turn of the bloom, in degrees, at full lungs. */
export const BLOOM_TURN_DEG = 60;

export interface BloomFrame {
  /** Size of the whole shape (MIN_BREATH_SCALE .. 1), eased like a breath. */
  scale: number;
  /** How far the petals stand apart from the centre, 0 (closed) .. 1 (open). */
  openness: number;
  /** Turn of the whole bloom in degrees; it opens as it turns. */
  rotationDeg: number;
}

/** The bloom (and the orb, which uses `scale` only) at a breath position. */
export function bloomFrame(phase: PhaseName, progress: number): BloomFrame {
  const scale = breathScale(phase, clamp01(progress));
  const openness = (scale - MIN_BREATH_SCALE) / (1 - MIN_BREATH_SCALE);
  return { scale, openness, rotationDeg: openness * BLOOM_TURN_DEG };
}

/** Petals of the bloom, and where petal i points (degrees, 0 = up, clockwise). */
export const BLOOM_PETALS = 6;
export function petalAngle(i: number, petals = BLOOM_PETALS): number {
  return (360 / petals) * i;
}

/** At most this many dots in a hold's countdown ring (a longer hold lights one per share). */
export const MAX_HOLD_DOTS = 12;

export function isHold(phase: PhaseName): boolean {
  return phase === 'hold' || phase === 'pause';
}

/** How many dots a hold's countdown ring has: one per whole second, at most MAX_HOLD_DOTS. */
export function holdDotCount(phaseDurationMs: number): number {
  const seconds = Math.round(phaseDurationMs / 1000);
  return Math.max(1, Math.min(MAX_HOLD_DOTS, seconds));
}

/**
 * How many dots of the ring are still lit: all at the start of the hold, one going out at
 * each equal share of it, none at the end. Zero outside a hold.
 */
export function holdDotsLit(
  pos: Pick<BreathPosition, 'phase' | 'phaseDurationMs' | 'phaseElapsedMs'>,
): number {
  if (!isHold(pos.phase) || pos.phaseDurationMs <= 0) return 0;
  const dots = holdDotCount(pos.phaseDurationMs);
  const gone = Math.floor(clamp01(pos.phaseElapsedMs / pos.phaseDurationMs) * dots + 1e-9);
  return Math.max(0, dots - gone);
}

/**
 * Ms from `pos` until the screen's words or dots next change: the countdown's next whole
 * second, the hold's next dot, or the end of the phase, whichever comes first. The guide
 * sleeps until then (the shapes move on the compositor meanwhile).
 */
export function msUntilDisplayChange(
  pos: Pick<BreathPosition, 'phase' | 'phaseDurationMs' | 'phaseElapsedMs' | 'phaseRemainingMs'>,
): number {
  const remaining = Math.max(0, pos.phaseRemainingMs);
  const nextSecond = remaining - Math.floor((remaining - 1e-9) / 1000) * 1000;
  let next = Math.min(remaining, nextSecond);
  if (isHold(pos.phase) && pos.phaseDurationMs > 0) {
    const share = pos.phaseDurationMs / holdDotCount(pos.phaseDurationMs);
    const nextDot =
      (Math.floor(pos.phaseElapsedMs / share + 1e-9) + 1) * share - pos.phaseElapsedMs;
    next = Math.min(next, nextDot);
  }
  return Math.max(0, next);
}

/** `n + 1` evenly spaced progress points from 0 to 1, for keyframes of an eased phase. */
function progressSamples(n: number): number[] {
  const steps = Math.max(1, Math.floor(n));
  return Array.from({ length: steps + 1 }, (_, i) => i / steps);
}

/** A keyframe of a whole breath cycle: where in the cycle (0..1) and the guide's state there. */
export interface CycleKey<T> {
  offset: number;
  value: T;
}

/**
 * The guide through one whole cycle as keyframes, for an animation that repeats once per
 * cycle in step with the breath clock. Each phase contributes its start and end (equal
 * offsets at a boundary are allowed: a side that resets jumps there) and, when
 * `samples(phase)` > 1, evenly spaced points between, so straight pieces follow an eased
 * curve closely. Holds of a still shape need no points between: the state does not change.
 */
export function cycleKeyframes<T>(
  schedule: BreathSchedule,
  at: (phase: PhaseName, progress: number) => T,
  samples: (phase: PhaseName) => number,
): CycleKey<T>[] {
  const keys: CycleKey<T>[] = [];
  schedule.phases.forEach((phase, i) => {
    const start = schedule.cumulativeMs[i]!;
    for (const t of progressSamples(samples(phase.name)))
      keys.push({
        offset: (start + t * phase.durationMs) / schedule.cycleMs,
        value: at(phase.name, t),
      });
  });
  return keys;
}

/**
 * The words over the guide through one cycle, as steps for a strip of lines that jumps
 * from line to line (keyframes in pairs: a line holds from one change to the next, equal
 * offsets make the jump). `phaseLines`: line i names phase i of the schedule, all cycle
 * long. `countdownLines`: line k shows the number k + 1, the seconds left in the phase
 * (4, 3, 2, 1), changing at each whole second left, as the countdown does.
 */
export function phaseLineSteps(schedule: BreathSchedule): CycleKey<number>[] {
  return schedule.phases.flatMap((_, i) => [
    { offset: schedule.cumulativeMs[i]! / schedule.cycleMs, value: i },
    { offset: schedule.cumulativeMs[i + 1]! / schedule.cycleMs, value: i },
  ]);
}

export function countdownLineSteps(schedule: BreathSchedule): CycleKey<number>[] {
  const keys: CycleKey<number>[] = [];
  schedule.phases.forEach((phase, i) => {
    const start = schedule.cumulativeMs[i]!;
    const d = phase.durationMs;
    // Change points: where the whole seconds left drop (d - k * 1000 ms into the phase).
    const cuts = [0];
    for (let k = Math.ceil(d / 1000 - 1e-9) - 1; k >= 1; k--) cuts.push(d - k * 1000);
    cuts.push(d);
    for (let j = 0; j < cuts.length - 1; j++) {
      const shown = Math.ceil((d - cuts[j]!) / 1000 - 1e-9);
      keys.push({ offset: (start + cuts[j]!) / schedule.cycleMs, value: shown - 1 });
      keys.push({ offset: (start + cuts[j + 1]!) / schedule.cycleMs, value: shown - 1 });
    }
  });
  return keys;
}

/** How many countdown lines a schedule needs: the longest phase in whole seconds. */
export function countdownLineCount(schedule: BreathSchedule): number {
  return Math.max(1, ...schedule.phases.map((p) => Math.ceil(p.durationMs / 1000 - 1e-9)));
}
